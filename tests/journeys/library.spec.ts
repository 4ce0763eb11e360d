import { expect, test } from '@playwright/test';
import { signInWithForm } from './api.js';

/** A real 2 x 2 PNG (the server reads the bytes, not the name). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4AWM8AQQMQMDEAAUAMKYDJOk+9mYAAAAASUVORK5CYII=', 'base64');

test.describe('my library', () => {
  test('create a bucket, upload an image into it, see its thumbnail; a text file named .png is refused', async ({ page }) => {
    await signInWithForm(page);

    // The user menu leads to My Library (the demo admin has artifactsEnabled).
    await page.getByRole('button', { name: /user menu$/ }).click();
    await page.getByRole('menuitem', { name: 'My Library' }).click();
    await expect(page).toHaveURL(/\/content-library$/);
    await expect(page.getByRole('heading', { name: 'My Library' })).toBeVisible();
    const buckets = page.getByRole('navigation', { name: 'Buckets' });
    await expect(buckets.getByRole('button', { name: /^Spring campaign/ })).toBeVisible();

    // A bucket: a blank name is refused with the spec's words, a real one is saved and opened.
    await buckets.getByRole('button', { name: 'New bucket' }).click();
    const dialog = page.getByRole('dialog', { name: 'New bucket' });
    const name = dialog.getByRole('textbox', { name: 'Bucket name' });
    await name.fill('   ');
    await name.blur();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    const bucketName = `Journey ${Date.now()}`;
    await name.fill(`  ${bucketName}  `);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alertdialog', { name: 'Bucket saved successfully' })).toBeVisible();
    await expect(page.getByRole('heading', { name: bucketName, level: 2 })).toBeVisible();
    const bucketButton = buckets.getByRole('button', { name: new RegExp(`^${bucketName}`) });
    await expect(bucketButton).toHaveAttribute('aria-current', 'page');

    // Upload a PNG into the open bucket: progress, then its card with the image itself as thumbnail.
    const files = page.getByLabel('Files to upload');
    await files.setInputFiles({ name: 'journey-banner.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('alertdialog', { name: 'File uploaded successfully' })).toBeVisible();
    const grid = page.getByRole('list', { name: 'Attachments' });
    const card = grid.getByRole('listitem', { name: 'journey-banner.png' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('journey-banner.png');
    const thumb = card.locator('img');
    await expect(thumb).toHaveJSProperty('complete', true);
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await expect(bucketButton).toHaveAccessibleName(`${bucketName} 1`);

    // It is in the bucket on the server too: leave and come back.
    await buckets.getByRole('button', { name: 'All attachments' }).click();
    await expect(grid.getByRole('listitem', { name: 'Spring sale banner.png' })).toBeVisible();
    await bucketButton.click();
    await expect(grid.getByRole('listitem')).toHaveCount(1);
    await expect(grid.getByRole('listitem', { name: 'journey-banner.png' }).locator('img')).toBeVisible();

    // A text file renamed .png: the server reads it and refuses it, on its row and as a toast.
    await files.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image\n') });
    const row = page.getByRole('region', { name: 'Uploads' }).getByRole('listitem', { name: 'notes.png' });
    await expect(row.getByRole('alert')).toHaveText('Invalid File Format !');
    await expect(page.getByRole('alertdialog', { name: 'Invalid File Format !' }).getByRole('img', { name: 'Error' })).toBeVisible();
    await expect(grid.getByRole('listitem')).toHaveCount(1);
  });
});
