import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { latestMail, linkIn, signInWithForm } from './api.js';

const COLLEAGUE = `colleague.${Date.now()}@example.com`;
const NAME = 'Casey Colleague';
const PASSWORD = 'casey-password';

/** axe's serious and critical findings on the page as it stands, or on one part of it (`scope`, a selector). */
async function seriousProblems(page: Page, scope?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (scope) builder.include(scope);
  const { violations } = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('an admin invites a colleague, who joins from the mailed link; deactivated, the colleague is signed out', async ({ page, browser, request }) => {
  await signInWithForm(page);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Demo Admin/ })).toBeVisible();
  // The screen itself: the shell around it (top bar, menu, chat box) has its own test in accessibility.spec.ts.
  expect(await seriousProblems(page, 'section.users')).toEqual([]);

  // The invitation: an address and a role.
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page).toHaveURL(/tab=invitations/);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(COLLEAGUE);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('This field is mandatory.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Handle Chats' }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('row', { name: new RegExp(COLLEAGUE.replace(/\./g, '\\.')) })).toContainText('Pending');

  // The colleague, in a browser of their own, opens the mailed link.
  const link = new URL(linkIn((await latestMail(request, COLLEAGUE, /invited/i)).text));
  expect(link.pathname).toBe('/invitation-accept');
  const theirs = await browser.newContext({ baseURL: link.origin });
  const colleague = await theirs.newPage();
  await colleague.goto(link.pathname + link.search);
  await expect(colleague.getByRole('heading', { name: 'Join Demo' })).toBeVisible();
  await expect(colleague.getByText(COLLEAGUE)).toBeVisible();
  expect(await seriousProblems(colleague)).toEqual([]);
  await colleague.getByLabel('Name').fill(NAME);
  await colleague.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await colleague.getByLabel('Confirm Password').fill(PASSWORD);
  await colleague.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(colleague.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const token = await colleague.evaluate(() => localStorage.getItem('parley.token'));
  const profile = await (await request.get('/api/e/enterprise/profile/', { headers: { 'authentication-token': token ?? '' } })).json();
  expect(profile.data).toMatchObject({ name: NAME, roles: [3] });

  // The link is spent.
  const again = await theirs.newPage();
  await again.goto(link.pathname + link.search);
  await expect(again.getByRole('alert')).toHaveText('This invitation has already been accepted. Please sign in.');
  await again.close();

  // The admin deactivates the colleague.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Search by name').fill('Casey');
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: `Actions for ${NAME}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deactivate user' });
  await expect(confirm).toContainText('signed out at once');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Deactivated');

  // The colleague's next navigation lands on the sign-in page.
  await colleague.goto('/chat/history');
  await expect(colleague).toHaveURL(/\/login/);
  await theirs.close();
});
