import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD } from './api.js';

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
function totp(base32: string, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('a user with an authenticator app signs in with the second factor, and with a recovery code', async ({ page, request }) => {
  const user = 'checker@parley.dev';
  const { token } = await apiLogin(request, user);
  const headers = { 'authentication-token': token };
  const enrol = await (await request.put('/api/e/enterprise/users/twoFactorAuth/totp', { headers, form: { password: DEMO_PASSWORD } })).json();
  const verified = await (
    await request.post('/api/e/enterprise/users/twoFactorAuth/totp/verify', {
      headers,
      form: { securityCode: totp(enrol.data.secret), password: DEMO_PASSWORD },
    })
  ).json();
  const recoveryCodes: string[] = verified.data.recoveryCodes;

  const signIn = async () => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(user);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Captcha', { exact: true }).fill('any');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  };

  await signIn();
  await page.getByLabel('Security code').fill('000000' === totp(enrol.data.secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid security code')).toBeVisible();
  await page.getByLabel('Security code').fill(totp(enrol.data.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Parley' })).toBeVisible();

  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Signout' }).click();
  await signIn();
  await page.getByText('Use a recovery code').click();
  await page.getByLabel('Security code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Parley' })).toBeVisible();
});

test('the sign-in page links to the sign-up form while sign-up is open', async ({ page }) => {
  await page.goto('/login');
  // The demo runs with sign-up open: the link shows and leads to the form.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
});
