import { expect, test } from '@playwright/test';
import { ADMIN, signInWithForm } from './api.js';

const OUT_OF_SCOPE = "Sorry, I didn't get that. Could you say it another way?";

test.describe('Agent designer', () => {
  test('builds, trains and talks to an NLP agent only through the UI', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `Pizza Bot ${Date.now().toString(36)}`;
    await signInWithForm(page, ADMIN);
    await page.goto('/bots');

    // Create the agent.
    await page.getByRole('button', { name: 'Create New Agent' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('radio', { name: 'NLP Based' }).check();
    await dialog.getByLabel('Description').fill('Takes pizza orders');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Agent Created  Successfully')).toBeVisible();
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Not Trained')).toBeVisible();
    await card.getByRole('button', { name: `Open ${name}` }).click();
    await expect(page).toHaveURL(/\/bots\/[0-9a-f-]+$/);
    await expect(page.getByRole('link', { name: 'Intents' })).toHaveAttribute('aria-current', 'page');

    // A story, created on Enter.
    await page.getByRole('button', { name: 'Add Story' }).click();
    await page.getByPlaceholder('Press ENTER to create a story').fill('Ordering');
    await page.getByPlaceholder('Press ENTER to create a story').press('Enter');
    await expect(page.getByText('Story Saved Successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Ordering', exact: true }).click();

    // An intent with two phrases and a markdown response.
    await page.getByRole('button', { name: 'Create Intent' }).click();
    await page.getByLabel('Intent name').fill('Order pizza');
    const phrases = page.getByLabel('Add training phrases');
    await phrases.fill('I want to order a pizza');
    await phrases.press('Control+Enter');
    await phrases.fill('can I get a large pizza');
    await phrases.press('Control+Enter');
    await expect(page.getByRole('textbox', { name: /Training phrase: can I get a large pizza/ })).toBeVisible();

    await page.getByRole('tab', { name: 'Response' }).click();
    const editor = page.getByRole('textbox', { name: 'Response' });
    await editor.click();
    await page.keyboard.type('Your pizza is ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('on its way');
    await page.keyboard.press('Control+Enter');
    await expect(page.getByRole('list', { name: 'Responses' }).locator('strong', { hasText: 'on its way' })).toBeVisible();

    // Select "large" with the keyboard: the entity picker opens; make a new synonym entity from it.
    await page.getByRole('tab', { name: 'Training phrases' }).click();
    const phrase = page.getByRole('textbox', { name: /Training phrase: can I get a large pizza/ });
    await phrase.focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 'can I get a '.length; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 'large'.length; i++) await page.keyboard.press('Shift+ArrowRight');
    const picker = page.getByRole('region', { name: 'Entity picker' });
    await expect(picker).toBeVisible();
    await picker.getByRole('button', { name: 'New entity from “large”' }).click();
    await picker.getByLabel('Entity name').fill('pizza_size');
    await picker.getByLabel('Synonyms').fill('large, big, family size');
    await picker.getByRole('button', { name: 'Create entity' }).click();

    // The parameter: required, with a prompt.
    const params = page.getByRole('list', { name: 'Entity parameters' });
    await expect(params.getByText('@pizza_size')).toBeVisible();
    await expect(phrase.locator('mark', { hasText: 'large' })).toBeVisible();
    await params.getByRole('checkbox', { name: 'Required' }).check();
    await params.getByLabel('Add prompt').fill('What size would you like?');
    await params.getByLabel('Add prompt').press('Enter');
    await expect(params.getByText('What size would you like?')).toBeVisible();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Intent Saved Successfully')).toBeVisible();

    // Train, watching the progress reach done.
    await page.getByRole('button', { name: 'Train Agent' }).click();
    await expect(page.getByText('Please wait while we are building the knowledge base!!')).toBeVisible();
    await expect(page.getByText('Agent Trained Successfully')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Trained', { exact: true })).toBeVisible();

    // Try it: the prompt is asked, filled on the next turn, and the markdown response renders.
    await page.getByRole('button', { name: 'Try it' }).click();
    const chat = page.locator('parley-try-it');
    const input = chat.getByPlaceholder('Type a message');
    await input.fill('I want to order a pizza');
    await input.press('Enter');
    await expect(chat.locator('[part~="bot"]').last()).toHaveText('What size would you like?');
    await input.fill('a big one please');
    await input.press('Enter');
    await expect(chat.locator('[part~="bot"]').last().locator('strong')).toHaveText('on its way');
    await input.fill('what is the capital of peru');
    await input.press('Enter');
    await expect(chat.locator('[part~="bot"]').last()).toHaveText(OUT_OF_SCOPE);
  });

  test('a Report Viewer sees the agents but cannot create, edit, delete or train', async ({ page }) => {
    await signInWithForm(page, 'viewer@parley.dev');
    await page.goto('/bots');
    const card = page.getByRole('article').first();
    await expect(card).toBeVisible();
    // Absences mean something only once the designer knows who is looking: it says 'View only' then.
    await expect(page.getByText('View only')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create New Agent' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /Actions for/ })).toHaveCount(0);
    await card.getByRole('button', { name: /^Open / }).click();
    await expect(page.getByRole('button', { name: 'Try it' })).toBeVisible();
    await expect(page.getByText('View only')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Train Agent' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Story' })).toHaveCount(0);
  });
});
