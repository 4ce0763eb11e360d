import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ParleyEvent } from '../../realtime/event-bus.js';
import { call, login, startServer } from '../../test/harness.js';
import { postMultipart } from '../../test/multipart.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-import-fields-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** What an import stores in each kind of custom field, and what an empty cell leaves alone. */
describe('custom fields written by an import', async () => {
  const parley = await startServer({ jobs: true, dataDir });
  const token = await login(parley);
  const define = async (json: Record<string, unknown>) =>
    (await call(parley, 'POST', 'customer/definition', { token, json: { fieldHelpText: 'x', mandatory: false, search: false, ...json } })).data
      .inputFieldDefinition._id as string;
  const interests = await define({ fieldName: 'interests', fieldLabel: 'Interests', fieldType: 'selectbox-multiplevalue', defaultValue: 'Tea,Coffee,Juice' });
  const city = await define({ fieldName: 'city', fieldLabel: 'City', fieldType: 'text', inputType: 'alphabets', search: true });
  const notes = await define({
    fieldName: 'notes',
    fieldLabel: 'Notes',
    fieldType: 'textarea',
    inputType: 'alphanumeric',
    validations: [{ id: 'allowSpecialChars', value: true }],
  });
  const segment = (await call(parley, 'POST', 'customer/tag', { token, json: { name: 'Fields' } })).data.tag.id as string;
  const importFile = async (content: string) => {
    const res = await postMultipart(parley, 'customer/upload', {
      token,
      fields: { segmentId: segment },
      files: [{ field: 'file', name: 'f.csv', content, type: 'text/csv' }],
    });
    const uploadId = res.data.uploadId as string;
    const done = new Promise<any>((resolve) => {
      const stop = parley.events.subscribe((e: ParleyEvent) => {
        const csv = e.data.customerCSV as { uploadId: string; state: string } | undefined;
        if (e.type === 'customer.upload' && csv?.uploadId === uploadId && csv.state !== 'WAITING') {
          stop();
          resolve(csv);
        }
      });
    });
    const headers = content.split('\n')[0]!.split(',');
    const des: Record<string, string> = { Phone: 'phoneNumber', Name: 'name', Interests: 'interests', City: 'city', Notes: 'notes' };
    await call(parley, 'POST', 'customer/upload/mapping', { token, json: { uploadId, headerMapping: headers.map((src) => ({ src, des: des[src] })) } });
    return done;
  };
  const dataOf = async (search: string) => {
    const customer = (await call(parley, 'GET', `customer/customers?search=${search}`, { token })).data.customers.customers[0];
    const full = (await call(parley, 'GET', `customer/customers/${customer.id}`, { token })).data.customer;
    return Object.fromEntries((full.data as { id: string; value: unknown }[]).map((d) => [d.id, d.value]));
  };

  it('stores a multiple select as its list of options, text as written, and a searchable field for search', async () => {
    const csv = await importFile(
      'Phone,Name,Interests,City,Notes\n+14155550101,Asha Rao,"tea, Coffee",Pune,"Likes \\\\ slashes\nand new lines"\n+14155550102,Ravi Kumar,,Goa,\n',
    );
    expect(csv).toMatchObject({ state: 'COMPLETED', acceptedLines: 2, errorLines: 0 });
    expect(await dataOf('asha')).toEqual({ [interests]: ['Tea', 'Coffee'], [city]: 'Pune', [notes]: 'Likes \\\\ slashes\nand new lines' });
    expect(await dataOf('ravi')).toEqual({ [city]: 'Goa' });
    expect((await call(parley, 'GET', 'customer/customers?search=pune', { token })).data.customers.customers.map((c: any) => c.name)).toEqual(['Asha Rao']);
  });

  it('leaves a stored value where a later file has an empty cell or no column', async () => {
    const csv = await importFile('Phone,Name,Interests\n+14155550101,Asha Rao,\n+14155550102,Ravi Kumar,Juice\n');
    expect(csv).toMatchObject({ state: 'COMPLETED', acceptedLines: 2 });
    expect(await dataOf('asha')).toEqual({ [interests]: ['Tea', 'Coffee'], [city]: 'Pune', [notes]: 'Likes \\\\ slashes\nand new lines' });
    expect(await dataOf('ravi')).toEqual({ [interests]: ['Juice'], [city]: 'Goa' });
  });
});
