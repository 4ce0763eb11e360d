import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './api.js';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  // The captcha field empties itself as it mounts, before its image arrives: text typed once the image shows stays.
  await expect(page.getByRole('img', { name: 'Captcha' })).toBeVisible();
  await page.getByLabel('Captcha', { exact: true }).fill('any');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Parley' })).toBeVisible();
  return page.getByRole('navigation', { name: 'Main menu' });
}

test('a Report Viewer sees only the menu items its permissions allow', async ({ page }) => {
  const menu = await signIn(page, 'viewer@parley.dev');
  // Reports of every area the role covers.
  for (const group of ['Chat', 'Campaigns', 'Journey', 'Agentic AI']) {
    await expect(menu.getByRole('button', { name: group })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Analytics' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Delivery Report' })).toBeVisible();
  // Nothing it cannot use: no configuration at all, no user management, no customers or speech services.
  await expect(menu.getByText('CONFIGURATION')).toHaveCount(0);
  for (const hidden of ['Users', 'Channels', 'Role & Permission', 'Audit Trail', 'Image Library', 'Publish']) {
    await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  for (const hidden of ['Customers', 'Speech Services']) {
    await expect(menu.getByRole('button', { name: hidden })).toHaveCount(0);
  }
  // Inside a group, only the permitted items.
  await menu.getByRole('button', { name: 'Chat' }).click();
  const chat = menu.getByRole('list', { name: 'Chat' });
  await expect(chat.getByRole('link', { name: 'Analytics' })).toBeVisible();
  await expect(chat.getByRole('link')).toHaveCount(1);
  await chat.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/chat\/analytics$/);
});

test('an administrator sees every section, and the agent sees the chat items', async ({ page }) => {
  const menu = await signIn(page, 'admin@parley.dev');
  for (const section of ['MODULE', 'CONFIGURATION', 'MANAGE']) await expect(menu.getByText(section, { exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Users' })).toBeVisible();
  await page.screenshot({ path: '.artifacts/console-admin.png' });
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Signout' }).click();
  await expect(page).toHaveURL(/\/login/);

  const agentMenu = await signIn(page, 'agent@parley.dev');
  await agentMenu.getByRole('button', { name: 'Chat' }).click();
  await expect(agentMenu.getByRole('list', { name: 'Chat' }).getByRole('link')).toHaveText(['Conversation', 'History', 'Just In Time']);
  await expect(agentMenu.getByText('MANAGE')).toHaveCount(0);
});

test('collapsed, a group opens a flyout outside the scrolling side nav, by pointer and by keyboard', async ({ page }) => {
  const menu = await signIn(page, 'admin@parley.dev');
  await page.getByRole('button', { name: 'Toggle side menu' }).click();
  await menu.getByRole('button', { name: 'Campaigns' }).hover();
  const flyout = page.getByRole('list', { name: 'Campaigns' });
  await expect(flyout.getByRole('link', { name: 'Broadcast' })).toBeVisible();
  await flyout.getByRole('link', { name: 'Broadcast' }).click();
  await expect(page).toHaveURL(/\/campaigns\/broadcast$/);
  await menu.getByRole('button', { name: 'Chat' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Chat' }).getByRole('link', { name: 'Conversation' })).toBeFocused();
});

test('offline, a menu click shows the not-synced toast and stays put; one item is highlighted', async ({ page, context }) => {
  const menu = await signIn(page, 'admin@parley.dev');
  await menu.getByRole('link', { name: 'Analytics Config' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\/config$/);
  await expect(menu.locator('a[data-active="true"]')).toHaveCount(1);
  const before = page.url();
  await context.setOffline(true);
  await menu.getByRole('link', { name: 'Channels' }).click();
  await expect(page.getByText('Data not Synced,Please Turn On Internet!')).toBeVisible();
  expect(page.url()).toBe(before);
  await context.setOffline(false);
});

test('screens offer only the actions the server allows: an agent reads Channels and Templates but cannot change them', async ({ page }) => {
  await signIn(page, 'agent@parley.dev');
  await page.goto('/admin/channels');
  await expect(page.getByRole('rowheader', { name: 'WhatsApp Sandbox' }).or(page.getByRole('gridcell', { name: 'WhatsApp Sandbox' }))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Channel' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit WhatsApp Sandbox' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete WhatsApp Sandbox' })).toHaveCount(0);
  await page.goto('/admin/messageTemplate/whatsapp');
  await expect(page.getByRole('button', { name: 'View order_update' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete order_update' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Template' })).toHaveCount(0);
});

test('an administrator is offered every action on Channels and Templates', async ({ page }) => {
  await signIn(page, 'admin@parley.dev');
  await page.goto('/admin/channels');
  await expect(page.getByRole('button', { name: 'Delete WhatsApp Sandbox' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit WhatsApp Sandbox' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Channel' })).toBeVisible();
  await page.goto('/admin/messageTemplate/whatsapp');
  await expect(page.getByRole('button', { name: 'Delete order_update' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Template' })).toBeVisible();
});
