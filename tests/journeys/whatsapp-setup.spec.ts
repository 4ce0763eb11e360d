import { expect, test, type Page } from '@playwright/test';
import { signInWithForm } from './api.js';

/** A real 2 x 2 PNG (the server reads the bytes, not the name). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4AWM8AQQMQMDEAAUAMKYDJOk+9mYAAAAASUVORK5CYII=', 'base64');

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * Issue 19's whole path, as an admin walks it: a WhatsApp channel on the built-in sandbox through the vendor form
 * (wrong fields first), an image uploaded into a bucket of the library, a carousel template whose first card's media
 * is picked in <parley-attachment-dialog>, and the sandbox's review turning the template Approved.
 */
test.describe('whatsapp set-up', () => {
  test('channel through the vendor form, image into a bucket, carousel template with media picked in the attachment dialog, approved', async ({ page }) => {
    test.setTimeout(150_000);
    const stamp = Date.now();
    await signInWithForm(page);

    // 1. The channel: the vendor form refuses empty fields in the vendor table's words, then saves.
    await page.goto('/admin/channels/new');
    const channelName = `Sandbox ${stamp}`;
    await field(page, 'Name').fill(channelName);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(field(page, 'Valid Waba Phone Number')).toHaveAccessibleDescription('Valid Waba Phone Number is required');
    await expect(field(page, 'Access token')).toHaveAccessibleDescription('Access token is required');
    await field(page, 'Valid Waba Phone Number').fill('+1 555 010 0888');
    await field(page, 'Phone number id').fill(`3${stamp}`);
    await field(page, 'Waba id').fill(`4${stamp}`);
    await field(page, 'Access token').fill('sandbox-access-token');
    await field(page, 'App secret').fill('sandbox-app-secret');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/channels$/);
    await expect(page.getByText('Channel saved successfully')).toBeVisible();

    // 2. A bucket in My Library with an image uploaded into it.
    await page.goto('/content-library');
    const buckets = page.getByRole('navigation', { name: 'Buckets' });
    await buckets.getByRole('button', { name: 'New bucket' }).click();
    const bucketName = `Cards ${stamp}`;
    await page.getByRole('dialog', { name: 'New bucket' }).getByRole('textbox', { name: 'Bucket name' }).fill(bucketName);
    await page.getByRole('dialog', { name: 'New bucket' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: bucketName, level: 2 })).toBeVisible();
    await page.getByLabel('Files to upload').setInputFiles({ name: 'linen-card.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('list', { name: 'Attachments' }).getByRole('listitem', { name: 'linen-card.png' })).toBeVisible();

    // 3. A carousel template on the new channel; card 1's media comes from the bucket through the attachment dialog.
    await page.goto('/admin/messageTemplate/whatsapp/new');
    const form = page.getByRole('form', { name: 'New template' });
    const name = `linen_week_${stamp}`;
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: /Channel/ }).click();
    await page.getByRole('option', { name: channelName }).click();
    await form.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Marketing', exact: true }).click();
    await form.getByRole('radio', { name: 'Carousel' }).check();
    await form.getByLabel('Body', { exact: true }).fill('Our linen week is on.');

    const first = form.getByRole('group', { name: 'Card 1' });
    await first.getByRole('button', { name: 'Choose from library' }).click();
    const dialog = page.locator('parley-attachment-dialog');
    const modal = page.getByRole('dialog', { name: 'Attachments' });
    await expect(modal).toBeVisible();
    await modal
      .getByRole('radio', { name: 'Bucket' })
      .or(modal.getByRole('button', { name: 'Bucket' }))
      .first()
      .click();
    await modal
      .getByRole('list', { name: 'Buckets' })
      .getByRole('button', { name: new RegExp(bucketName) })
      .click();
    await expect(modal.getByText('Back to bucket')).toBeVisible();
    await modal
      .getByRole('list', { name: bucketName })
      .getByRole('button', { name: /linen-card/ })
      .click();
    await expect(dialog).toHaveCount(0);
    await expect(first.getByLabel('Sample media URL')).toHaveValue(/\/files\/[0-9a-f-]{36}\/linen-card\.png$/);

    await first.getByLabel('Card body').fill('Linen shirts in five colours.');
    const second = form.getByRole('group', { name: 'Card 2' });
    await second.getByLabel('Sample media URL').fill('https://example.com/parley-demo/card-2.jpg');
    await second.getByLabel('Card body').fill('Linen trousers, cut loose.');
    // The preview draws the picked image in card 1.
    const preview = page.getByRole('figure', { name: 'Template preview' });
    await expect(preview.getByRole('group', { name: 'Card 1' }).locator('img')).toHaveAttribute('src', /linen-card\.png$/);

    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Template submitted for approval')).toBeVisible();

    // 4. The sandbox reviews it: Pending turns Approved in the list without a reload.
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(channelName);
    await expect(row).toContainText('Approved', { timeout: 30_000 });
  });
});
