import { expect, test } from '@playwright/test';
import { signInWithForm } from './api.js';

/** A file as a spreadsheet writes it, with every kind of mistake the import must report rather than drop. */
const CSV = [
  '\uFEFFPhone,Name,City,Membership',
  '+91 99000 11001,"Kiran, Rao",Pune,Gold card',
  '+91 99000 11002,"Lata',
  'Menon",Kochi,Silver card',
  '+91 99000 11001,Kiran Again,Pune,Gold card',
  '12345,Bad Phone,Delhi,Gold card',
  '+91 99000 11003,No Membership,Goa,',
  '+91 99000 11004,Farid Khan,Agra,Bronze card',
].join('\r\n');

test.describe('customer master', () => {
  test('define a mandatory field, upload a messy CSV, read its errors, find the customers and pick two', async ({ page }) => {
    await signInWithForm(page);

    // Manage Customer Attributes: a mandatory text field.
    await page.goto('/customer-master/definition');
    const master = page.locator('parley-customer-master');
    await expect(master.getByRole('rowheader', { name: 'Phone Number' }).first()).toBeVisible();
    await master.getByRole('button', { name: 'Add Fields' }).click();
    const panel = page.getByRole('dialog', { name: 'Add New Field' });
    await panel.getByLabel('Field Name').fill('membership');
    await panel.getByLabel('Field Label').fill('Membership');
    await panel.getByLabel('Help Text').fill('Card the customer holds');
    await panel.getByRole('button', { name: /Field Type/ }).click();
    await page.getByRole('option', { name: 'Text', exact: true }).click();
    await panel.getByRole('button', { name: /Input Type/ }).click();
    await page.getByRole('option', { name: 'Alphanumeric' }).click();
    await panel.getByRole('checkbox', { name: 'Mandatory' }).check();
    await panel.getByRole('button', { name: 'Create' }).click();
    await expect(master.getByRole('row', { name: /Membership/ })).toBeVisible();

    // A new segment, then Upload.
    await page.goto('/customer-master/customers');
    await master.getByRole('button', { name: 'Add Segment' }).click();
    const segmentName = `Journey ${Date.now()}`;
    await page.getByLabel('Segment Name').fill(segmentName);
    await page.getByRole('button', { name: 'Save' }).click();
    await master.getByRole('button', { name: new RegExp(segmentName) }).click();
    await master.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page).toHaveURL(/\/customer-master\/uploadfile\//);

    // The file: columns matched by name, Membership (mandatory) matched by its label.
    await master.getByLabel('CSV file').setInputFiles({ name: 'journey.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    const mapping = master.getByRole('table', { name: 'Column mapping' });
    await expect(mapping.getByRole('row')).toHaveCount(5);
    await expect(mapping.getByRole('button', { name: /Value for Phone/ })).toContainText('Phone Number');
    await expect(mapping.getByRole('button', { name: /Value for Membership/ })).toContainText('Membership');
    await master.getByRole('button', { name: 'Upload', exact: true }).click();

    // Progress, then the counts: 6 rows, 3 accepted, 3 rejected; nothing dropped.
    const result = master.getByRole('region', { name: 'Upload result' });
    await expect(result.getByText('Uploaded Succesfully')).toBeVisible();
    await expect(result).toHaveAttribute('data-state', 'COMPLETED', { timeout: 30_000 });
    await expect(result.locator('dd')).toHaveText(['6', '3', '3']);

    // My Uploads lists it with the same counts; its row opens the error list.
    await result.getByText('Uploads', { exact: true }).click();
    const uploads = master.getByRole('grid', { name: 'My Uploads' });
    const row = uploads.getByRole('row', { name: /journey\.csv/ });
    await expect(row).toContainText('COMPLETED');
    await expect(row.getByRole('rowheader').or(row.getByRole('gridcell'))).toContainText(['journey.csv', '6', '3', '3']);
    await row.click();
    const errors = master.getByRole('grid', { name: 'Error List' });
    await expect(errors.getByRole('row')).toHaveCount(4);
    await expect(errors).toContainText('Line 5');
    await expect(errors).toContainText('This phone number is repeated in the file');
    await expect(errors).toContainText('Line 6');
    await expect(errors).toContainText('Please enter a valid phone number with country code');
    await expect(errors).toContainText('Line 7');
    await expect(errors).toContainText('Membership: This field is required');

    // The customers are in the segment, the quoted newline read as one value.
    await page.goto('/customer-master/customers');
    await master.getByRole('button', { name: new RegExp(segmentName) }).click();
    const table = master.getByRole('region', { name: 'Customers' });
    await expect(table.getByRole('button', { name: 'Kiran, Rao', exact: true })).toBeVisible();
    await expect(table.getByRole('button', { name: 'Lata Menon', exact: true })).toBeVisible();
    await expect(table.getByRole('button', { name: 'Farid Khan', exact: true })).toBeVisible();
    await expect(table.getByText('+919900011001')).toBeVisible();

    // <parley-customer-picker>, as a partner page loads it: pick two of them.
    const token = await page.evaluate(() => localStorage.getItem('parley.token'));
    await page.evaluate(async (t) => {
      await import('/elements/parley-customer-picker.js' as string);
      const picker = document.createElement('parley-customer-picker');
      picker.setAttribute('token', t ?? '');
      picker.setAttribute('api-base', '/api');
      picker.addEventListener('parley-customers-selected', (e) => ((window as unknown as { picked: unknown }).picked = (e as CustomEvent).detail));
      document.body.append(picker);
      picker.setAttribute('open', '');
    }, token);
    const picker = page.getByRole('dialog', { name: "Customer's List" });
    await picker.getByRole('searchbox').fill('99000');
    await picker
      .getByRole('row', { name: /Kiran, Rao/ })
      .getByRole('checkbox')
      .check();
    await picker
      .getByRole('row', { name: /Farid Khan/ })
      .getByRole('checkbox')
      .check();
    await expect(picker.getByText('2 selected')).toBeVisible();
    await picker.getByRole('button', { name: 'Yes' }).click();
    await expect(picker).toBeHidden();
    const picked = await page.evaluate(() => (window as unknown as { picked: { customers: { name: string; phoneNumber: string }[] } }).picked);
    expect(picked.customers).toEqual([
      { name: 'Kiran, Rao', phoneNumber: '+919900011001' },
      { name: 'Farid Khan', phoneNumber: '+919900011004' },
    ]);
  });
});
