import { expect, test } from '@playwright/test';
import { latestMail, linkIn } from './api.js';

const USER = 'maker@parley.dev';
const NEW_PASSWORD = 'a-brand-new-secret';

test('forgot password: mail in the outbox, reset, and sign in with the new password', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await page.getByLabel('Email', { exact: true }).fill(USER);
  await page.getByLabel('Captcha', { exact: true }).fill('any');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('An email has been sent with instruction on how to reset the password.')).toBeVisible();

  const mail = await latestMail(request, USER, /reset/i);
  const link = new URL(linkIn(mail.text));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password', { exact: true }).fill('different');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your Password must be atleast 8 characters long')).toBeVisible();

  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Thank you, Your Password has Been Reset')).toBeVisible();

  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Email', { exact: true }).fill(USER);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Captcha', { exact: true }).fill('any');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Parley' })).toBeVisible();

  // The old password no longer works.
  const old = await request.post('/api/account/enterprise/login/twoFactorAuth', {
    form: { email: USER, password: 'parley-admin', captcha: 'x', captchaId: 'x' },
  });
  expect((await old.json()).message).toBe('Invalid email or password');
});
