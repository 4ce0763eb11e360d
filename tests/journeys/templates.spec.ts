import { expect, test } from '@playwright/test';
import { signInWithForm } from './api.js';

/**
 * Message Templates: an admin builds a carousel of three cards for the demo's sandbox channel, is stopped by the
 * spec's rules until every card is complete, watches the preview draw the cards, saves, and sees the sandbox's
 * review turn the new template from Pending to Approved in the list.
 */
test.describe('message templates', () => {
  test('create a carousel template, preview its cards and see it approved', async ({ page }) => {
    test.setTimeout(120_000);
    await signInWithForm(page);
    await page.goto('/admin/messageTemplate/whatsapp');
    await expect(page.getByRole('row', { name: /spring_collection/ })).toBeVisible();

    await page.getByRole('button', { name: 'Create Template' }).click();
    await expect(page.getByRole('heading', { name: 'Create Template' })).toBeVisible();
    const form = page.getByRole('form', { name: 'New template' });
    const preview = page.getByRole('figure', { name: 'Template preview' });

    // The name's rule is checked as it is typed.
    await form.getByLabel('Name').fill('Summer Picks');
    await expect(form.getByText('Template name can contain only lowercase letters, numbers and underscores')).toBeVisible();
    const name = `summer_picks_${Date.now()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: /Channel/ }).click();
    await page.getByRole('option', { name: 'WhatsApp Sandbox' }).click();
    await form.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Marketing', exact: true }).click();
    await form.getByRole('radio', { name: 'Carousel' }).check();

    // "Add variable" puts {{1}} in the body; its example shows in the preview.
    await form.getByLabel('Body', { exact: true }).fill('Hi , our *summer picks* are here.');
    await form.getByLabel('Body', { exact: true }).press('Home');
    for (let i = 0; i < 3; i++) await form.getByLabel('Body', { exact: true }).press('ArrowRight');
    await form.getByRole('button', { name: 'Add variable' }).first().click();
    await expect(form.getByLabel('Body', { exact: true })).toHaveValue('Hi {{1}}, our *summer picks* are here.');
    await form.getByLabel('Example for {{1}}').first().fill('Ana');
    await expect(preview.locator('.ptp-bubble .ptp-body')).toHaveText('Hi Ana, our summer picks are here.');
    await expect(preview.locator('.ptp-bubble strong')).toHaveText('summer picks');

    // Two cards to start with; a third is added. Two are filled in, then Save is refused for the third.
    await form.getByRole('button', { name: 'Add card' }).click();
    await expect(preview.getByRole('group', { name: /^Card \d$/ })).toHaveCount(3);
    const cards = ['Linen shirts, now _light_', 'Canvas sneakers, ~$59~ $49', 'Straw hats for *sunny* days'];
    for (let i = 0; i < 2; i++) {
      const card = form.getByRole('group', { name: `Card ${i + 1}` });
      await card.getByLabel('Sample media URL').fill(`https://example.com/parley-demo/card-${i + 1}.jpg`);
      await card.getByLabel('Card body').fill(cards[i]!);
    }
    await form.getByRole('button', { name: 'Save' }).click();
    const third = form.getByRole('group', { name: 'Card 3' });
    await expect(third.getByText('Media missing in card 3')).toBeVisible();
    await expect(third.getByText('Body is required')).toBeVisible();
    await expect(page).toHaveURL(/\/whatsapp\/new$/);

    // The card body's counter turns red past 160 and the rule's words show; then the card is completed.
    await third.getByLabel('Sample media URL').fill('https://example.com/parley-demo/card-3.jpg');
    await third.getByLabel('Card body').fill('x'.repeat(161));
    await expect(third.getByText('161/160')).toHaveAttribute('data-over', 'true');
    await expect(third.getByText('Card body can be at most 160 characters')).toBeVisible();
    await third.getByLabel('Card body').fill(cards[2]!);
    for (let i = 0; i < 3; i++) {
      const card = form.getByRole('group', { name: `Card ${i + 1}` });
      await card.getByRole('button', { name: 'Add button' }).click();
      await page.getByRole('menuitem', { name: 'Quick reply' }).click();
      await expect(page.getByRole('menu')).toHaveCount(0);
      await card.getByLabel('Button text').fill('Add to cart');
    }

    // The preview shows the three cards with their text, formatting and buttons.
    const shown = preview.getByRole('group', { name: /^Card \d$/ });
    await expect(shown).toHaveCount(3);
    await expect(shown.nth(0).locator('.ptp-body')).toHaveText('Linen shirts, now light');
    await expect(shown.nth(0).locator('em')).toHaveText('light');
    await expect(shown.nth(1).locator('s')).toHaveText('$59');
    await expect(shown.nth(2).locator('strong')).toHaveText('sunny');
    for (let i = 0; i < 3; i++) await expect(shown.nth(i).locator('.ptp-button')).toHaveText('Add to cart');

    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Template submitted for approval')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/messageTemplate\/whatsapp$/);

    // The list shows it Pending, then Approved once the sandbox has reviewed it (it refreshes by itself).
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Carousel');
    await expect(row).toContainText(/Pending|Approved/);
    await expect(row).toContainText('Approved', { timeout: 30_000 });

    // Its read-only view draws the same three cards.
    await row.getByRole('button', { name: `View ${name}` }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Template preview' }).getByRole('group', { name: /^Card \d$/ })).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  });
});
