import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { customerUploads } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { postMultipart } from '../../test/multipart.js';
import { uploadFinished } from '../../test/upload-events.js';
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
  const define = async (json: Record<string, unknown>) =>
    (await call(parley, 'POST', 'customer/definition', { token, json })).data.inputFieldDefinition._id as string;
  const tierId = await define({
    fieldName: 'tier',
    fieldLabel: 'Tier',
    fieldType: 'selectbox-singlevalue',
    fieldHelpText: 'Loyalty tier',
    mandatory: true,
    search: true,
    defaultValue: 'Gold,Silver',
  });
  await define({ fieldName: 'city', fieldLabel: 'City', fieldType: 'text', inputType: 'alphabets', fieldHelpText: 'City', mandatory: false, search: false });
  const segment = (await call(parley, 'POST', 'customer/tag', { token, json: { name: 'Spring leads' } })).data.tag.id as string;
  const upload = (content: string, fields: Record<string, string> = {}, name = 'leads.csv', as = token) =>
    postMultipart(parley, 'customer/upload', {
      token: as,
      fields: { segmentId: segment, ...fields },
      files: [{ field: 'file', name, content, type: 'text/csv' }],
    });
  const MAPPING = [
    { src: 'Mobile', des: 'phoneNumber' },
    { src: 'Full Name', des: 'name' },
    { src: 'City', des: 'city' },
    { src: 'Tier', des: 'tier' },
  ];
  const start = async (uploadId: string, extra: Record<string, unknown> = {}) => {
    const done = uploadFinished(parley, uploadId);
    const res = await call(parley, 'POST', 'customer/upload/mapping', { token, json: { uploadId, headerMapping: MAPPING, ...extra } });
    expect(res).toMatchObject({ status: true });
    return done;
  };
  let firstUpload = '';

  it('stores the file and answers its headers with the fields they can go to', async () => {
    const res = await upload(FILE);
    expect(res).toMatchObject({ status: true, data: { parsedHeaders: { userHeaders: ['Mobile', 'Full Name', 'City', 'Tier'] } } });
    expect(res.data.parsedHeaders.systemHeaders.slice(0, 2)).toEqual([
      { id: 'phoneNumber', label: 'Phone Number', mandatory: true },
      { id: 'name', label: 'Name', mandatory: true },
    ]);
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
      // Every field's error names its field the same way: '{label}: message'.
      { line: 5, lineStr: '12345,Bad Phone,Delhi,Gold', errors: [{ message: 'Phone Number: Please enter a valid phone number with country code' }] },
      { line: 6, lineStr: '+91 98765 00003,No Tier,Chennai,', errors: [{ message: 'Tier: This field is required' }] },
      { line: 8, lineStr: '+91 98765 00001,Asha Again,Pune,Gold', errors: [{ message: 'Phone Number: This phone number is repeated in the file' }] },
      { line: 9, lineStr: '+91 98765 00004,Too,Many,Columns,Here', errors: [{ message: 'This line has 5 columns; the header row has 4' }] },
      {
        line: 10,
        lineStr: ',,,',
        errors: [{ message: 'Phone Number: This field is required' }, { message: 'Name: This field is required' }, { message: 'Tier: This field is required' }],
      },
    ]);
    const members = (await call(parley, 'GET', `customer/customers?tags=${segment}`, { token })).data.customers.customers;
    expect(members.map((c: any) => [c.name, c.phoneNumber]).sort()).toEqual(
      [
        ['Meera', '+919876500005'],
        ['Rao, Asha', '+919876500001'],
        ['Ravi Kumar', '+919876500002'],
      ].sort(),
    );
    const list = (await call(parley, 'GET', `customer/uploads?segmentId=${segment}`, { token })).data;
    expect(list.customerCSVs[0]).toMatchObject({
      uploadId: firstUpload,
      totalLines: 8,
      acceptedLines: 3,
      errorLines: 5,
      state: 'COMPLETED',
      segmentName: 'Spring leads',
    });
    expect(await call(parley, 'POST', 'customer/upload/mapping', { token, json: { uploadId: firstUpload, headerMapping: MAPPING } })).toMatchObject({
      status: false,
      message: 'This file is already being uploaded',
    });
    // The list's date range and the error list's search.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await call(parley, 'GET', `customer/uploads?fromDate=${day(1)}`, { token })).data.customerCSVs).toEqual([]);
    expect((await call(parley, 'GET', `customer/uploads?toDate=${day(-1)}`, { token })).data.customerCSVs).toEqual([]);
    expect(
      (await call(parley, 'GET', `customer/uploads?fromDate=${day(0)}&toDate=${day(0)}`, { token })).data.customerCSVs.map((u: any) => u.uploadId),
    ).toContain(firstUpload);
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
    const file =
      'Mobile,Full Name,City,Tier\n+919876500011,"Tab\tin ""name""",Pune,Gold\n+919876500012,Back\\slash \\N,Goa,Gold\n+919876500013,Nu\u0000ll,Goa,Gold\n';
    const res = await upload(file);
    expect(await start(res.data.uploadId)).toMatchObject({ state: 'COMPLETED', acceptedLines: 3, errorLines: 0 });
    const names = async (search: string) =>
      (await call(parley, 'GET', `customer/customers?search=${search}`, { token })).data.customers.customers.map((c: any) => c.name);
    expect(await names('919876500011')).toEqual(['Tab in "name"']);
    expect(await names('919876500012')).toEqual(['Back\\slash \\N']);
    expect(await names('919876500013')).toEqual(['Null']);
  });

  it('offers a sample file built from the definitions', async () => {
    const res = await parley.app.inject({ method: 'GET', url: '/api/customer/upload/sample', headers: { 'authentication-token': token } });
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, row] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
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

  it('refuses a file with a line, a value or a header over its bound, or one that is not text, naming the line, and keeps nothing of it', async () => {
    const stored = () => readdirSync(join(dataDir, 'files', 'customer-uploads'), { recursive: true }).filter((f) => String(f).endsWith('.csv')).length;
    const before = stored();
    const refused = (message: string) => ({ httpStatus: 400, status: false, code: 1400, message });
    const res = await upload(`${'Mobile'.repeat(200 * 1024)},Full Name\n1,a\n`);
    expect(res).toMatchObject(refused('The header row (line 1) is longer than 64 KB'));
    // The header is never echoed: the reply is the message only.
    expect(JSON.stringify(res).length).toBeLessThan(1000);
    expect(await upload(`Mobile,Full Name,City,Tier\n1,a,b,c\n2,a,b,${'c,'.repeat(600 * 1024)}\n`)).toMatchObject(refused('Line 3 is longer than 1 MB'));
    // 2 million newlines in one quoted value: the import's worker once ran out of heap on 10 million.
    expect(await upload(`Mobile,Full Name,City,Tier\n1,"${'\n'.repeat(2 * 1024 * 1024)}",b,c\n`)).toMatchObject(
      refused('A value on line 2 is longer than 64 KB'),
    );
    let seed = 11;
    const binary = new Uint8Array(64 * 1024).map(() => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16);
    expect(await upload(binary)).toMatchObject(refused('The file is not text: please upload a csv file'));
    expect(stored()).toBe(before);
    // UTF-16 text is full of NULs, and not refused as binary.
    const utf16 = await upload(Buffer.from('\uFEFFMobile,Full Name,City,Tier\r\n+919876500021,Asha,Pune,Gold\r\n', 'utf16le'));
    expect(utf16).toMatchObject({ status: true });
  });

  it('drops a file left unmapped for a day: ERROR in My Uploads with why, its bytes gone, its mapping refused', async () => {
    const stored = () => readdirSync(join(dataDir, 'files', 'customer-uploads'), { recursive: true }).filter((f) => String(f).endsWith('.csv')).length;
    const before = stored();
    const left = (await upload(FILE)).data.uploadId as string;
    const fresh = (await upload(FILE)).data.uploadId as string;
    expect(stored()).toBe(before + 2);
    await parley.database.db
      .update(customerUploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(customerUploads.id, left));
    const listed = (await call(parley, 'GET', `customer/uploads?segmentId=${segment}`, { token })).data.customerCSVs;
    const expired = 'The columns were not mapped within 24 hours: please upload the file again';
    expect(listed.find((u: any) => u.uploadId === left)).toMatchObject({ state: 'ERROR', error: expired, started: false });
    expect(listed.find((u: any) => u.uploadId === fresh)).toMatchObject({ state: 'WAITING' });
    expect(stored()).toBe(before + 1);
    expect(await call(parley, 'POST', 'customer/upload/mapping', { token, json: { uploadId: left, headerMapping: MAPPING } })).toMatchObject({
      status: false,
      message: expired,
    });
    // The other enterprise's list call expires nothing of this one's.
    await parley.database.db
      .update(customerUploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(customerUploads.id, fresh));
    await call(parley, 'GET', 'customer/uploads', { token: await loginToOtherEnterprise(parley) });
    expect(stored()).toBe(before + 1);
    expect((await call(parley, 'GET', `customer/uploads/${fresh}`, { token })).data.customerCSV).toMatchObject({ state: 'ERROR', error: expired });
    expect(stored()).toBe(before);
  });

  it('answers other requests while an 18 MB line is uploaded', async () => {
    const big = upload(`${'"Mobile",'.repeat(2 * 1024 * 1024)}\n1\n`);
    let done = false;
    void big.finally(() => (done = true));
    const waits: number[] = [];
    // Reading the line's text again with every megabyte held the server's thread for seconds at a time.
    while (!done) {
      const started = performance.now();
      expect((await call(parley, 'GET', 'health')).httpStatus).toBe(200);
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(Math.max(...waits)).toBeLessThan(1000);
    expect(await big).toMatchObject({ status: false, message: 'The header row (line 1) is longer than 64 KB' });
  });
});
