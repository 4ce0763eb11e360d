import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, signInWithForm } from './api.js';

test.describe('NLP report', () => {
  test("shows the demo agent's history: cards, charts, paged conversations and the CSV", async ({ page, request }) => {
    // The figures the cards must show, from the API itself.
    const { token } = await apiLogin(request, ADMIN);
    const headers = { 'authentication-token': token };
    const agents = await (await request.get('/api/nlp/v2/agent?perPage=-1', { headers })).json();
    const demo = (agents.data.agents as { id: string; name: string }[]).find((a) => a.name === 'Demo Pizza Bot')!;
    const range = { agentId: demo.id, startDate: Date.now() - 7 * 86_400_000, endDate: Date.now() };
    const figures = (await (await request.post('/api/nlp/conversationsReport', { headers, data: range })).json()).data;
    expect(figures.totalMessages).toBeGreaterThan(50);

    await signInWithForm(page);
    await page.goto('/nlp-report/overview');

    const report = page.locator('parley-nlp-report');
    await report.getByRole('button', { name: /Data Source/ }).click();
    await page.getByRole('option', { name: 'Demo Pizza Bot' }).click();
    await report.getByRole('button', { name: 'Submit' }).click();
    const cards = report.getByLabel('Conversation figures');
    await expect(cards.locator('.pnr-stat', { hasText: 'Total Conversation' }).locator('dd').first()).toHaveText(String(figures.totalConversations));
    await expect(cards.locator('.pnr-stat', { hasText: 'Avg.msg.per conversation' }).locator('dd').first()).toHaveText(figures.averageMessages.toFixed(2));
    await expect(report.locator('svg rect').first()).toBeVisible();
    expect(await report.locator('svg rect').count()).toBeGreaterThan(5);
    await expect(report.getByRole('region', { name: 'Top Intents' })).toContainText('Order pizza');

    // User Conversations: 50 per page, Next, then the end of the list; and the CSV.
    await report.getByRole('tab', { name: 'User Conversations' }).click();
    await expect(report.getByRole('grid', { name: 'User Conversations' }).getByRole('rowgroup').last().getByRole('row')).toHaveCount(50);
    await report.getByRole('button', { name: 'Next' }).click();
    await expect(report.getByText('Rows 51–')).toBeVisible();
    await expect(report.getByRole('button', { name: 'Previous' })).toBeEnabled();
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/^conversation_report_.*\.csv$/);
    await report.getByRole('tab', { name: 'Overview' }).click();
    await expect(report.getByRole('button', { name: 'Download' })).toHaveCount(0);
  });
});
