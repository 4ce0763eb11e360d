import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiLogin, signInWithForm } from './api.js';

/**
 * Issue 35's "done when" in the console, with two browser pages: a customer on the sandbox phone asks for a person,
 * the chat rings in the agent's widget, is picked up from the Chat Notification modal, answered from the inbox, read
 * on the phone (the agent sees the ticks), and closed with feedback. Then a chat whose 24-hour window has closed gets
 * its template from inside the chat.
 */
const widgetButton = (page: Page) => page.getByRole('button', { name: /^Chat notifications/ });
const waiting = async (page: Page) => Number(/(\d+) waiting/.exec((await widgetButton(page).getAttribute('aria-label')) ?? '')?.[1] ?? NaN);
const inbox = (page: Page) => page.locator('parley-live-chat');

async function choose(page: Page, box: Locator, name: string) {
  await box.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(box).toHaveValue(name);
}

test.describe('an agent answers live chats in the console', () => {
  test('a sandbox customer rings, is picked up, answered and read, a colleague joins, then the chat is closed with feedback', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInWithForm(page, 'agent@parley.dev');
    await expect(widgetButton(page)).toHaveAccessibleName(/waiting/);
    const before = await waiting(page);

    const phone = await context.newPage();
    await phone.goto('/sandbox/phone');
    await phone.getByLabel('Customer number').fill('+919811166677');
    await phone.getByLabel('Display name').fill('Dev Patel');
    await phone.getByRole('button', { name: 'Open chat' }).click();
    const message = phone.getByPlaceholder('Message');
    await message.fill('agent please, I was charged twice');
    await message.press('Enter');

    // It rings: the count goes up, and the modal lists the customer.
    await expect(widgetButton(page)).toHaveAccessibleName(`Chat notifications, ${before + 1} waiting`, { timeout: 30_000 });
    await widgetButton(page).click();
    await page
      .getByRole('dialog', { name: 'Live chats' })
      .getByRole('button', { name: /^Live \d/ })
      .click();
    const modal = page.getByRole('dialog', { name: 'Chat Notification' });
    await modal.getByRole('button', { name: 'Pickup Dev Patel' }).click();
    await page.getByRole('alertdialog', { name: 'Do you want pickup this chat ?' }).getByRole('button', { name: 'Pickup' }).click();
    await expect(page).toHaveURL(/\/chat\/conversation\?chatId=/);

    // The thread shows the customer's words; the agent answers with Enter.
    const thread = inbox(page).getByRole('log');
    await expect(thread).toContainText('agent please, I was charged twice');
    const reply = inbox(page).getByRole('textbox', { name: 'Reply' });
    await reply.fill('Sorry Dev, I am refunding the second charge now.');
    await reply.press('Enter');
    await expect(phone.getByText('Sorry Dev, I am refunding the second charge now.', { exact: true })).toBeVisible({ timeout: 15_000 });
    // The phone shows it, so it is read: blue ticks on the agent's bubble.
    const mine = inbox(page).locator('.plc-message[data-actor="agent"]', { hasText: 'refunding the second charge' });
    await expect(mine.locator('.plc-tick')).toHaveAttribute('aria-label', 'Read', { timeout: 20_000 });

    // A colleague is invited from the inbox; once they accept, the thread says they joined.
    await inbox(page).getByRole('button', { name: 'Invite', exact: true }).click();
    const invite = page.getByRole('dialog', { name: 'Invite an agent' });
    await invite.getByRole('radio', { name: /^Demo Admin/ }).check();
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(invite).toBeHidden();
    const chatId = new URL(page.url()).searchParams.get('chatId')!;
    const admin = await apiLogin(request, ADMIN);
    const joined = await (
      await request.post(`/api/e/enterprise/chat/${chatId}/pickup`, { headers: { 'authentication-token': admin.token }, form: { type: 'invited' } })
    ).json();
    expect(joined.status, joined.message).toBe(true);
    await expect(thread).toContainText('Demo Admin joined the chat', { timeout: 15_000 });

    await inbox(page).getByRole('button', { name: 'Close chat' }).click();
    const closing = page.getByRole('dialog', { name: /Close/ });
    await closing.getByRole('textbox').fill('Refunded the double charge');
    await closing
      .getByRole('button', { name: /^Close/ })
      .last()
      .click();
    await expect(closing).toBeHidden();
    await expect(inbox(page).getByRole('option', { name: /Dev Patel/ })).toHaveCount(0);
  });

  test("a chat whose customer's window has closed gets a template from inside the chat, then goes to a colleague", async ({ page, request }) => {
    test.setTimeout(90_000);
    await signInWithForm(page, 'agent@parley.dev');
    await page.goto('/chat/conversation');
    await inbox(page)
      .getByRole('option', { name: /Kavya Menon/ })
      .click();
    await expect(inbox(page).getByText("The customer's 24-hour window has closed", { exact: false }).first()).toBeVisible();
    await expect(inbox(page).getByRole('textbox', { name: 'Reply' })).toBeDisabled();
    await inbox(page).getByRole('button', { name: 'Send template' }).click();

    const sender = page.locator('parley-broadcast-sender');
    await expect(async () => {
      await choose(page, sender.getByRole('combobox', { name: 'Template' }), 'order_update');
      await expect(sender.locator('.pbs-map-row[data-key="0:BODY::{{2}}"] input')).toBeVisible({ timeout: 4_000 });
    }).toPass({ timeout: 30_000 });
    await expect(sender.getByLabel('Mobile Numbers')).toHaveValue('+919820011007');
    await sender.locator('.pbs-map-row[data-key="0:BODY::{{1}}"] input').fill('Kavya');
    await sender.locator('.pbs-map-row[data-key="0:BODY::{{2}}"] input').fill('#CAT-30');
    await sender.getByRole('button', { name: 'Send' }).click();

    // The sender closes after sending, and the template is the agent's turn in the thread, as Kavya reads it.
    await expect(sender).toHaveCount(0, { timeout: 15_000 });
    await expect(inbox(page).getByRole('log')).toContainText('Hi Kavya, your order #CAT-30 has shipped', { timeout: 15_000 });

    // Handed to a colleague: once they accept, the chat is theirs and leaves this agent's inbox.
    await inbox(page).getByRole('button', { name: 'Transfer', exact: true }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer chat' });
    await transfer.getByRole('radio', { name: /^Demo Admin/ }).check();
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await expect(transfer).toBeHidden();
    const chatId = new URL(page.url()).searchParams.get('chatId')!;
    const admin = await apiLogin(request, ADMIN);
    const accepted = await (
      await request.post(`/api/e/enterprise/chat/${chatId}/pickup`, { headers: { 'authentication-token': admin.token }, form: { type: 'transferred' } })
    ).json();
    expect(accepted.status, accepted.message).toBe(true);
    await expect(inbox(page).getByRole('option', { name: /Kavya Menon/ })).toHaveCount(0, { timeout: 15_000 });
  });
});
