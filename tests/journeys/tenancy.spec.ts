import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, latestMail, linkIn } from './api.js';

test('a user of another enterprise cannot read the Demo enterprise by id', async ({ page, request }) => {
  const demo = await apiLogin(request, ADMIN);

  // Enterprise B signs up through the console and activates from the mailbox.
  const email = `owner-${Date.now()}@b.example`;
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill('Bea Owner');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('b-enterprise-pass');
  await page.getByLabel('Confirm Password', { exact: true }).fill('b-enterprise-pass');
  await page.getByLabel(/terms/i).check();
  await page.getByLabel('Captcha', { exact: true }).fill('any');
  await page.getByRole('button', { name: /sign up/i }).click();
  const activation = new URL(linkIn((await latestMail(request, email, /activate/i)).text));
  await page.goto(activation.pathname);
  await expect(page.getByText('Your account has been activated. Please sign in.')).toBeVisible();

  const b = await apiLogin(request, email, 'b-enterprise-pass');
  expect(b.user.eId).not.toBe(demo.user.eId);
  const headers = { 'authentication-token': b.token };

  const foreign = await request.get(`/api/e/enterprise/users/${demo.user.uId}`, { headers });
  const random = await request.get(`/api/e/enterprise/users/00000000-0000-4000-8000-000000000000`, { headers });
  expect(foreign.status()).toBe(404);
  expect(await foreign.json()).toEqual(await random.json());

  const list = (await (await request.get('/api/e/enterprise/users?perPage=-1', { headers })).json()) as { data: { emailId: string }[] };
  expect(list.data.map((u) => u.emailId)).toEqual([email]);

  const own = await request.get(`/api/e/enterprise/users/${b.user.uId}`, { headers });
  expect((await own.json()).data.emailId).toBe(email);
});
