import { describe, expect, it } from 'vitest';
import { CsvSplitter, type CsvRecord } from './csv-records.js';

const EXPORT = '\uFEFFMobile,Name\r\n+1 415 555 0101,"Rao, Asha"\r\n+1 415 555 0102,"Ravi\r\nKumar"\r\n\r\n,\r\n+1 415 555 0103,"say ""hi""\nthere"\r\n';

/** The records of `text` fed in pieces of `size` bytes, handed over one by one (emit) or returned per piece. */
function split(text: string, size: number, streamed: boolean): CsvRecord[] {
  const splitter = new CsvSplitter();
  const bytes = Buffer.from(text);
  const out: CsvRecord[] = [];
  const emit = streamed ? (r: CsvRecord) => out.push(r) : undefined;
  for (let i = 0; i < bytes.length; i += size) out.push(...splitter.push(bytes.subarray(i, i + size), emit));
  out.push(...splitter.end(emit));
  return out;
}

describe('CSV records', () => {
  it('keep their fields, first line and text, whatever the pieces and however they are handed over', () => {
    const expected = [
      { fields: ['Mobile', 'Name'], line: 1, text: 'Mobile,Name', broken: false },
      { fields: ['+1 415 555 0101', 'Rao, Asha'], line: 2, text: '+1 415 555 0101,"Rao, Asha"', broken: false },
      { fields: ['+1 415 555 0102', 'Ravi\r\nKumar'], line: 3, text: '+1 415 555 0102,"Ravi\r\nKumar"', broken: false },
      { fields: ['', ''], line: 6, text: ',', broken: false },
      { fields: ['+1 415 555 0103', 'say "hi"\nthere'], line: 7, text: '+1 415 555 0103,"say ""hi""\nthere"', broken: false },
    ];
    for (const size of [1, 2, 3, 5, 8, 13, 1 << 20]) {
      expect(split(EXPORT, size, true), `streamed, ${size}`).toEqual(expected);
      expect(split(EXPORT, size, false), `returned, ${size}`).toEqual(expected);
    }
  });

  it('hand over a record only once it is whole: an unterminated quote at the end is one broken record', () => {
    const text = 'phone,name\n1,a\n2,"b\n3,c\n';
    for (const size of [1, 4, 1 << 20]) {
      const records = split(text, size, true);
      expect(records.map((r) => r.line)).toEqual([1, 2, 3]);
      expect(records.at(-1)).toMatchObject({ broken: true, line: 3 });
    }
  });
});
