import Papa from 'papaparse';
import type { Readable } from 'node:stream';
import { CustomerLimits } from '@parley/sdk/contract/customer-texts';
import { CsvScanner } from './csv-scan.js';

/** One record of a CSV file: its fields, the file line it starts on (the header is line 1) and its text as written. */
export interface CsvRecord {
  fields: string[];
  line: number;
  text: string;
  /** The record could not be read as CSV (an unterminated quote at the end of the file, or tooLong). */
  broken: boolean;
  /** Longer than CustomerLimits.csvLineBytes: not read, its text is its start. */
  tooLong?: boolean;
}

const MAX_TEXT = 2000;
/** Bytes of a too long record kept to show its start (MAX_TEXT characters are at most 4 bytes each). */
const HEAD_BYTES = MAX_TEXT * 4;

const decode = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

/**
 * Splits CSV bytes, fed in pieces, into records. CsvScanner (csv-scan.ts) finds where records end, keeping its state
 * from piece to piece; the complete records of each piece are then decoded (as UTF-8) and parsed by papaparse in one
 * call, and only the unfinished last one is kept for the next piece. Each byte is thus scanned once and parsed once,
 * however long a record is: reparsing the kept text with every piece took minutes for a record of 50 MB. A record
 * longer than CustomerLimits.csvLineBytes (the upload refuses such a file; one stored before may still come) is not
 * kept: it is one broken record, marked `tooLong`, with its start as its text. Push-driven, so the import can run it
 * in a worker thread that is fed the file's chunks; papaparse's own stream mode cannot be paused.
 */
export class CsvSplitter {
  private readonly scanner: CsvScanner;
  /** The unfinished record's bytes, or only its start once it is too long. */
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private line = 1;

  constructor(private readonly delimiter = ',') {
    this.scanner = new CsvScanner(delimiter);
  }

