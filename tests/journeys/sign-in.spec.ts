import { expect, test } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD } from './api.js';

test.describe('Signing in', () => {
  test('the administrator signs in and lands in the console', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Admin Dashboard')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(ADMIN);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Captcha', { exact: true }).fill('any');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Parley' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByText('Chat', { exact: true }).first()).toBeVisible();
    // A reload keeps the session: the token survives in storage and the guard lets the user in.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome to Parley' })).toBeVisible();
  });

  test('a wrong password shows the message and keeps the user on the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(ADMIN);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByLabel('Captcha', { exact: true }).fill('any');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an empty form shows the spec validation messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Please enter captcha.')).toBeVisible();
  });

  test('a guarded page sends a signed-out visitor to login and back after signing in', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('Email', { exact: true }).fill(ADMIN);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Captcha', { exact: true }).fill('any');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/users/);
  });
});
