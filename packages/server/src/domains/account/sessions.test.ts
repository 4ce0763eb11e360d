import { describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startServer } from '../../test/harness.js';

const loginForm = (email: string, password: string, extra: Record<string, string> = {}) => ({
  form: { email, password, captcha: 'x', captchaId: 'x', ...extra },
});

describe('sessions and brute force', async () => {
  const parley = await startServer();

  it('removeExistingSession ends the other sessions of the user', async () => {
    const first = await login(parley, 'developer@parley.dev');
    const second = await call(
      parley,
      'POST',
      'account/enterprise/login/twoFactorAuth',
      loginForm('developer@parley.dev', DEMO_PASSWORD, { removeExistingSession: 'true' }),
    );
    const old = await call(parley, 'GET', 'e/enterprise/profile/', { token: first });
    expect(old).toMatchObject({ httpStatus: 401, code: 1401, login_required: true });
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token: second.data.token })).code).toBe(100);
  });

  it('logout revokes the token; an unknown token asks for login', async () => {
    const token = await login(parley, 'checker@parley.dev');
    const other = await login(parley, 'checker@parley.dev');
    expect((await call(parley, 'GET', 'account/logout', { token })).code).toBe(100);
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token })).login_required).toBe(true);
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token: other })).code).toBe(100);
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token: 'garbage' })).login_required).toBe(true);
  });

  it('locks an account after five failures, even for the right password, and leaves others alone', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', loginForm('maker@parley.dev', 'wrong-password'));
      expect(res.code).toBe(1401);
    }
    const locked = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', loginForm('maker@parley.dev', DEMO_PASSWORD));
    expect(locked).toMatchObject({ httpStatus: 429, code: 1429, message: 'Too many failed attempts. Please try again in a few minutes.' });
    expect(await login(parley, 'agent@parley.dev')).toBeTruthy();
  });

  it('locks an IP after twenty failures across accounts', async () => {
    const fresh = await startServer();
    const ip = { headers: { 'x-forwarded-for': '203.0.113.9' } };
    for (let i = 0; i < 20; i++) {
      await call(fresh, 'POST', 'account/enterprise/login/twoFactorAuth', { ...loginForm(`nobody${i}@parley.dev`, 'x'), ...ip });
    }
    const res = await call(fresh, 'POST', 'account/enterprise/login/twoFactorAuth', { ...loginForm('admin@parley.dev', DEMO_PASSWORD), ...ip });
    expect(res.code).toBe(1429);
    const elsewhere = await call(fresh, 'POST', 'account/enterprise/login/twoFactorAuth', {
      ...loginForm('admin@parley.dev', DEMO_PASSWORD),
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(elsewhere.code).toBe(100);
  });
});
