import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { DEMO_PASSWORD, signInWithForm } from './api.js';

/** The code an authenticator app shows for the secret, computed as the server checks it (otpauth, RFC 6238). */
const codeFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

async function seriousProblems(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

const USER = 'viewer@parley.dev';

test('a user turns on an authenticator app from My profile, signs in with its code, and keeps their sounds', async ({ page }) => {
  await signInWithForm(page, USER);
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Details' }).click();
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /\(this session\)/ }).or(page.getByRole('gridcell', { name: /\(this session\)/ }))).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);

  // Enrol: password, then the QR code's secret in an authenticator (here: otpauth), then its code.
  await page.getByRole('button', { name: 'Set up' }).click();
  await page.getByRole('dialog').getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const enrol = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await expect(enrol.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await enrol.locator('[data-secret]').getAttribute('data-secret'))!;
  await enrol.getByLabel(/Enter the 6-digit code/).fill(codeFor(secret));
  await enrol.getByRole('button', { name: 'Verify and turn on' }).click();

  const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const download = page.waitForEvent('download');
  await codes.getByRole('button', { name: 'Download (.txt)' }).click();
  expect((await download).suggestedFilename()).toBe('parley-recovery-codes.txt');
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('On: sign-in asks for a code from your app.')).toBeVisible();

  // Sign out, and back in with the app's code.
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Signout' }).click();
  await page.getByLabel('Email', { exact: true }).fill(USER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Captcha', { exact: true }).fill('any');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await page.getByLabel('Security code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  // Sounds: the new-message sound, its repeat and volume are kept after a reload.
  await page.goto('/details/myprofile');
  const message = page.getByRole('group', { name: 'New message' });
  await message.getByRole('button', { name: /Sound/ }).click();
  await page.getByRole('option', { name: 'Triple beep' }).click();
  await message.getByRole('textbox', { name: 'Repeat' }).fill('3');
  const volume = message.getByRole('slider', { name: 'Volume' });
  await volume.focus();
  for (let i = 0; i < 4; i++) await volume.press('ArrowRight');
  await message.getByRole('button', { name: 'Play the new message sound' }).click();
  await page.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await page.reload();
  await expect(message.getByRole('button', { name: /Triple beep/ })).toBeVisible();
  await expect(message.getByRole('textbox', { name: 'Repeat' })).toHaveValue('3');
  await expect(volume).toHaveValue('80');

  // Leave the account as it was: the second factor off again.
  await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await page.getByRole('dialog').getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();
});

test('an administrator reads and edits the enterprise details', async ({ page }) => {
  await signInWithForm(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Details' }).click();
  await expect(page.getByRole('heading', { name: 'Enterprise details', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Enterprise name')).toHaveValue('Demo');
  expect(await seriousProblems(page)).toEqual([]);
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('Europe/Paris');
  await expect(page.getByRole('option', { name: /Europe\/Paris/ })).toBeVisible();
  // By keyboard: the list can open over the fields below it.
  await zone.press('ArrowDown');
  await zone.press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enterprise details saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/Europe\/Paris/);
});
