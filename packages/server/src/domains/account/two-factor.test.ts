import * as OTPAuth from 'otpauth';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { call, DEMO_PASSWORD, login, startServer } from '../../test/harness.js';

const totpCode = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

describe('second factor', async () => {
  // Reads mailed links as a developer would, from the open loopback mailbox.
  const parley = await startServer({ devMailbox: true });
  const startLogin = (email: string) =>
    call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', { form: { email, password: DEMO_PASSWORD, captcha: 'x', captchaId: 'x' } });
  const verify = (id: string, securityCode: string, authType: string) =>
    call(parley, 'POST', 'account/enterprise/login/twoFactorAuth/verifyCode', { form: { id, securityCode, authType } });
  const mailedCode = async (to: string) => {
    const mails = await call(parley, 'GET', 'dev/mailbox', { query: { to } });
    return /security code is (\d{6})/.exec(mails.data[0].text)![1]!;
  };

  it('by mail: a challenge instead of a token, the mailed code signs in, resend replaces it', async () => {
    const token = await login(parley, 'developer@parley.dev');
    expect((await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth', { token, form: { enable: 'true', password: DEMO_PASSWORD } })).data).toEqual({
      email: true,
      totp: false,
    });
    const challenge = await startLogin('developer@parley.dev');
    expect(challenge.data).toMatchObject({ twoFactorRequired: true, authType: 'email' });
    expect(challenge.data.token).toBeUndefined();
    const first = await mailedCode('developer@parley.dev');
    expect((await verify(challenge.data.id, '000000' === first ? '111111' : '000000', 'email')).message).toBe('Invalid security code');
    await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth/resendAuthMail', { form: { id: challenge.data.id } });
    const second = await mailedCode('developer@parley.dev');
    if (second !== first) expect((await verify(challenge.data.id, first, 'email')).code).toBe(1400);
    const done = await verify(challenge.data.id, second, 'email');
    expect(done.data.token).toBeTruthy();
    // A challenge is used once.
    expect((await verify(challenge.data.id, second, 'email')).code).toBe(1401);
  });

  it('by mail: more than five wrong codes end the challenge', async () => {
    const token = await login(parley, 'checker@parley.dev');
    await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth', { token, form: { enable: 'true', password: DEMO_PASSWORD } });
    const challenge = await startLogin('checker@parley.dev');
    const code = await mailedCode('checker@parley.dev');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await verify(challenge.data.id, wrong, 'email')).code).toBe(1400);
    expect((await verify(challenge.data.id, code, 'email')).code).toBe(1429);
  });

  it('by authenticator app: enrol, sign in with TOTP, recovery codes work once, disable with the password', async () => {
    const token = await login(parley, 'viewer@parley.dev');
    const enrol = await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth/totp', { token, form: { password: DEMO_PASSWORD } });
    expect(enrol.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Parley:viewer%40parley\.dev\?/);
    expect(
      (await call(parley, 'POST', 'e/enterprise/users/twoFactorAuth/totp/verify', { token, form: { securityCode: '12345', password: DEMO_PASSWORD } })).code,
    ).toBe(1400);
    const verified = await call(parley, 'POST', 'e/enterprise/users/twoFactorAuth/totp/verify', {
      token,
      form: { securityCode: totpCode(enrol.data.secret), password: DEMO_PASSWORD },
    });
    const recovery: string[] = verified.data.recoveryCodes;
    expect(new Set(recovery).size).toBe(10);

    const [row] = await parley.database.db.select().from(users).where(eq(users.email, 'viewer@parley.dev'));
    expect(row!.totpSecret).not.toContain(enrol.data.secret);

    const withTotp = await startLogin('viewer@parley.dev');
    expect(withTotp.data).toMatchObject({ twoFactorRequired: true, authType: 'totp' });
    expect((await verify(withTotp.data.id, totpCode(enrol.data.secret, -1), 'totp')).data.token).toBeTruthy();

    const withRecovery = await startLogin('viewer@parley.dev');
    expect((await verify(withRecovery.data.id, recovery[0]!, 'recovery')).data.token).toBeTruthy();
    const again = await startLogin('viewer@parley.dev');
    expect((await verify(again.data.id, recovery[0]!, 'recovery')).message).toBe('Invalid security code');

    const fresh = await call(parley, 'GET', 'e/enterprise/users/twoFactorAuth/recovery', { token, query: { password: DEMO_PASSWORD } });
    expect(fresh.data.recoveryCodes).toHaveLength(10);
    expect((await verify(again.data.id, recovery[1]!, 'recovery')).code).toBe(1400);
    expect((await verify(again.data.id, fresh.data.recoveryCodes[0], 'recovery')).data.token).toBeTruthy();

    expect((await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth/recovery/disable', { token, form: { password: 'nope' } })).code).toBe(1400);
    const off = await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth/recovery/disable', { token, form: { password: DEMO_PASSWORD } });
    expect(off.data).toEqual({ email: false, totp: false });
    expect((await startLogin('viewer@parley.dev')).data.token).toBeTruthy();
  });
});
