import Papa from 'papaparse';
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

/**
 * Reads a CSV stream in blocks of records, with papaparse doing the CSV. The stream is decoded as UTF-8 by Node's
 * string decoder first (papaparse on raw bytes splits multi-byte characters at chunk edges); a BOM is dropped; the
 * line ending is taken from the header row (LF or CRLF) so quoted values may hold either. Each block is parsed as a
 * string and its last record held back until the next block arrives, because it may be cut in the middle: papaparse's
 * own stream mode cannot be paused, so the whole file would queue in memory.
 */
export async function* csvRecords(source: Readable): AsyncGenerator<CsvRecord[]> {
  source.setEncoding('utf8');
  let pending = '';
  let newline: '\n' | '\r\n' | undefined;
  let line = 1;
  let first = true;
  const parse = (text: string, final: boolean): CsvRecord[] => {
    const out: CsvRecord[] = [];
    let from = 0;
    let keep = 0;
    Papa.parse<string[]>(text, {
      delimiter: ',',
      newline,
      step: (result) => {
        const to = result.meta.cursor;
        const raw = text.slice(from, to);
        const broken = result.errors.some((e) => e.code === 'MissingQuotes');
        out.push({ fields: result.data, line: 0, text: raw, broken });
        keep = from;
        from = to;
      },
    });
    if (!final && out.length) {
      // The last record may continue in the next block: parse it again with what follows.
      out.pop();
      pending = text.slice(keep);
    } else pending = '';
    for (const r of out) {
      r.line = line;
      for (let i = r.text.indexOf('\n'); i !== -1; i = r.text.indexOf('\n', i + 1)) line += 1;
      r.text = r.text.replace(/\r?\n$/, '').slice(0, MAX_TEXT);
    }
    // An empty line is no record; a line of only commas is one (with every field empty).
    return out.filter((r) => !(r.fields.length === 1 && r.fields[0] === '' && !r.broken));
  };
  for await (const chunk of source as AsyncIterable<string>) {
    let text = pending + chunk;
    if (first) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const end = text.indexOf('\n');
      if (end === -1 && text.length < 64 * 1024) {
        pending = text;
        continue;
      }
      newline = end > 0 && text[end - 1] === '\r' ? '\r\n' : '\n';
      first = false;
    }
    const records = parse(text, false);
    if (records.length) yield records;
  }
  if (first && pending.charCodeAt(0) === 0xfeff) pending = pending.slice(1);
  newline ??= pending.includes('\r\n') ? '\r\n' : '\n';
  if (pending) {
    const records = parse(pending, true);
    if (records.length) yield records;
  }
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
