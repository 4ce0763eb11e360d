import { expect, test } from '@playwright/test';
import { signInWithForm } from './api.js';

/** Departments: a header sort is kept in the URL, so a reload keeps it and Back returns to the server's order by name. */
test('the departments sort survives a reload, and Back undoes it', async ({ page }) => {
  await signInWithForm(page);
  await page.goto('/admin/departments');
  const departments = page.getByRole('grid', { name: 'Departments' });
  await expect(departments.getByRole('row', { name: /Support/ })).toBeVisible();
  const byName = departments.getByRole('columnheader', { name: 'Name' });
  await expect(byName).toHaveAttribute('aria-sort', 'ascending');

  await byName.click();
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await page.reload();
  await expect(byName).toHaveAttribute('aria-sort', 'descending');
  await expect(departments.getByRole('row', { name: /Support/ })).toBeVisible();

  await page.goBack();
  await expect(byName).toHaveAttribute('aria-sort', 'ascending');
});
