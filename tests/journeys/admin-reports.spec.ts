import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin } from './api.js';

/** axe's serious and critical findings in one part of the page (the shell has its own test in accessibility.spec.ts). */
async function seriousProblems(page: Page, scope: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(scope).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('an admin reads the delivery report and a message’s statuses, then the audit trail of one user', async ({ page, request }) => {
  // Signed in through the API (the form has its own journey), so the screens' own steps fit the time budget.
  const { token } = await apiLogin(request, ADMIN);
  await page.addInitScript((t) => localStorage.setItem('parley.token', t), token);

  // The demo's shipping update (sent at first start) is in the report, newest first, with its statuses.
  await page.goto('/admin/report');
  await expect(page.getByRole('heading', { name: 'Delivery Report', level: 1 })).toBeVisible();
  const demo = page.getByRole('row').filter({ hasText: 'order_update' });
  await expect(demo.first()).toBeVisible({ timeout: 20_000 });
  await expect(demo.filter({ hasText: /Delivered|Read/ }).first()).toBeVisible({ timeout: 20_000 });
  expect(await seriousProblems(page, 'section.reports')).toEqual([]);

  await page
    .getByRole('combobox', { name: /Source/ })
    .or(page.getByRole('button', { name: /Source/ }))
    .first()
    .click();
  await page.getByRole('option', { name: 'Broadcast' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/source=broadcast/);
  await expect(demo.first()).toBeVisible();

  await demo
    .filter({ hasText: /Delivered|Read/ })
    .first()
    .getByRole('gridcell')
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Message Status' })).toBeVisible();
  await expect(dialog.getByText('Channel Message Id')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'Accepted' })).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'Delivered' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The audit trail: the admin's own sign-in is recorded; filtered to them, every row is theirs.
  await page.goto('/admin/audit_trail');
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'login/twoFactorAuth' }).first()).toBeVisible();
  await page.getByRole('button', { name: /User/ }).first().click();
  await page.getByRole('option', { name: 'Demo Admin' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/uId=/);
  const rows = page.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(rows.first()).toContainText('Demo Admin');
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Demo Admin');
  expect(await seriousProblems(page, 'section.reports')).toEqual([]);

  // Export CSV: the spec's notice, then the same selection as a file, one line per entry under its header.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText('file will be download shortly !!')).toBeVisible();
  const file = await download;
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toContain('Date and Time (UTC)');
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toContain('Demo Admin');
});