  /**
   * The records the piece completes. With `emit`, each is handed over as soon as it is known to be whole (and the
   * array stays empty): a piece of a megabyte is ten thousand records, which kept alive together would be copied
   * by every minor collection while they wait.
   */
  push(chunk: Buffer | Uint8Array | string, emit?: (record: CsvRecord) => void): CsvRecord[] {
    const out: CsvRecord[] = [];
    const sink = emit ?? ((r: CsvRecord) => out.push(r));
    const long: Long[] = [];
    const bytes = this.scanner.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, (start, end, tooLong, line, nextLine) => {
      if (tooLong) long.push({ start, end, line, nextLine });
    });
    let from = 0;
    for (const r of long) {
      // The records before it, then it. One that started in an earlier piece has its start kept already.
      if (r.start > from) this.parse(bytes.subarray(from, r.start), sink);
      if (r.start >= 0) this.keep(bytes.subarray(r.start, r.end), false);
      this.skipLong(r, sink);
      from = r.end;
    }
    // The unfinished record's bytes are the last ones of the piece (or all of them, when it started before it).
    const last = bytes.length - Math.min(this.scanner.recordBytes, bytes.length);
    if (last > from) this.parse(bytes.subarray(from, last), sink);
    this.keep(bytes.subarray(Math.max(from, last)), this.scanner.recordBytes <= CustomerLimits.csvLineBytes);
    return out;
  }

  end(emit?: (record: CsvRecord) => void): CsvRecord[] {
    const out: CsvRecord[] = [];
    const sink = emit ?? ((r: CsvRecord) => out.push(r));
    let long: Long | undefined;
    const { bytes } = this.scanner.end((start, end, tooLong, line, nextLine) => {
      if (tooLong) long = { start, end, line, nextLine };
    });
    if (!long) {
      this.parse(bytes, sink);
      return out;
    }
    this.keep(bytes, false);
    this.skipLong(long, sink);
    return out;
  }

  /** Keeps the unfinished record's bytes, or no more than its first HEAD_BYTES when it is too long. */
  private keep(bytes: Uint8Array, whole: boolean) {
    const room = whole ? bytes.length : Math.min(bytes.length, HEAD_BYTES - this.pendingBytes);
    if (room <= 0) return;
    // A copy: the piece's memory is the caller's (a worker's chunk is moved back to be reused).
    const kept = new Uint8Array(bytes.subarray(0, room));
    this.pending.push(kept);
    this.pendingBytes += kept.length;
  }

  /** The kept bytes, followed by `then`. */
  private take(then: Uint8Array): Uint8Array {
    if (!this.pending.length) return then;
    const all = this.pending.length === 1 && !then.length ? this.pending[0]! : Buffer.concat([...this.pending, then]);
    this.pending = [];
    this.pendingBytes = 0;
    return all;
  }

  /** A record over the bound: never parsed, its start as its text. */
  private skipLong(r: Long, emit: (record: CsvRecord) => void) {
    const head = this.take(new Uint8Array(0));
    const text = decode(head.subarray(0, HEAD_BYTES))
      .replace(/\r?\n$/, '')
      .slice(0, MAX_TEXT);
    emit({ fields: [], line: r.line, text, broken: true, tooLong: true });
    this.line = r.nextLine;
  }

  /** Parses whole records (at the end, the last one, whole or not), after the kept start of the first. */
  private parse(bytes: Uint8Array, emit: (record: CsvRecord) => void): void {
    const newline = this.scanner.crlf ? '\r\n' : '\n';
    let text = decode(this.take(bytes));
    if (!text) return;
    let from = 0;
    // papaparse drops a BOM at the start of what it is given, which here is a line's value (the file's was dropped):
    // an empty line before it keeps it.
    let lead = text.charCodeAt(0) === 0xfeff;
    if (lead) text = newline + text;
    Papa.parse<string[]>(text, {
      delimiter: this.delimiter,
      newline,
      step: (result) => {
        const to = result.meta.cursor;
        if (lead) {
          lead = false;
          from = to;
          return;
        }
        const r: CsvRecord = {
          fields: result.data,
          line: this.line,
          text: text.slice(from, to),
          broken: result.errors.some((e) => e.code === 'MissingQuotes'),
        };
        from = to;
        for (let i = r.text.indexOf('\n'); i !== -1; i = r.text.indexOf('\n', i + 1)) this.line += 1;
        r.text = r.text.replace(/\r?\n$/, '').slice(0, MAX_TEXT);
        // An empty line is no record; a line of only commas is one (with every field empty).
        if (!(r.fields.length === 1 && r.fields[0] === '' && !r.broken)) emit(r);
      },
    });
  }
}

interface Long {
  start: number;
  end: number;
  line: number;
  nextLine: number;
}

/** Reads a CSV stream in blocks of records (see CsvSplitter). */
export async function* csvRecords(source: AsyncIterable<Buffer | string>, delimiter = ','): AsyncGenerator<CsvRecord[]> {
  const splitter = new CsvSplitter(delimiter);
  for await (const chunk of source) {
    const records = splitter.push(chunk);
    if (records.length) yield records;
  }
  const records = splitter.end();
  if (records.length) yield records;
}

/**
 * The header row of a file (its first record) and the first `rows` records after it as read (the mapping screen's
 * preview), without reading the rest.
 */
export async function csvStart(source: Readable, delimiter = ',', rows = 0): Promise<{ headers: string[]; preview: string[][] } | null> {
  try {
    const splitter = new CsvSplitter(delimiter);
    const records: CsvRecord[] = [];
    const result = () =>
      records.length ? { headers: records[0]!.fields.map((h) => h.trim()), preview: records.slice(1, rows + 1).map((r) => r.fields) } : null;
    // In pieces, so no more than a piece past the records wanted is parsed to find them (the store reads a megabyte
    // at once).
    for await (const chunk of source) {
      const bytes = chunk as Buffer;
      for (let i = 0; i < bytes.length; i += HEADER_PIECE) {
        records.push(...splitter.push(bytes.subarray(i, i + HEADER_PIECE)));
        if (records.length > rows) return result();
      }
    }
    records.push(...splitter.end());
    return result();
  } finally {
    source.destroy();
  }
}

const HEADER_PIECE = 64 * 1024;
