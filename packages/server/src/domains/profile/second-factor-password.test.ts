import * as OTPAuth from 'otpauth';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema.js';
import { call, DEMO_PASSWORD, login, startServer } from '../../test/harness.js';

const totpCode = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
const missing = [{ field: 'password', message: 'This field is mandatory.' }];
const wrong = [{ field: 'password', message: 'Your current password is not correct' }];

describe('changing the password, the second factor or the recovery codes needs the current password', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const userRow = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;
  const subjects = async (to: string) =>
    (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt))).map((m) => m.subject);
  const lastMail = async (to: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt))).at(-1)!;
  const SECOND_FACTOR_CHANGED = 'Your Parley second factor was changed';

  it('turns mail codes on and off only with the password, and tells the owner each time', async () => {
    const email = 'agent@parley.dev';
    const token = await login(parley, email);
    const setEmail = (body: Record<string, string>) => call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth', { token, form: body });

    expect(await setEmail({ enable: 'true' })).toMatchObject({ code: 1400, errors: missing });
    expect(await setEmail({ enable: 'true', password: 'not-the-password' })).toMatchObject({ code: 1400, errors: wrong });
    expect((await userRow(email)).twoFactorEmail).toBe(false);
    expect(await subjects(email)).toEqual([]);

    expect((await setEmail({ enable: 'true', password: DEMO_PASSWORD })).data).toEqual({ email: true, totp: false });
    expect((await lastMail(email)).text).toMatch(/Security codes by mail were turned on .*\n\nIf this was you.*If it was not, reset your password/s);

    // Turning it off is just as protected; JSON bodies work like forms.
    const off = await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth', { token, json: { enable: false } });
    expect(off).toMatchObject({ code: 1400, errors: missing });
    expect((await userRow(email)).twoFactorEmail).toBe(true);
    const offWithPassword = await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth', { token, json: { enable: false, password: DEMO_PASSWORD } });
    expect(offWithPassword.data).toEqual({ email: false, totp: false });
    expect(await subjects(email)).toEqual([SECOND_FACTOR_CHANGED, SECOND_FACTOR_CHANGED]);
    expect((await lastMail(email)).text).toContain('turned off');
  });

  it('starts and confirms an authenticator app only with the password', async () => {
    const email = 'developer@parley.dev';
    const token = await login(parley, email);
    const enrol = (form?: Record<string, string>) => call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth/totp', { token, ...(form ? { form } : {}) });

    expect(await enrol()).toMatchObject({ code: 1400, errors: missing });
    expect(await enrol({ password: 'not-the-password' })).toMatchObject({ code: 1400, errors: wrong });
    expect((await userRow(email)).totpPending).toBeNull();

    const started = await enrol({ password: DEMO_PASSWORD });
    expect(started.code).toBe(100);
    expect(await subjects(email)).toEqual([SECOND_FACTOR_CHANGED]);
    expect((await lastMail(email)).text).toContain('Setting up a new authenticator app was started');

    const verify = (form: Record<string, string>) => call(parley, 'POST', 'e/enterprise/users/twoFactorAuth/totp/verify', { token, form });
    const code = totpCode(started.data.secret);
    expect(await verify({ securityCode: code })).toMatchObject({ code: 1400, errors: missing });
    expect(await verify({ securityCode: code, password: 'not-the-password' })).toMatchObject({ code: 1400, errors: wrong });
    expect((await userRow(email)).totpSecret).toBeNull();
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token })).data.twoFactor).toEqual({ email: false, totp: false });

    const verified = await verify({ securityCode: code, password: DEMO_PASSWORD });
    expect(verified.data.recoveryCodes).toHaveLength(10);
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token })).data.twoFactor).toEqual({ email: false, totp: true });
    expect(await subjects(email)).toEqual([SECOND_FACTOR_CHANGED, SECOND_FACTOR_CHANGED]);
    expect((await lastMail(email)).text).toContain('A new authenticator app was confirmed');
  });

  it('hands out new recovery codes, by GET with a query or by POST with a body, only with the password', async () => {
    const email = 'maker@parley.dev';
    const token = await login(parley, email);
    const started = await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth/totp', { token, form: { password: DEMO_PASSWORD } });
    await call(parley, 'POST', 'e/enterprise/users/twoFactorAuth/totp/verify', {
      token,
      form: { securityCode: totpCode(started.data.secret), password: DEMO_PASSWORD },
    });
    const sealedCodes = (await userRow(email)).recoveryCodes;
    const mailsBefore = (await subjects(email)).length;

    const path = 'e/enterprise/users/twoFactorAuth/recovery';
    expect(await call(parley, 'GET', path, { token })).toMatchObject({ code: 1400, errors: missing });
    expect(await call(parley, 'GET', path, { token, query: { password: 'not-the-password' } })).toMatchObject({ code: 1400, errors: wrong });
    expect(await call(parley, 'POST', path, { token, json: {} })).toMatchObject({ code: 1400, errors: missing });
    expect((await userRow(email)).recoveryCodes).toBe(sealedCodes);
    expect((await subjects(email)).length).toBe(mailsBefore);

    const byGet = await call(parley, 'GET', path, { token, query: { password: DEMO_PASSWORD } });
    expect(byGet.data.recoveryCodes).toHaveLength(10);
    const byPost = await call(parley, 'POST', path, { token, json: { password: DEMO_PASSWORD } });
    expect(byPost.data.recoveryCodes).toHaveLength(10);
    expect(byPost.data.recoveryCodes).not.toEqual(byGet.data.recoveryCodes);
    expect((await subjects(email)).slice(mailsBefore)).toEqual([SECOND_FACTOR_CHANGED, SECOND_FACTOR_CHANGED]);
    expect((await lastMail(email)).text).toContain('the old ones no longer work');

    // Turning the second factor off was already guarded; it now also tells the owner.
    expect(await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth/recovery/disable', { token, form: {} })).toMatchObject({ code: 1400, errors: missing });
    expect((await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth/recovery/disable', { token, form: { password: DEMO_PASSWORD } })).data).toEqual({
      email: false,
      totp: false,
    });
    expect((await lastMail(email)).text).toContain('Two-factor authentication was turned off');
  });

  it('tells the owner when the password was changed', async () => {
    const email = 'viewer@parley.dev';
    const token = await login(parley, email);
    const change = { password: 'viewer-new-pass', confirmPassword: 'viewer-new-pass' };
    const refused = await call(parley, 'PUT', 'e/enterprise/change_password', { token, form: { ...change, oldPassword: 'nope' } });
    expect(refused).toMatchObject({ code: 1400, errors: [{ field: 'oldPassword', message: 'Your current password is not correct' }] });
    expect(await subjects(email)).toEqual([]);
    expect((await call(parley, 'PUT', 'e/enterprise/change_password', { token, form: { ...change, oldPassword: DEMO_PASSWORD } })).code).toBe(100);
    expect(await subjects(email)).toEqual(['Your Parley password was changed']);
    expect((await lastMail(email)).text).toMatch(/password of your account was changed .*reset your password now at http:\/\/parley\.test\/forgot-password/s);
  });

  it('counts wrong passwords toward the sign-in lock, so a stolen session cannot guess the password', async () => {
    const email = 'checker@parley.dev';
    const token = await login(parley, email);
    for (let i = 0; i < 5; i++) {
      expect((await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth/totp', { token, form: { password: `guess-${i}` } })).code).toBe(1400);
    }
    const locked = await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth/totp', { token, form: { password: DEMO_PASSWORD } });
    expect(locked).toMatchObject({ httpStatus: 429, code: 1429 });
    expect((await userRow(email)).totpPending).toBeNull();
    const signIn = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', {
      form: { email, password: DEMO_PASSWORD, captcha: 'x', captchaId: 'x' },
    });
    expect(signIn.code).toBe(1429);
  });
});
