import { describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startServer } from '../../test/harness.js';

describe('forgot and reset password', async () => {
  // Reads mailed links as a developer would, from the open loopback mailbox.
  const parley = await startServer({ devMailbox: true });
  const recover = (emailId: string) => call(parley, 'POST', 'account/enterprise/recover', { form: { emailId, captcha: 'x', captchaId: 'x' } });
  const resetLink = async (to: string) => {
    const mails = await call(parley, 'GET', 'dev/mailbox', { query: { to } });
    const link = new URL(/https?:\/\/\S+/.exec(mails.data[0].text)![0]);
    return Object.fromEntries(link.searchParams) as { uId: string; eId: string; resetCode: string };
  };

  it('answers the same for known and unknown emails, and mails only the known one', async () => {
    const known = await recover('agent@parley.dev');
    const unknown = await recover('ghost@parley.dev');
    expect(known.message).toBe('An email has been sent with instruction on how to reset the password.');
    expect({ ...unknown, httpStatus: known.httpStatus }).toEqual(known);
    expect((await call(parley, 'GET', 'dev/mailbox', { query: { to: 'ghost@parley.dev' } })).data).toEqual([]);
    const link = await resetLink('agent@parley.dev');
    expect(link.uId).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.resetCode.length).toBeGreaterThan(30);
  });

  it('changes the password from the mailed link, ends every session, and the link works once', async () => {
    const before = await login(parley, 'maker@parley.dev');
    await recover('maker@parley.dev');
    const link = await resetLink('maker@parley.dev');
    const form = { ...link, password: 'a-new-password', confirmPassword: 'a-new-password' };
    const done = await call(parley, 'POST', 'account/enterprise/changepassword', { form });
    expect(done.message).toBe('Thank you, Your Password has Been Reset');
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token: before })).code).toBe(1401);
    await expect(login(parley, 'maker@parley.dev')).rejects.toThrow();
    expect(await login(parley, 'maker@parley.dev', 'a-new-password')).toBeTruthy();
    const again = await call(parley, 'POST', 'account/enterprise/changepassword', { form });
    expect(again.message).toBe('This reset link is invalid or has expired');
  });

  it('refuses a reset code with another user’s id', async () => {
    await recover('checker@parley.dev');
    const link = await resetLink('checker@parley.dev');
    const admin = await call(parley, 'GET', 'e/enterprise/profile/', { token: await login(parley) });
    const res = await call(parley, 'POST', 'account/enterprise/changepassword', {
      form: { ...link, uId: admin.data.uId, password: 'takeover-pass', confirmPassword: 'takeover-pass' },
    });
    expect(res.code).toBe(1400);
    expect(await login(parley)).toBeTruthy();
  });

  it('resets through the reset path (codes 900/901) with the code alone', async () => {
    await recover('developer@parley.dev');
    const { resetCode } = await resetLink('developer@parley.dev');
    const res = await call(parley, 'PUT', 'account/enterprise/resetPassword', {
      form: { resetCode, password: 'another-pass', confirmPassword: 'another-pass' },
    });
    expect(res.code).toBe(100);
    expect(await login(parley, 'developer@parley.dev', 'another-pass')).toBeTruthy();
  });

  it('validates new passwords with the spec messages', async () => {
    const short = await call(parley, 'PUT', 'account/enterprise/resetPassword', { form: { resetCode: 'x', password: 'short', confirmPassword: 'short' } });
    expect(short.errors).toContainEqual({ field: 'password', message: 'Your Password must be atleast 8 characters long' });
    const mismatch = await call(parley, 'PUT', 'account/enterprise/resetPassword', {
      form: { resetCode: 'x', password: 'long-enough-1', confirmPassword: 'long-enough-2' },
    });
    expect(mismatch.errors).toContainEqual({ field: 'confirmPassword', message: 'Your passwords do not match. Please try again.' });
    const empty = await call(parley, 'PUT', 'account/enterprise/resetPassword', { form: { resetCode: 'x', password: '', confirmPassword: '' } });
    expect(empty.errors).toContainEqual({ field: 'password', message: 'This field is mandatory.' });
    expect(DEMO_PASSWORD).toBe('parley-admin');
  });
});
