import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CsvSplitter, type CsvRecord } from './csv-records.js';

const EXPORT = '\uFEFFMobile,Name\r\n+1 415 555 0101,"Rao, Asha"\r\n+1 415 555 0102,"Ravi\r\nKumar"\r\n\r\n,\r\n+1 415 555 0103,"say ""hi""\nthere"\r\n';

/** The records of `text` fed in pieces of `size` bytes, handed over one by one (emit) or returned per piece. */
function split(text: string | Buffer, size: number, streamed: boolean): CsvRecord[] {
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

/** What papaparse makes of the whole text at once (as the splitter did before it read in pieces). */
function readWhole(file: string): CsvRecord[] {
  let text = file.replaceAll('\0', '');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lf = text.indexOf('\n');
  const out: CsvRecord[] = [];
  let from = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter: ',',
    newline: lf > 0 && text[lf - 1] === '\r' ? '\r\n' : '\n',
    step: (result) => {
      const r = { fields: result.data, line, text: text.slice(from, result.meta.cursor), broken: result.errors.some((e) => e.code === 'MissingQuotes') };
      from = result.meta.cursor;
      line += r.text.split('\n').length - 1;
      r.text = r.text.replace(/\r?\n$/, '');
      if (!(r.fields.length === 1 && r.fields[0] === '' && !r.broken)) out.push(r);
    },
  });
  return out;
}

describe('CSV records read in pieces', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are what papaparse reads in the whole file, for malformed quotes, stray CRs and whitespace after quotes too', () => {
    // Where the splitter's scanner must agree with papaparse on where a record ends: a quote closes a field only
    // before a comma or the newline (after whitespace, non-ASCII too), a quote inside an unquoted value is a quote.
    const pieces = ['a', 'bc', ',', ',', '"', '"', '\n', '\r\n', '\r', ' ', '\t', '\u00a0', '\u3000', 'é', '\0', '\uFEFF', 'x"y'];
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    for (let k = 0; k < 1500; k++) {
      let file = (k % 3 === 0 ? '\uFEFF' : '') + (k % 2 ? 'h1,h2\r\n' : 'h1,h2\n');
      for (let j = random(60); j >= 0; j--) file += pieces[random(pieces.length)];
      const expected = readWhole(file);
      for (const size of [1, 2, 5, 1 << 20]) expect(split(file, size, true), `${JSON.stringify(file)} in pieces of ${size}`).toEqual(expected);
    }
  });

  it('parse each byte once however long a record is: no text is parsed again with every piece', () => {
    const parse = vi.spyOn(Papa, 'parse');
    // Under the bound of a record: 900 kB in pieces of 4 kB. Reparsing the record's start with each piece was
    // 225 pieces times 450 kB on average, 100 MB parsed for one line.
    const value = 'x'.repeat(900 * 1024);
    const records = split(`name,notes\n1,"${value}"\n2,b\n`, 4096, true);
    expect(records.map((r) => [r.line, r.fields[1]?.length])).toEqual([
      [1, 5],
      [2, value.length],
      [3, 1],
    ]);
    const parsed = parse.mock.calls.reduce((sum, [input]) => sum + (input as string).length, 0);
    expect(parsed).toBeLessThan(2 * value.length);
  });

  it('take a record over 1 MB as one broken record, at once and in bounded memory, and go on after it', () => {
    const parse = vi.spyOn(Papa, 'parse');
    // A 20 MB first line took 17-22 s, a 50 MB one minutes and 770 MB; 10 million quoted newlines ran out of heap.
    const line = Buffer.alloc(20 * 1024 * 1024, 'a');
    const cell = `"${'\n'.repeat(2 * 1024 * 1024)}"`;
    const started = performance.now();
    const records = split(Buffer.concat([line, Buffer.from(`\nphone,${cell}\n1,2\n`)]), 64 * 1024, true);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(records.map((r) => [r.line, r.broken, r.tooLong ?? false, r.text.length])).toEqual([
      [1, true, true, 2000],
      [2, true, true, 2000],
      [2 + 2 * 1024 * 1024 + 1, false, false, 3],
    ]);
    expect(records[2]!.fields).toEqual(['1', '2']);
    // Neither long record reached papaparse.
    expect(parse.mock.calls.every(([input]) => (input as string).length < 1024)).toBe(true);
  });
});
