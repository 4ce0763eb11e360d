import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, ADMIN, signInWithForm } from './api.js';

async function seriousProblems(page: Page, scope: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(scope).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/**
 * Manage → Trash: an admin deletes a message template in its screen, finds it in the trash, restores it and sees it
 * back in the template list; another deleted item is deleted forever from the keyboard, through its confirmation.
 */
test('a deleted template comes back from the trash; another item is deleted forever', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token } = await apiLogin(request, ADMIN);
  const headers = { 'authentication-token': token };
  const channels = (await (await request.get('/api/e/enterprise/channels', { headers })).json()).data.channels as { channelId: string; name: string }[];
  const channelId = channels.find((c) => c.name === 'WhatsApp Sandbox')!.channelId;
  const name = `back_soon_${Date.now()}`;
  const created = await (
    await request.post('/api/chatbird/api/templates', {
      headers,
      data: { channelId, name, language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 'We will be back soon' }] },
    })
  ).json();
  expect(created.status).toBe(true);
  // An agent rather than a customer: an earlier journey may have made a customer field mandatory.
  // Its own name each run: a retry must not find the first attempt's agent beside it.
  const goneName = `Gone For Good ${Date.now()}`;
  const agent = await (await request.post('/api/nlp/agent', { headers, form: { name: goneName, description: 'An agent for the trash', type: 'nlp' } })).json();
  expect((await (await request.delete(`/api/nlp/agent/${agent.data.id}`, { headers })).json()).status).toBe(true);

  // The template is deleted where it lives.
  await signInWithForm(page);
  await page.goto('/admin/messageTemplate/whatsapp');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete template' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  // It waits in the trash with who deleted it and how long it is kept.
  await page.goto('/admin/trash');
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Message template');
  await expect(row).toContainText('Demo Admin');
  await expect(row).toContainText('29 days');
  expect(await seriousProblems(page, 'section.trash')).toEqual([]);

  // The type filter narrows the list, and is kept in the URL.
  await page.getByRole('button', { name: /Type/ }).click();
  await page.getByRole('option', { name: 'Agent' }).click();
  await expect(page).toHaveURL(/type=agent/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  // Delete forever asks first: focus goes into the confirmation, Escape brings it back to the item's row.
  const goneRow = page.getByRole('row', { name: new RegExp(goneName) });
  await expect(goneRow).toHaveCount(1);
  const forever = goneRow.getByRole('button', { name: 'Delete forever' });
  const confirm = page.getByRole('alertdialog', { name: 'Delete forever' });
  // A click that lands while the filtered page is still being drawn can be lost; the user clicks again, so does this.
  await expect(async () => {
    if (!(await confirm.isVisible())) await forever.click();
    await expect(confirm).toContainText('cannot be restored', { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('[role=alertdialog]:not([aria-modal=false]):focus, [role=alertdialog]:not([aria-modal=false]) :focus')).toHaveCount(1);
  expect(await seriousProblems(page, '[role=alertdialog]:not([aria-modal=false])')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  // Back in the table, on the item's row (the grid keeps focus on its row or cell).
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role=row]')?.textContent ?? '')).toContain(goneName);
  await forever.click();
  await confirm.getByRole('button', { name: 'Delete forever' }).press('Enter');
  await expect(page.getByText('Deleted permanently')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(goneName) })).toHaveCount(0);

  // Restore the template; it is submitted to WhatsApp again and shows in its list.
  await page.getByRole('button', { name: /Type/ }).click();
  await page.getByRole('option', { name: 'All types' }).click();
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByText('Message template restored successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.goto('/admin/messageTemplate/whatsapp');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
});
