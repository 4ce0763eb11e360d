import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CustomerMessages } from '@parley/sdk/contract/customer-texts';
import { csvRecords } from './csv-records.js';
import { countRecords, RecordCounter } from './import-count.js';

/** What the import reads: its records after the header. */
async function imported(text: string): Promise<number> {
  let n = -1;
  for await (const block of csvRecords(Readable.from([Buffer.from(text)]))) n += block.length;
  return Math.max(n, 0);
}

/** Bytes cut at every size, so a quote or a CRLF falls on a chunk's edge. */
const chunked = (text: string, size: number) => {
  const bytes = Buffer.from(text);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return Readable.from(parts);
};

describe('the progress total of an upload', () => {
  const files = {
    'a spreadsheet export (BOM, CRLF, quoted commas and newlines, an empty line, a line of commas)':
      '\uFEFFMobile,Name\r\n+1 415 555 0101,"Rao, Asha"\r\n+1 415 555 0102,"Ravi\r\nKumar"\r\n\r\n,\r\n+1 415 555 0103,"say ""hi""\nthere"\r\n',
    'no newline at the end': 'phone,name\n1,a\n2,b',
    'a quote inside an unquoted value': 'phone,name\n1,O"Neil\n2,b\n',
    'an unterminated quote at the end': 'phone,name\n1,a\n2,"b\n3,c\n',
    'only a header': 'phone,name\n',
    'quotes at every place in a line': 'phone,name\n1,"a,b"\n2,x"y\n"3",""\n4,"""q""",\n',
  };
  for (const [what, text] of Object.entries(files)) {
    it(`is the number of rows the import reads: ${what}`, async () => {
      const expected = await imported(text);
      for (const size of [1, 2, 3, 7, 1 << 20]) expect(await countRecords(chunked(text, size))).toBe(expected);
    });
  }
});

/** What the upload says of a file fed in pieces of `size` bytes, and how long the counting took. */
function refusal(file: Buffer, size = 64 * 1024): { problem: string | undefined; ms: number } {
  const started = performance.now();
  const counter = new RecordCounter();
  for (let i = 0; i < file.length && !counter.problem; i += size) counter.push(file.subarray(i, i + size));
  counter.total();
  return { problem: counter.problem, ms: performance.now() - started };
}

describe('the upload of a file', () => {
  it('is counted in one pass: many short lines in one piece are not searched again for a quote per line', () => {
    // The counter looked for the next quote from every line: a megabyte of short lines without one took minutes.
    const { problem, ms } = refusal(Buffer.from('phone\n' + '1\n'.repeat(512 * 1024)), 1 << 20);
    expect(problem).toBeUndefined();
    expect(ms).toBeLessThan(1000);
  });

  it('is refused at the first record, value or header over its bound, naming its line', () => {
    const rows = 'phone,name\n1,a\n';
    expect(refusal(Buffer.from(`${'h'.repeat(70 * 1024)},name\n1,a\n`)).problem).toBe(CustomerMessages.headerTooLong(1, '64 KB'));
    expect(refusal(Buffer.from(`\n\n${'h,'.repeat(40 * 1024)}\n1,a\n`)).problem).toBe(CustomerMessages.headerTooLong(3, '64 KB'));
    expect(refusal(Buffer.from(`${rows}2,${'b'.repeat(65 * 1024)}\n`)).problem).toBe(CustomerMessages.valueTooLong(3, '64 KB'));
    expect(refusal(Buffer.from(`${rows}2,${'b,'.repeat(600 * 1024)}\n`)).problem).toBe(CustomerMessages.lineTooLong(3, '1 MB'));
    // A quoted value full of newlines is named by the line its record starts on, however many lines it spans.
    const { problem, ms } = refusal(Buffer.from(`${rows}2,"${'\n'.repeat(50 * 1024 * 1024)}"\n`));
    expect(problem).toBe(CustomerMessages.valueTooLong(3, '64 KB'));
    expect(ms).toBeLessThan(1000);
    // At the bounds, not refused.
    expect(refusal(Buffer.from(`${rows}2,${'b'.repeat(64 * 1024)}\n`)).problem).toBeUndefined();
  });

  it('is refused when it is not text, but not for a few NULs or a UTF-16 byte order mark', () => {
    let seed = 3;
    const random = Buffer.alloc(100 * 1024).map(() => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16);
    expect(refusal(random).problem).toBe(CustomerMessages.notText);
    // The start of an xlsx file: a zip.
    expect(refusal(Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00'), random.subarray(0, 4000)])).problem).toBe(
      CustomerMessages.notText,
    );
    expect(refusal(Buffer.from('phone,name\n1,Nu\0ll\n2,b\n')).problem).toBeUndefined();
    expect(refusal(Buffer.concat([Buffer.from('phone,name\n1,a\n'), Buffer.alloc(4000)])).problem).toBeUndefined();
    const utf16 = Buffer.from('\uFEFFphone,name\r\n+919876500001,Asha\r\n'.repeat(200), 'utf16le');
    expect(refusal(utf16).problem).toBeUndefined();
    expect(refusal(Buffer.from('Téléphone,Nom\n1,Zoë\n', 'latin1')).problem).toBeUndefined();
  });
});
