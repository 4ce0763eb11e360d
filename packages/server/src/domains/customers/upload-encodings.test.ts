import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { postMultipart } from '../../test/multipart.js';
import { uploadFinished } from '../../test/upload-events.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

/** Names only UTF-8 and UTF-16 can write, and names Windows-1252 can. */
const WORLD = [
  ['+919876510001', 'José Núñez'],
  ['+919876510002', 'प्रिया शर्मा'],
  ['+919876510003', 'François “Frank” Müller'],
];
const LATIN = [
  ['+919876510011', 'José Núñez'],
  ['+919876510012', 'Zoë Brontë – €'],
];
const csv = (rows: string[][], sep: string, eol = '\r\n') => ['Mobile', 'Full Name'].join(sep) + eol + rows.map((r) => r.join(sep)).join(eol) + eol;

describe('CSV files in other encodings and with other delimiters', async () => {
  const parley = await startServer({ jobs: true });
  const token = await login(parley);
  const segment = (await call(parley, 'POST', 'customer/tag', { token, json: { name: 'Encodings' } })).data.tag.id as string;
  const upload = (content: Uint8Array, as = token) =>
    postMultipart(parley, 'customer/upload', {
      token: as,
      fields: { segmentId: segment },
      files: [{ field: 'file', name: 'export.csv', content, type: 'text/csv' }],
    });
  const importIt = async (uploadId: string) => {
    const done = uploadFinished(parley, uploadId);
    const res = await call(parley, 'POST', 'customer/upload/mapping', {
      token,
      json: {
        uploadId,
        headerMapping: [
          { src: 'Mobile', des: 'phoneNumber' },
          { src: 'Full Name', des: 'name' },
        ],
      },
    });
    expect(res).toMatchObject({ status: true });
    return done;
  };
  const nameOf = async (phone: string) =>
    (await call(parley, 'GET', `customer/customers?search=${phone.slice(1)}`, { token })).data.customers.customers.map((c: any) => c.name);

  const files: [string, string, Uint8Array, string[][]][] = [
    ['UTF-16LE with a BOM, tab-separated (Excel\u2019s "Unicode Text")', '\t', iconv.encode(csv(WORLD, '\t'), 'utf16-le', { addBOM: true }), WORLD],
    [
      'UTF-16BE with a BOM, comma-separated',
      ',',
      iconv.encode(
        csv(
          WORLD.map(([p, n]) => [p, `"${n}"`]),
          ',',
        ),
        'utf16-be',
        { addBOM: true },
      ),
      WORLD,
    ],
    ['Windows-1252, semicolon-separated (Excel\u2019s CSV in much of Europe)', ';', iconv.encode(csv(LATIN, ';'), 'windows-1252'), LATIN],
  ];
  for (const [title, delimiter, bytes, rows] of files) {
    it(`imports ${title} with every name as written`, async () => {
      const res = await upload(bytes);
      expect(res).toMatchObject({ status: true, data: { delimiter, parsedHeaders: { userHeaders: ['Mobile', 'Full Name'] }, preview: rows } });
      expect(await importIt(res.data.uploadId)).toMatchObject({ state: 'COMPLETED', totalLines: rows.length, acceptedLines: rows.length, errorLines: 0 });
      for (const [phone, name] of rows) expect(await nameOf(phone!)).toEqual([name]);
    });
  }

  it('names the encoding it read a file in', async () => {
    expect((await upload(iconv.encode(csv(WORLD, '\t'), 'utf16-le', { addBOM: true }))).data.encoding).toBe('UTF-16LE');
    expect((await upload(iconv.encode(csv(LATIN, ';'), 'windows-1252'))).data.encoding).toBe('windows-1252');
    expect((await upload(Buffer.from(csv(WORLD, ',')))).data.encoding).toBe('UTF-8');
  });

  it('refuses a file that changes encoding half way, naming the line, and keeps nothing of it', async () => {
    const start = Buffer.from(csv([['+919876510021', 'प्रिया'], ...Array.from({ length: 4000 }, (_, i) => [`+9198765${String(20000 + i)}`, 'Asha Rao'])], ','));
    const res = await upload(Buffer.concat([start, iconv.encode('+919876530001,José\r\n', 'windows-1252')]));
    expect(res).toMatchObject({
      status: false,
      code: 1400,
      message: 'Line 4003 is not UTF-8 text, as the lines before it are: save the file as CSV UTF-8 and upload it again',
    });
  });

  it('reads the file again with the delimiter chosen on the mapping screen, and imports with it', async () => {
    const res = await upload(Buffer.from('Mobile;Full Name;Note\r\n+919876510031;"Rao; Asha";"a\r\nb"\r\n+919876510032;Ravi;x\r\n'));
    const uploadId = res.data.uploadId as string;
    expect(res.data).toMatchObject({ delimiter: ';', parsedHeaders: { userHeaders: ['Mobile', 'Full Name', 'Note'] } });
    const asComma = await call(parley, 'POST', 'customer/upload/delimiter', { token, json: { uploadId, delimiter: ',' } });
    expect(asComma).toMatchObject({ status: true, data: { delimiter: ',', parsedHeaders: { userHeaders: ['Mobile;Full Name;Note'] } } });
    // Counted again: read with commas, the quote before a\r\nb no longer opens a value, and its newline ends a record.
    const total = async () => (await call(parley, 'GET', `customer/uploads/${uploadId}`, { token })).data.customerCSV.totalLines;
    expect(await total()).toBe(3);
    expect(await call(parley, 'POST', 'customer/upload/delimiter', { token, json: { uploadId, delimiter: ':' } })).toMatchObject({
      status: false,
      message: 'The delimiter must be a comma, a semicolon, a tab or a vertical bar',
    });
    const back = await call(parley, 'POST', 'customer/upload/delimiter', { token, json: { uploadId, delimiter: ';' } });
    expect(back.data).toMatchObject({
      delimiter: ';',
      parsedHeaders: { userHeaders: ['Mobile', 'Full Name', 'Note'] },
      preview: [
        ['+919876510031', 'Rao; Asha', 'a\r\nb'],
        ['+919876510032', 'Ravi', 'x'],
      ],
    });
    expect(await total()).toBe(2);
    expect(await importIt(uploadId)).toMatchObject({ state: 'COMPLETED', acceptedLines: 2, errorLines: 0 });
    expect(await nameOf('+919876510031')).toEqual(['Rao; Asha']);
    // Once the import started, the file is read as it was.
    expect(await call(parley, 'POST', 'customer/upload/delimiter', { token, json: { uploadId, delimiter: ',' } })).toMatchObject({
      status: false,
      message: 'This file is already being uploaded',
    });
  });

  it('keeps the delimiter call within the enterprise and checks the permission', async () => {
    const uploadId = (await upload(Buffer.from(csv(WORLD, ',')))).data.uploadId as string;
    const other = await loginToOtherEnterprise(parley);
    expect((await call(parley, 'POST', 'customer/upload/delimiter', { token: other, json: { uploadId, delimiter: ';' } })).code).toBe(1404);
    const viewer = await login(parley, 'viewer@parley.dev');
    expect(await call(parley, 'POST', 'customer/upload/delimiter', { token: viewer, json: { uploadId, delimiter: ';' } })).toMatchObject({
      httpStatus: 200,
      code: 1403,
    });
    expect((await call(parley, 'GET', `customer/uploads/${uploadId}`, { token })).data.customerCSV).toMatchObject({ started: false, totalLines: 3 });
  });
});
