import Papa from 'papaparse';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';

/** One record of a CSV file: its fields, the file line it starts on (the header is line 1) and its text as written. */
export interface CsvRecord {
  fields: string[];
  line: number;
  text: string;
  /** The record could not be read as CSV (an unterminated quote at the end of the file). */
  broken: boolean;
}

const MAX_TEXT = 2000;

/** PostgreSQL's text cannot hold U+0000: a NUL in a file (a spreadsheet's padding) is dropped, not a batch failed over it. */
const withoutNul = (text: string) => (text.includes('\0') ? text.replaceAll('\0', '') : text);

/**
 * Splits CSV text, fed in pieces, into records, with papaparse doing the CSV. Bytes are decoded as UTF-8 by Node's
 * string decoder first (papaparse on raw bytes splits multi-byte characters at chunk edges); a BOM is dropped; the
 * line ending is taken from the header row (LF or CRLF) so quoted values may hold either. Each piece is parsed as a
 * string and its last record held back until the next piece arrives, because it may be cut in the middle:
 * papaparse's own stream mode cannot be paused, so the whole file would queue in memory. Push-driven, so the import
 * can run it in a worker thread that is fed the file's chunks.
 */
export class CsvSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private newline: '\n' | '\r\n' | undefined;
  private line = 1;
  private first = true;

  /**
   * The records the piece completes. With `emit`, each is handed over as soon as it is known to be whole (and the
   * array stays empty): a piece of a megabyte is ten thousand records, which kept alive together would be copied
   * by every minor collection while they wait.
   */
  push(chunk: Buffer | Uint8Array | string, emit?: (record: CsvRecord) => void): CsvRecord[] {
    const out: CsvRecord[] = [];
    let text = this.pending + withoutNul(typeof chunk === 'string' ? chunk : this.decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
    if (this.first) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const end = text.indexOf('\n');
      if (end === -1 && text.length < 64 * 1024) {
        this.pending = text;
        return out;
      }
      this.newline = end > 0 && text[end - 1] === '\r' ? '\r\n' : '\n';
      this.first = false;
    }
    this.parse(text, false, emit ?? ((r) => out.push(r)));
    return out;
  }

  end(emit?: (record: CsvRecord) => void): CsvRecord[] {
    const out: CsvRecord[] = [];
    let text = this.pending + withoutNul(this.decoder.end());
    if (this.first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    this.newline ??= text.includes('\r\n') ? '\r\n' : '\n';
    if (text) this.parse(text, true, emit ?? ((r) => out.push(r)));
    return out;
  }

  private parse(text: string, final: boolean, emit: (record: CsvRecord) => void): void {
    let from = 0;
    let keep = 0;
    // The newest record is held back until the next one starts: the last one of a piece may continue in the next.
    let held: CsvRecord | undefined;
    const deliver = (r: CsvRecord) => {
      r.line = this.line;
      for (let i = r.text.indexOf('\n'); i !== -1; i = r.text.indexOf('\n', i + 1)) this.line += 1;
      r.text = r.text.replace(/\r?\n$/, '').slice(0, MAX_TEXT);
      // An empty line is no record; a line of only commas is one (with every field empty).
      if (!(r.fields.length === 1 && r.fields[0] === '' && !r.broken)) emit(r);
    };
    Papa.parse<string[]>(text, {
      delimiter: ',',
      newline: this.newline,
      step: (result) => {
        const to = result.meta.cursor;
        if (held) deliver(held);
        held = { fields: result.data, line: 0, text: text.slice(from, to), broken: result.errors.some((e) => e.code === 'MissingQuotes') };
        keep = from;
        from = to;
      },
    });
    if (held && final) deliver(held);
    // Parsed again with what follows.
    this.pending = held && !final ? text.slice(keep) : '';
  }
}

/** Reads a CSV stream in blocks of records (see CsvSplitter). */
export async function* csvRecords(source: AsyncIterable<Buffer | string>): AsyncGenerator<CsvRecord[]> {
  const splitter = new CsvSplitter();
  for await (const chunk of source) {
    const records = splitter.push(chunk);
    if (records.length) yield records;
  }
  const records = splitter.end();
  if (records.length) yield records;
}

/** The header row of a file (its first record), without reading the rest. */
export async function csvHeader(source: Readable): Promise<string[] | null> {
  try {
    for await (const block of csvRecords(source)) return block[0]?.fields.map((h) => h.trim()) ?? null;
    return null;
  } finally {
    source.destroy();
  }
}
