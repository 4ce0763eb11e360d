import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

type Mail = { to: string; subject: string; text: string };

describe('the outbox: administrators read the mail of their own enterprise only', async () => {
  const parley = await startServer();
  const recover = (emailId: string) => call(parley, 'POST', 'account/enterprise/recover', { form: { emailId, captcha: 'x', captchaId: 'x' } });
  const mailbox = (token: string | undefined, to?: string) =>
    call<Mail[]>(parley, 'GET', 'dev/mailbox', { ...(token ? { token } : {}), ...(to ? { query: { to } } : {}) });
  const adminToken = await login(parley);

  it('refuses the anonymous read of the admin’s password-reset link (issue 21)', async () => {
    await recover('admin@parley.dev');
    const res = await mailbox(undefined, 'admin@parley.dev');
    expect(res).toMatchObject({ httpStatus: 401, status: false, code: 1401 });
    expect(JSON.stringify(res)).not.toContain('resetCode');
  });

  it('shows an administrator the mail sent to their users', async () => {
    await recover('agent@parley.dev');
    const mails = await mailbox(adminToken, 'agent@parley.dev');
    expect(mails.code).toBe(100);
    expect(mails.data[0]).toMatchObject({ to: 'agent@parley.dev', subject: 'Reset your Parley password' });
    expect(mails.data[0]!.text).toContain('resetCode=');
  });

  it('hides every other enterprise’s mail, activation links of new sign-ups included', async () => {
    const otherToken = await loginToOtherEnterprise(parley);
    const otherAdmin = (await call(parley, 'GET', 'e/enterprise/profile/', { token: otherToken })).data.emailId as string;
    await recover(otherAdmin);
    await recover('admin@parley.dev');
    const signup = await call(parley, 'POST', 'account/enterprise/signup', {
      form: {
        name: 'Nina North',
        emailId: 'nina@north.example',
        password: 'north-password',
        confirmPassword: 'north-password',
        termsOfService: 'true',
        captcha: 'x',
        captchaId: 'x',
      },
    });
    expect(signup.code).toBe(100);

    const otherSees = (await mailbox(otherToken)).data;
    expect(otherSees.map((m) => m.to)).toEqual([otherAdmin]);
    expect(otherSees[0]!.subject).toBe('Reset your Parley password');
    expect((await mailbox(otherToken, 'admin@parley.dev')).data).toEqual([]);
    expect((await mailbox(otherToken, 'nina@north.example')).data).toEqual([]);

    const demoSees = new Set((await mailbox(adminToken)).data.map((m) => m.to));
    expect(demoSees).toContain('admin@parley.dev');
    expect(demoSees).not.toContain(otherAdmin);
    expect(demoSees).not.toContain('nina@north.example');
    expect((await mailbox(adminToken, otherAdmin)).data).toEqual([]);
  });

  it('refuses a Report Viewer with 1403 on HTTP 200', async () => {
    await recover('viewer@parley.dev');
    const res = await mailbox(await login(parley, 'viewer@parley.dev'), 'viewer@parley.dev');
    expect(res).toMatchObject({ httpStatus: 200, status: false, code: 1403, message: 'Access Denied' });
    expect(res.data ?? null).toBeNull();
  });

  it('tells the console not to link signed-out users to the mailbox', async () => {
    expect((await call(parley, 'GET', 'app/config')).data.mailbox).toBe(false);
  });
});
