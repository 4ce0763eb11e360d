import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInWithForm } from './api.js';

/** axe's serious and critical findings in one part of the page (the shell has its own test in accessibility.spec.ts). */
async function seriousProblems(page: Page, scope: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(scope).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('an admin reads the demo’s chats on the dashboard by period, then chat analytics per agent', async ({ page }) => {
  await signInWithForm(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome to Parley', level: 1 })).toBeVisible();

  // The month's graph counts the demo's chats; today's cards sit above it.
  await expect(page.getByRole('img', { name: 'Chats per day: 31 points' })).toBeVisible();
  await expect(page.locator('.dash-graph-summary strong').first()).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByRole('region', { name: 'Chats today' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Broadcasts today' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bot today' })).toBeVisible();

  // One day, hour by hour, and the same figures as a table.
  await page
    .getByRole('radio', { name: '1 Day' })
    .or(page.getByRole('button', { name: '1 Day' }))
    .click();
  await expect(page).toHaveURL(/period=DAY/);
  await expect(page.getByRole('img', { name: 'Chats per hour: 24 points' })).toBeVisible();
  // By keyboard: the live chats box may sit over the switch.
  await page.getByRole('switch', { name: 'Show as table' }).focus();
  await page.keyboard.press('Space');
  const table = page.getByRole('grid', { name: 'Chats per hour and average pickup time' });
  await expect(table).toHaveAttribute('aria-rowcount', '25'); // virtualised: the header and 24 hours
  expect(await seriousProblems(page, 'div.dashboard')).toEqual([]);

  // Chat analytics: the demo agent's chats of the last 7 days.
  await page.goto('/chat/analytics');
  await expect(page.getByRole('heading', { name: 'Chat Analytics', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Agents' }).getByRole('row', { name: /Demo Handle Chats/ })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Departments' }).getByRole('row').nth(1)).toBeVisible();
  expect(await seriousProblems(page, 'section.chat-analytics')).toEqual([]);
});
