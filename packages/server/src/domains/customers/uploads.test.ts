import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ParleyEvent } from '../../realtime/event-bus.js';
import { call, login, startServer } from '../../test/harness.js';
import { postMultipart } from '../../test/multipart.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-uploads-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A file as spreadsheets write them: BOM, CRLF, a quoted comma, a quoted newline, and rows of every kind of mistake. */
const FILE = [
  '\uFEFFMobile,Full Name,City,Tier',
  '+91 98765 00001,"Rao, Asha",Pune,Gold',
  '+91 98765 00002,"Ravi',
  'Kumar",Mumbai,Silver',
  '12345,Bad Phone,Delhi,Gold',
  '+91 98765 00003,No Tier,Chennai,',
  '',
  '+91 98765 00001,Asha Again,Pune,Gold',
  '+91 98765 00004,Too,Many,Columns,Here',
  ',,,',
  '+91 98765 00005,Meera,Goa,Silver',
].join('\r\n');

describe('customer CSV uploads', async () => {
  const parley = await startServer({ jobs: true, dataDir });
  const token = await login(parley);
  const define = async (json: Record<string, unknown>) => (await call(parley, 'POST', 'customer/definition', { token, json })).data.inputFieldDefinition._id as string;
  const tierId = await define({ fieldName: 'tier', fieldLabel: 'Tier', fieldType: 'selectbox-singlevalue', fieldHelpText: 'Loyalty tier', mandatory: true, search: true, defaultValue: 'Gold,Silver' });
  await define({ fieldName: 'city', fieldLabel: 'City', fieldType: 'text', inputType: 'alphabets', fieldHelpText: 'City', mandatory: false, search: false });
  const segment = (await call(parley, 'POST', 'customer/tag', { token, json: { name: 'Spring leads' } })).data.tag.id as string;
  const upload = (content: string, fields: Record<string, string> = {}, name = 'leads.csv', as = token) =>
    postMultipart(parley, 'customer/upload', { token: as, fields: { segmentId: segment, ...fields }, files: [{ field: 'file', name, content, type: 'text/csv' }] });
  const MAPPING = [{ src: 'Mobile', des: 'phoneNumber' }, { src: 'Full Name', des: 'name' }, { src: 'City', des: 'city' }, { src: 'Tier', des: 'tier' }];
  const completed = (uploadId: string) =>
    new Promise<any>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('upload not completed')), 20_000);
      const stop = parley.events.subscribe((e: ParleyEvent) => {
        const csv = e.data.customerCSV as { uploadId: string; state: string } | undefined;
        if (e.type !== 'customer.upload' || csv?.uploadId !== uploadId || csv.state === 'WAITING') return;
        stop();
        clearTimeout(timer);
        resolve(csv);
      });
    });
  const start = async (uploadId: string, extra: Record<string, unknown> = {}) => {
    const done = completed(uploadId);
    const res = await call(parley, 'POST', 'customer/upload/mapping', { token, json: { uploadId, headerMapping: MAPPING, ...extra } });
    expect(res).toMatchObject({ status: true });
    return done;
  };
  let firstUpload = '';

  it('stores the file and answers its headers with the fields they can go to', async () => {
    const res = await upload(FILE);
    expect(res).toMatchObject({ status: true, data: { parsedHeaders: { userHeaders: ['Mobile', 'Full Name', 'City', 'Tier'] } } });
    expect(res.data.parsedHeaders.systemHeaders.slice(0, 2)).toEqual([{ id: 'phoneNumber', label: 'Phone Number', mandatory: true }, { id: 'name', label: 'Name', mandatory: true }]);
    expect(res.data.parsedHeaders.systemHeaders).toContainEqual({ id: 'tier', label: 'Tier', mandatory: true });
    firstUpload = res.data.uploadId;
    const waiting = (await call(parley, 'GET', `customer/uploads/${firstUpload}`, { token })).data.customerCSV;
    // Counted as it was stored: the uploads list shows its Total Count before the import starts.
    expect(waiting).toMatchObject({ state: 'WAITING', started: false, file: { name: 'leads.csv' }, totalLines: 8, processedLines: 0 });
  });

  it('refuses a mapping that leaves a mandatory field out, and files that are not csv', async () => {
    const res = await call(parley, 'POST', 'customer/upload/mapping', { token, json: { uploadId: firstUpload, headerMapping: MAPPING.slice(0, 3) } });
    expect(res).toMatchObject({ status: false, message: 'Tier is mandatory and must be mapped to a column' });
    expect(await upload('a,b', {}, 'people.xlsx')).toMatchObject({ status: false, message: 'Please upload a csv file' });
    expect(await upload('', {})).toMatchObject({ status: false, message: 'The file has no header row' });
    expect(await upload('a,A\r\n1,2')).toMatchObject({ status: false, message: 'Column A appears more than once in the file' });
  });

  it('imports every good row, reports every bad one with its line, and never drops one', async () => {
    const csv = await start(firstUpload);
    expect(csv).toMatchObject({ state: 'COMPLETED', totalLines: 8, acceptedLines: 3, errorLines: 5, processedLines: 8 });
    // The stored file goes once imported (the refused ones went at once).
    expect(readdirSync(join(dataDir, 'files', 'customer-uploads'), { recursive: true }).filter((f) => String(f).endsWith('.csv'))).toEqual([]);
    expect(csv.completedTimeStr).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{1,2}:\d{2} (am|pm)$/);
    const errors = (await call(parley, 'GET', `customer/uploads/${firstUpload}/errors`, { token })).data.customers;
    expect(errors.headers).toEqual(['Mobile', 'Full Name', 'City', 'Tier']);
    expect(errors.customers).toEqual([
      { line: 5, lineStr: '12345,Bad Phone,Delhi,Gold', errors: [{ message: 'Please enter a valid phone number with country code' }] },
      { line: 6, lineStr: '+91 98765 00003,No Tier,Chennai,', errors: [{ message: 'Tier is required' }] },
      { line: 8, lineStr: '+91 98765 00001,Asha Again,Pune,Gold', errors: [{ message: 'This phone number is repeated in the file' }] },
      { line: 9, lineStr: '+91 98765 00004,Too,Many,Columns,Here', errors: [{ message: 'This line has 5 columns; the header row has 4' }] },
      { line: 10, lineStr: ',,,', errors: [{ message: 'Phone Number is required' }, { message: 'Name is required' }, { message: 'Tier is required' }] },
    ]);
    const members = (await call(parley, 'GET', `customer/customers?tags=${segment}`, { token })).data.customers.customers;
    expect(members.map((c: any) => [c.name, c.phoneNumber]).sort()).toEqual([['Meera', '+919876500005'], ['Rao, Asha', '+919876500001'], ['Ravi Kumar', '+919876500002']].sort());
    const list = (await call(parley, 'GET', `customer/uploads?segmentId=${segment}`, { token })).data;
    expect(list.customerCSVs[0]).toMatchObject({ uploadId: firstUpload, totalLines: 8, acceptedLines: 3, errorLines: 5, state: 'COMPLETED', segmentName: 'Spring leads' });
    expect(await call(parley, 'POST', 'customer/upload/mapping', { token, json: { uploadId: firstUpload, headerMapping: MAPPING } })).toMatchObject({ status: false, message: 'This file is already being uploaded' });
    // The list's date range and the error list's search.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await call(parley, 'GET', `customer/uploads?fromDate=${day(1)}`, { token })).data.customerCSVs).toEqual([]);
    expect((await call(parley, 'GET', `customer/uploads?toDate=${day(-1)}`, { token })).data.customerCSVs).toEqual([]);
    expect((await call(parley, 'GET', `customer/uploads?fromDate=${day(0)}&toDate=${day(0)}`, { token })).data.customerCSVs.map((u: any) => u.uploadId)).toContain(firstUpload);
    const found = (await call(parley, 'GET', `customer/uploads/${firstUpload}/errors?search=REPEATED`, { token })).data.customers.customers;
    expect(found.map((r: any) => r.line)).toEqual([8]);
  });

  it('updates existing customers on a second upload, and Replace Existing Records keeps only the file in the segment', async () => {
    const asha = (await call(parley, 'GET', 'customer/customers?search=asha', { token })).data.customers.customers[0];
    const again = await upload('Mobile,Full Name,City,Tier\n+919876500001,Asha Rao,Nashik,Silver\n+919876500009,New Person,Goa,Gold\n', { replace: 'true' });
    const csv = await start(again.data.uploadId);
    expect(csv).toMatchObject({ acceptedLines: 2, errorLines: 0, replace: true });
    const after = (await call(parley, 'GET', `customer/customers/${asha.id}`, { token })).data.customer;
    expect(after).toMatchObject({ id: asha.id, name: 'Asha Rao' });
    expect(after.data).toContainEqual({ id: tierId, value: 'Silver' });
    const members = (await call(parley, 'GET', `customer/customers?tags=${segment}`, { token })).data.customers.customers;
    expect(members.map((c: any) => c.name).sort()).toEqual(['Asha Rao', 'New Person']);
    // Replaced out of the segment, still a customer.
    expect((await call(parley, 'GET', 'customer/customers?search=meera', { token })).data.customers.customers).toHaveLength(1);
  });

  it('stores backslashes and quotes as written, a tab in a name as a space, and drops a stray NUL', async () => {
    const file = 'Mobile,Full Name,City,Tier\n+919876500011,"Tab\tin ""name""",Pune,Gold\n+919876500012,Back\\slash \\N,Goa,Gold\n+919876500013,Nu\u0000ll,Goa,Gold\n';
    const res = await upload(file);
    expect(await start(res.data.uploadId)).toMatchObject({ state: 'COMPLETED', acceptedLines: 3, errorLines: 0 });
    const names = async (search: string) => (await call(parley, 'GET', `customer/customers?search=${search}`, { token })).data.customers.customers.map((c: any) => c.name);
    expect(await names('919876500011')).toEqual(['Tab in "name"']);
    expect(await names('919876500012')).toEqual(['Back\\slash \\N']);
    expect(await names('919876500013')).toEqual(['Null']);
  });

  it('offers a sample file built from the definitions', async () => {
    const res = await parley.app.inject({ method: 'GET', url: '/api/customer/upload/sample', headers: { 'authentication-token': token } });
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, row] = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toBe('Phone Number,Name,Whatsapp,Twitter ID,Facebook ID,Instagram ID,Tier,City');
    expect(row).toContain('Gold');
  });

  it('keeps uploads within the enterprise and checks the permission', async () => {
    const other = await loginToOtherEnterprise(parley);
    expect((await call(parley, 'GET', 'customer/uploads', { token: other })).data.customerCSVs).toEqual([]);
    expect((await call(parley, 'GET', `customer/uploads/${firstUpload}`, { token: other })).code).toBe(1404);
    expect((await call(parley, 'GET', `customer/uploads/${firstUpload}/errors`, { token: other })).code).toBe(1404);
    expect((await call(parley, 'POST', 'customer/upload/mapping', { token: other, json: { uploadId: firstUpload, headerMapping: MAPPING } })).code).toBe(1404);
    expect(await upload(FILE, {}, 'x.csv', other)).toMatchObject({ status: false, message: 'Segment not found' });
    const viewer = await login(parley, 'viewer@parley.dev');
    expect((await upload(FILE, {}, 'x.csv', viewer)).code).toBe(1403);
    for (const path of ['customer/uploads', `customer/uploads/${firstUpload}`, `customer/uploads/${firstUpload}/errors`, 'customer/upload/sample']) {
      expect({ path, code: (await call(parley, 'GET', path, { token: viewer })).code }).toEqual({ path, code: 1403 });
    }
    expect((await call(parley, 'POST', 'customer/upload/mapping', { token: viewer, json: { uploadId: firstUpload, headerMapping: MAPPING } })).code).toBe(1403);
  });
});
