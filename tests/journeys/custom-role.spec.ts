import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, signInWithForm } from './api.js';

const STAMP = Date.now();
const ROLE = `Admin without channels ${STAMP}`;
const HOLDER = { name: 'Noor No-Channels', emailId: `no-channels.${STAMP}@example.com`, password: 'no-channels-password' };

async function seriousProblems(page: Page, scope: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(scope).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('an admin makes a role from Administrator without Channels: its holder has no Channels item and no channel API', async ({ page, browser, request }) => {
  await signInWithForm(page);
  await page.goto('/admin/permission');
  await expect(page.getByRole('heading', { name: 'Role & Permission', level: 1 })).toBeVisible();
  // The built-in Administrator is read-only.
  await expect(page.getByRole('heading', { name: 'Administrator', level: 2 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Channels', exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  expect(await seriousProblems(page, 'section.roles')).toEqual([]);

  // Focus goes into the dialog and comes back to the button that opened it.
  const create = page.getByRole('button', { name: 'Create role' });
  await create.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(create).toBeFocused();

  await create.click();
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(dialog.getByText('This field is mandatory.')).toBeVisible();
  await dialog.getByLabel('Name').fill(ROLE);
  await dialog.getByLabel('Description').fill('Everything but the channels');
  await expect(dialog.getByRole('button', { name: /Based on/ })).toContainText('Administrator');
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByText('Role created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: ROLE, level: 2 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Roles' }).getByText(ROLE)).toBeVisible();

  // Untick the whole CHANNELS group and save.
  const channels = page.getByRole('checkbox', { name: 'Channels', exact: true });
  await expect(channels).toBeChecked();
  await channels.uncheck();
  await expect(page.getByRole('group', { name: 'Channels permissions' }).getByRole('checkbox', { checked: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role updated successfully')).toBeVisible();
  expect(await seriousProblems(page, 'section.roles')).toEqual([]);
  const roleId = Number(new URL(page.url()).searchParams.get('role'));
  expect(roleId).toBeGreaterThanOrEqual(101);

  // A colleague who holds that role, added through the API.
  const { token } = await apiLogin(request, ADMIN);
  const added = await request.post('/api/e/enterprise/users', { headers: { 'authentication-token': token }, data: { ...HOLDER, roles: [roleId] } });
  expect(await added.json()).toMatchObject({ code: 100, data: { roles: [roleId] } });

  const theirs = await browser.newContext();
  const holder = await theirs.newPage();
  await signInWithForm(holder, HOLDER.emailId, HOLDER.password);
  const menu = holder.getByRole('navigation', { name: 'Main menu' });
  // The menu has drawn the holder's items before the absent one is checked.
  await expect(menu.getByRole('link', { name: 'Message Templates' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Role & Permission' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Channels' })).toHaveCount(0);

  // The channel API refuses what only CHANNELS.* admits, with 1403 on HTTP 200.
  const headers = { 'authentication-token': (await holder.evaluate(() => localStorage.getItem('parley.token'))) ?? '' };
  const someChannel = '00000000-0000-4000-8000-000000000000';
  for (const res of [
    await request.post('/api/e/enterprise/channels', { headers, data: { name: 'Sneaky', type: 4, vendor: 8, contactId: '+15550000000', data: {} } }),
    await request.put(`/api/e/enterprise/channels/${someChannel}`, { headers, data: { name: 'Sneaky' } }),
    await request.delete(`/api/e/enterprise/channels/${someChannel}`, { headers }),
  ]) {
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: false, code: 1403, message: 'Access Denied' });
  }
  await theirs.close();

  // The role is held now (the screen has not heard yet): deleting it is refused, in words that say why.
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete role' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This role is held by 1 user: give them another role first')).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Roles' }).getByText('Custom · 1 user', { exact: true })).toBeVisible();
  // Asked again, the confirmation says so at once.
  await expect(page.getByRole('alertdialog', { name: 'Delete role' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete role' });
  await expect(confirm).toContainText('This role is held by 1 user');
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
});
