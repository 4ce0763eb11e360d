import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.js';
import { ADMIN, apiLogin, signInWithForm } from './api.js';

type RenderExample = (name: string, vars: Record<string, string>) => Promise<string>;
const loadExamples = async () => (await import(new URL('../../examples/serve.mjs', import.meta.url).href)) as { renderExample: RenderExample };

/**
 * Broadcast history (customer-master-and-broadcast 2): a broadcast sent through the API shows in the history of the
 * last 7 days, the name search finds it, and its row opens the read-only view with its messages.
 */
test.describe('broadcast history', () => {
  test('a broadcast sent through the API appears live, is found by name, kept to the dates, and opens its messages', async ({ page, request }) => {
    const { token } = await apiLogin(request, ADMIN);
    const headers = { 'authentication-token': token };
    const channels = await (await request.get('/api/e/enterprise/channels?name=WhatsApp%20Sandbox', { headers })).json();
    const channel = (channels.data.channels as { channelId: string; name: string }[]).find((c) => c.name === 'WhatsApp Sandbox')!;

    await signInWithForm(page);
    const listed = page.waitForResponse((r) => r.url().includes('/api/chatbird/api/broadcast?'));
    await page.goto('/campaigns/broadcast');
    await expect(page.getByRole('heading', { name: 'Broadcast History', level: 1 })).toBeVisible();
    await listed;
    // The demo's own shipping update (sent at first start) is listed already; this journey's comes on top of it.
    const named = page.getByRole('row', { name: /order_update/ });
    await expect(named.first()).toBeVisible();
    const before = await named.count();

    // Sent while the history is open: the realtime socket brings the row and its status, no reload.
    const sent = await (
      await request.post('/api/chatbird/api/broadcast', {
        headers,
        data: {
          channelId: channel.channelId,
          phoneNumber: ['+919876500001', '+919876500002'],
          message: { template: { templateId: 'order_update' } },
          columnMapping: [
            { component: 'BODY', variable: '{{1}}', type: 'static', value: 'Asha' },
            { component: 'BODY', variable: '{{2}}', type: 'static', value: 'A-1042' },
          ],
        },
      })
    ).json();
    expect(sent.status, sent.message).toBe(true);
    const id = sent.data.id as string;
    const name = sent.data.data.name as string;
    expect(name).toBe('order_update');
    await expect(named).toHaveCount(before + 1);
    const row = named.first();
    await expect(row).toContainText('WhatsApp Sandbox');
    await expect(row).toContainText('Demo Admin');
    // Title case, once the send job has handed both numbers over.
    await expect(row).toContainText('Completed', { timeout: 20_000 });

    // The search applies as the user types; a name nothing has clears the table to 'No Record'.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('no broadcast has this name');
    await expect(page.getByText('No Record')).toBeVisible();
    await search.fill(name.toUpperCase());
    await expect(row).toBeVisible();

    // Dates of last year, then Submit: today's broadcast is outside them.
    const lastYear = String(new Date().getFullYear() - 1);
    for (const picker of ['Start Date', 'End Date']) {
      const year = page.getByRole('spinbutton', { name: new RegExp(`year.*${picker}|${picker}.*year`, 'i') });
      await year.click();
      await year.pressSequentially(lastYear);
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('No Record')).toBeVisible();
    // The submitted dates are in the URL: a reload shows the same empty list, and Back the last 7 days again.
    await expect(page).toHaveURL(new RegExp(`start=${lastYear}-`));
    await page.reload();
    await expect(page.getByText('No Record')).toBeVisible();
    await page.goBack();
    await expect(row).toBeVisible();

    // A header sorts the list (on the server, every page), and the sort is in the URL too: a reload keeps it. Oldest
    // first, the demo's broadcast leads; newest first, this journey's.
    const firstOpens = () => page.getByRole('row').nth(1).getByRole('link').first();
    const created = page.getByRole('columnheader', { name: 'Created On' });
    await created.click();
    await expect(created).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstOpens()).not.toHaveAttribute('href', new RegExp(`${id}$`));
    await created.click();
    await expect(page).toHaveURL(/sort=created&dir=desc|dir=desc.*sort=created/);
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Created On' })).toHaveAttribute('aria-sort', 'descending');
    await expect(firstOpens()).toHaveAttribute('href', new RegExp(`${id}$`));

    // 'Send Template' goes to the form.
    await page.getByRole('button', { name: 'Send Template' }).click();
    await expect(page).toHaveURL(/\/campaigns\/broadcast\/create$/);
    await expect(page.locator('parley-broadcast-sender[mode="create"]')).toBeVisible();
    await page.goBack();

    // The row opens the broadcast, read-only, with one message per number.
    await page.getByRole('link', { name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/broadcast/${id}$`));
    const view = page.locator('parley-broadcast-sender[mode="view"]');
    await expect(view.getByRole('row', { name: /\+919876500001/ })).toBeVisible();
    await expect(view.getByRole('row', { name: /\+919876500002/ })).toBeVisible();
  });

  test('the chat example page sends one template in chat-test mode and hears parley-close', async ({ page, request }) => {
    // An agent's chat would sign in as its agent; today the form's channel and template reads need more than
    // CHAT.HANDLE, so the page runs with the administrator's session.
    const { token } = await apiLogin(request, ADMIN);
    const headers = { 'authentication-token': token };
    const channels = await (await request.get('/api/e/enterprise/channels?name=WhatsApp%20Sandbox', { headers })).json();
    const channel = (channels.data.channels as { channelId: string; name: string }[]).find((c) => c.name === 'WhatsApp Sandbox')!;
    // A session token is answered on Parley's own origin only: the page is served from there.
    const { renderExample } = await loadExamples();
    const html = await renderExample('broadcast-in-chat.html', { PARLEY_URL: baseURL });
    await page.route(`${baseURL}/examples/broadcast-in-chat.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    const closes: string[] = [];
    page.on('console', (m) => m.text().startsWith('parley-close') && closes.push(m.text()));
    const fragment = new URLSearchParams({ token, channel: channel.channelId, template: 'order_update', phone: '+919876500004' });
    await page.goto(`${baseURL}/examples/broadcast-in-chat.html#${fragment.toString()}`);

    await page.getByRole('button', { name: 'Send template' }).click();
    const sender = page.locator('parley-broadcast-sender[mode="chat-test"]');
    // Channel, template and number come from the chat and are locked.
    await expect(sender.getByLabel('Mobile Numbers')).toBeDisabled();
    await expect(sender.getByLabel('Mobile Numbers')).toHaveValue('+919876500004');
    await sender.getByLabel('Value of {{1}}').fill('Asha');
    await sender.getByLabel('Value of {{2}}').fill('A-1042');
    await sender.getByRole('button', { name: 'Send' }).click();

    await expect(page.getByText(/^Template sent \(broadcast [0-9a-f-]{36}\)$/)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Send template' })).toBeHidden();
    expect(closes).toHaveLength(1);
    const id = /broadcast ([0-9a-f-]{36})/.exec((await page.getByText(/^Template sent/).textContent())!)![1]!;
    const detail = await (await request.get(`/api/chatbird/api/broadcast/${id}`, { headers })).json();
    expect(detail.data.data).toMatchObject({ phoneNumbers: ['+919876500004'], resourceType: 'CHAT' });
  });
});
