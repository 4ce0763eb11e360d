import { expect, test } from '@playwright/test';
import { signInWithForm } from './api.js';

const ASKED = 'Thanks! Could you tell me the order number? (Parley sandbox model)';
const CONFIRMED = "Thank you, I have noted your customer's name Asha Rao and order number ORD-10422. (Parley sandbox model)";

test.describe('Prompt agent', () => {
  test("the demo's prompt agent collects a name and an order number in Try-it, through the sandbox LLM, and the report shows them", async ({ page }) => {
    test.setTimeout(90_000);
    await signInWithForm(page);
    await page.goto('/bots');

    // The seeded prompt agent opens on its Prompt Configuration, using the sandbox LLM configuration.
    const card = page.getByRole('article', { name: 'Demo Order Desk' });
    await card.getByRole('button', { name: 'Open Demo Order Desk' }).click();
    await expect(page).toHaveURL(/\/bots\/[0-9a-f-]+\/prompt$/);
    await expect(page.getByRole('heading', { name: 'Prompt Configuration' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Parley sandbox \(no key needed\) AI API Configuration/ })).toBeVisible();

    // No Train needed: Try it answers at once, asking for what is missing, then confirming both values.
    await page.getByRole('button', { name: 'Try it' }).click();
    const chat = page.locator('parley-try-it');
    const input = chat.getByPlaceholder('Type a message');
    await input.fill('Hi, my name is Asha Rao');
    await input.press('Enter');
    await expect(chat.locator('[part~="bot"]').last()).toHaveText(ASKED);
    await input.fill("it's ORD-10422");
    await input.press('Enter');
    await expect(chat.locator('[part~="bot"]').last()).toHaveText(CONFIRMED);
    await expect(chat.locator('[part="messages"]')).toHaveAttribute('aria-busy', 'false');

    // The report's conversation rows carry the collected values.
    await page.goto('/nlp-report/overview');
    const report = page.locator('parley-nlp-report');
    await report.getByRole('button', { name: /Data Source/ }).click();
    await page.getByRole('option', { name: 'Demo Order Desk' }).click();
    await report.getByRole('button', { name: 'Submit' }).click();
    await report.getByRole('tab', { name: 'User Conversations' }).click();
    const row = report.getByRole('row').filter({ hasText: "it's ORD-10422" });
    await expect(row.locator('.pnr-collected dt')).toHaveText(['name', 'orderNumber']);
    await expect(row.locator('.pnr-collected dd')).toHaveText(['Asha Rao', 'ORD-10422']);
  });
});
