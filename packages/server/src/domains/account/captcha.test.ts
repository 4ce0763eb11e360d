import { describe, expect, it } from 'vitest';
import { captchas } from '../../db/schema.js';
import { call, DEMO_PASSWORD, startServer } from '../../test/harness.js';
import { sha256 } from './secrets.js';

describe('captcha (checking on)', async () => {
  const parley = await startServer({ captcha: true });
  const known = async (answer: string, ttlMs = 60_000) => {
    const [row] = await parley.database.db
      .insert(captchas)
      .values({ answerHash: sha256(answer), expiresAt: new Date(Date.now() + ttlMs) })
      .returning();
    return row!.id;
  };
  const signIn = (captchaId: string, captcha: string) =>
    call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', { form: { email: 'admin@parley.dev', password: DEMO_PASSWORD, captchaId, captcha } });

  it('hands out an image and an id', async () => {
    const res = await call(parley, 'GET', 'account/captcha/generate', { query: { requestFrom: 'forgetPassword' } });
    expect(res.data.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.data.captcha.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(res.data.captchaId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a wrong answer with the field message, accepts the right one case-insensitively', async () => {
    const wrong = await signIn(await known('abcde'), 'zzzzz');
    expect(wrong.errors).toEqual([{ field: 'captcha', message: 'Invalid captcha. Please try again.' }]);
    expect((await signIn(await known('abcde'), 'ABCDE')).code).toBe(100);
  });

  it('is spent by its first use, and expires', async () => {
    const id = await known('qwert');
    await signIn(id, 'wrong');
    expect((await signIn(id, 'qwert')).errors?.[0]?.field).toBe('captcha');
    expect((await signIn(await known('yuiop', -1000), 'yuiop')).errors?.[0]?.field).toBe('captcha');
  });

  it('protects password recovery too', async () => {
    const res = await call(parley, 'POST', 'account/enterprise/recover', {
      form: { emailId: 'admin@parley.dev', captchaId: await known('aaaaa'), captcha: 'bbbbb' },
    });
    expect(res.message).toBe('Invalid captcha. Please try again.');
  });
});
