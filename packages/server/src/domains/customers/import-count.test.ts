import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvRecords } from './csv-records.js';
import { countRecords } from './import-count.js';

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
