import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES } from '../../config.js';
import { call, login, startServer } from '../../test/harness.js';

const form = (emailId: string) => ({
  name: 'Nina North',
  emailId,
  password: 'north-password',
  confirmPassword: 'north-password',
  termsOfService: 'true',
  captcha: 'x',
  captchaId: 'x',
});

describe('sign-up and activation', async () => {
  // Reads mailed links as a developer would, from the open loopback mailbox.
  const parley = await startServer({ devMailbox: true });

  it('creates a new enterprise whose admin can sign in once the mailed link is opened', async () => {
    expect((await call(parley, 'GET', 'account/enterprise/isEmailUnique', { query: { emailId: 'nina@north.example' } })).data.unique).toBe(true);
    const res = await call(parley, 'POST', 'account/enterprise/signup', { form: form('nina@north.example') });
    expect(res.code).toBe(100);
    expect((await call(parley, 'GET', 'account/enterprise/isEmailUnique', { query: { emailId: 'NINA@north.example' } })).data.unique).toBe(false);

    const early = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', {
      form: { email: 'nina@north.example', password: 'north-password', captcha: 'x', captchaId: 'x' },
    });
    expect(early.message).toBe('Your account is not active. Please check your email to activate it.');

    const mail = (await call(parley, 'GET', 'dev/mailbox', { query: { to: 'nina@north.example' } })).data[0];
    const activationId = /signup-verify\/(\S+)/.exec(mail.text)![1]!;
    expect((await call(parley, 'POST', 'account/enterprise/activate', { form: { activationId } })).message).toBe(
      'Your account has been activated. Please sign in.',
    );
    expect((await call(parley, 'POST', 'account/enterprise/activate', { form: { activationId } })).code).toBe(1400);

    const profile = await call(parley, 'GET', 'e/enterprise/profile/', { token: await login(parley, 'nina@north.example', 'north-password') });
    expect(profile.data).toMatchObject({ enterpriseName: "Nina North's enterprise", roles: [1], isAdmin: true });
  });

  it('refuses a taken email and incomplete forms with the spec messages', async () => {
    const taken = await call(parley, 'POST', 'account/enterprise/signup', { form: form('admin@parley.dev') });
    expect(taken).toMatchObject({ code: 1409, message: 'This email is already registered' });
    const bad = await call(parley, 'POST', 'account/enterprise/signup', { form: { ...form('x@y.example'), name: '   ', termsOfService: 'false' } });
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'This field is mandatory.' },
        { field: 'termsOfService', message: 'This field is mandatory.' },
      ]),
    );
  });

  it('is closed while hideSignup is on', async () => {
    const closed = await startServer({ features: { ...DEFAULT_FEATURES, hideSignup: true } });
    const res = await call(closed, 'POST', 'account/enterprise/signup', { form: form('late@north.example') });
    expect(res).toMatchObject({ status: false, code: 1403, message: 'Access Denied' });
    expect((await call(closed, 'GET', 'app/config')).data.features.hideSignup).toBe(true);
  });
});
