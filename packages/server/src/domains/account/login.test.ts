import { describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startServer } from '../../test/harness.js';

describe('sign-in', async () => {
  const parley = await startServer();

  it('signs the demo administrator in and the token opens the profile', async () => {
    const token = await login(parley);
    const profile = await call(parley, 'GET', 'e/enterprise/profile/', { token });
    expect(profile.code).toBe(100);
    expect(profile.data.emailId).toBe('admin@parley.dev');
    expect(profile.data.enterpriseName).toBe('Demo');
    expect(profile.data.permissions).toContain('USERS.ADD');
  });

  it('refuses a wrong password with the same message whether or not the account exists', async () => {
    const wrong = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', {
      form: { email: 'agent@parley.dev', password: 'not-it', captcha: 'x', captchaId: 'x' },
    });
    const unknown = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', {
      form: { email: 'nobody@parley.dev', password: 'not-it', captcha: 'x', captchaId: 'x' },
    });
    expect(wrong).toMatchObject({ httpStatus: 401, status: false, code: 1401, message: 'Invalid email or password' });
    expect(unknown.message).toBe(wrong.message);
    expect(wrong.login_required).toBeUndefined();
  });

  it('answers bad input with the spec messages per field', async () => {
    const res = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', { form: { email: 'not-an-email', password: '' } });
    expect(res.code).toBe(1400);
    expect(res.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'password', message: 'This field is mandatory.' },
        { field: 'captcha', message: 'Please enter captcha.' },
      ]),
    );
  });

  it('accepts JSON bodies as well as form bodies', async () => {
    const res = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', {
      json: { email: 'viewer@parley.dev', password: DEMO_PASSWORD, captcha: 'x', captchaId: 'x' },
    });
    expect(res.status).toBe(true);
    expect(res.data.user.roles).toEqual([6]);
  });
});
