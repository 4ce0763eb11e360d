import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo data seeded on first start (README: demo accounts). */
export const DEMO_PASSWORD = 'parley-admin';
export const ADMIN = 'admin@parley.dev';

/** Reads the open development mailbox (PARLEY_DEV_MAILBOX=on in playwright.config.ts) for the newest mail to `to`. */
export async function latestMail(request: APIRequestContext, to: string, subject: RegExp) {
  for (let i = 0; i < 20; i++) {
    const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const body = (await res.json()) as { data: { subject: string; text: string }[] };
    const mail = body.data.find((m) => subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail "${subject}" for ${to}`);
}

export const linkIn = (text: string) => {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in mail: ${text}`);
  return match[0];
};

export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/account/enterprise/login/twoFactorAuth', {
    form: { email, password, captcha: 'any', captchaId: 'any' },
  });
  const body = (await res.json()) as { status: boolean; data: { token: string; user: { uId: string; eId: string } } };
  if (!body.status) throw new Error(`login failed for ${email}`);
  return body.data;
}

/** Signs in through the login form, as a user does, and waits for the console's menu. */
export async function signInWithForm(page: Page, email = ADMIN, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // The captcha field empties itself as it mounts, before its image arrives: text typed once the image shows stays.
  await expect(page.getByRole('img', { name: 'Captcha' })).toBeVisible();
  await page.getByLabel('Captcha', { exact: true }).fill('any');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}
