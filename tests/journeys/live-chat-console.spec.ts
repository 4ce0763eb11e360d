import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInWithForm } from './api.js';

const AGENT = 'agent@parley.dev';

/** What axe reports as serious or critical on the page as it stands. */
async function seriousProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')} — ${v.help}`));
}

const widgetButton = (page: Page) => page.getByRole('button', { name: /^Chat notifications/ });

async function chooseFromDropdown(page: Page, type: string) {
  await widgetButton(page).click();
  const dropdown = page.getByRole('dialog', { name: 'Live chats' });
  await dropdown.getByRole('button', { name: new RegExp(`^${type} \\d`) }).click();
}

test.describe('live chat in the console', () => {
  test('an agent sees the waiting chats in the top bar, picks one up from the Chat Notification modal and lands in the conversation', async ({ page }) => {
    await signInWithForm(page, AGENT);
    // The demo: two chats waiting (Priya Sharma, Rahul Verma) and one missed (Meera Iyer); journeys before this one
    // may have left the agent a request (an assigned chat), so the total is read, not assumed.
    await expect(widgetButton(page)).toHaveAccessibleName(/Chat notifications, [1-9]\d* waiting/);
    const total = Number(/(\d+) waiting/.exec((await widgetButton(page).getAttribute('aria-label')) ?? '')?.[1]);
    // The floating box is off until turned on from the dropdown.
    await widgetButton(page).click();
    await page.getByRole('dialog', { name: 'Live chats' }).getByRole('switch', { name: 'Floating box' }).click();
    await page.keyboard.press('Escape');
    const box = page.getByRole('complementary', { name: 'Live chat counts' });
    await expect(box.getByRole('button', { name: /^Live \d/ })).toHaveAccessibleName('Live 2 chats');
    await expect(box.getByRole('button', { name: /^Missed \d/ })).toHaveAccessibleName('Missed 1 chat');

    await chooseFromDropdown(page, 'Transferred');
    await expect(page.getByText('No Transferred Chats to Accept!')).toBeVisible();

    await chooseFromDropdown(page, 'Live');
    const modal = page.getByRole('dialog', { name: 'Chat Notification' });
    await expect(modal.getByRole('row', { name: /Priya Sharma/ })).toContainText('Can someone check where it is?');
    await expect(modal.getByRole('row', { name: /Rahul Verma/ })).toContainText('+919820011002');
    expect(await seriousProblems(page)).toEqual([]);

    await modal.getByRole('button', { name: 'Pickup Priya Sharma' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Do you want pickup this chat ?' });
    await expect(confirm.getByRole('button', { name: 'Ignore' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Pickup' }).click();
    await expect(page).toHaveURL(/\/chat\/conversation\?chatId=[\w-]+/);
    await expect(confirm).toBeHidden();
    await expect(widgetButton(page)).toHaveAccessibleName(`Chat notifications, ${total - 1} waiting`);
  });

  test("a customer's message on the sandbox phone raises the count without a reload", async ({ page, context }) => {
    test.setTimeout(90_000);
    await signInWithForm(page, AGENT);
    // On a chat page the console stays put when a chat arrives (4.5), so the count is what moves.
    await page.goto('/chat/history');
    await expect(page.getByRole('heading', { name: 'Chat History' })).toBeVisible();
    await expect(widgetButton(page)).toHaveAccessibleName(/waiting/);
    const before = Number(/(\d+) waiting/.exec((await widgetButton(page).getAttribute('aria-label')) ?? '')?.[1]);

    const phone = await context.newPage();
    await phone.goto('/sandbox/phone');
    await phone.getByLabel('Customer number').fill('+919811144455');
    await phone.getByLabel('Display name').fill('Kavya Rao');
    await phone.getByRole('button', { name: 'Open chat' }).click();
    const input = phone.getByPlaceholder('Message');
    await input.fill('agent please, where is my order?');
    await input.press('Enter');

    await expect(widgetButton(page)).toHaveAccessibleName(`Chat notifications, ${before + 1} waiting`, { timeout: 30_000 });
    await expect(page).toHaveURL(/\/chat\/history/);
  });

  test('the history lists closed chats, keeps its filters over a reload and opens a transcript', async ({ page }) => {
    await signInWithForm(page, AGENT);
    await page.goto('/chat/history');
    const table = page.getByRole('grid', { name: 'Closed chats' });
    await expect(table.getByRole('row', { name: /Sneha Kulkarni/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Vikram Singh/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousProblems(page)).toEqual([]);

    await page.getByLabel('Customer', { exact: true }).fill('Sneha');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/customer=Sneha/);
    await expect(table.getByRole('row', { name: /Vikram Singh/ })).toBeHidden();
    await page.reload();
    await expect(page.getByLabel('Customer', { exact: true })).toHaveValue('Sneha');
    await expect(table.getByRole('row', { name: /Sneha Kulkarni/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Vikram Singh/ })).toBeHidden();

    await table.getByRole('row', { name: /Sneha Kulkarni/ }).click();
    const transcript = page.getByRole('dialog', { name: 'Chat with Sneha Kulkarni' });
    await expect(transcript.getByText('My order came without the garlic dip')).toBeVisible();
    await expect(transcript.getByText("Sorry! I've refunded ₹49 to your card.")).toBeVisible();
    await expect(transcript.getByText(/closed the chat/)).toBeVisible();
    await expect(page).toHaveURL(/chatId=/);
    expect(await seriousProblems(page)).toEqual([]);
  });
});
