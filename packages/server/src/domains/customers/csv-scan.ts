import { CustomerLimits, CustomerMessages } from '@parley/sdk/contract/customer-texts';

/** A record, a value or the header longer than its bound (CustomerLimits), with the line the record starts on. */
export interface CsvProblem {
  kind: 'record' | 'field' | 'header';
  line: number;
}

const size = (n: number) => (n >= 1024 * 1024 ? `${+(n / (1024 * 1024)).toFixed(1)} MB` : `${+(n / 1024).toFixed(1)} KB`);

/** The upload's refusal of a file over a bound, or the import's error for a record over it. */
export function csvProblemMessage(problem: CsvProblem): string {
  if (problem.kind === 'header') return CustomerMessages.headerTooLong(problem.line, size(CustomerLimits.csvHeaderBytes));
  if (problem.kind === 'record') return CustomerMessages.lineTooLong(problem.line, size(CustomerLimits.csvLineBytes));
  return CustomerMessages.valueTooLong(problem.line, size(CustomerLimits.csvValueBytes));
}

/** Where a record ends, for a caller that keeps the bytes: `start` is -1 when it began in an earlier piece. */
export type RecordEnd = (start: number, end: number, tooLong: boolean, line: number, nextLine: number) => void;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

// States of the scanner, between two bytes.
/** At a field's first byte: a quote here opens a quoted field. */
const FIELD = 0;
/** In an unquoted field. */
const PLAIN = 1;
/** After a CR in an unquoted field of a CRLF file: a newline if an LF follows. */
const PLAIN_CR = 2;
/** In a quoted field. */
const QUOTED = 3;
/** After a quote in a quoted field: "" is a quote of the value; anything else may close the field. */
const QUOTED_QUOTE = 4;
/** After a quote and whitespace in a quoted field: a comma or the newline next closes the field, anything else does not. */
const AFTER_QUOTE = 5;
/** As AFTER_QUOTE, after a CR in a CRLF file. */
const AFTER_QUOTE_CR = 6;
/** As AFTER_QUOTE, within a multi-byte character that may be whitespace. */
const AFTER_QUOTE_MB = 7;

/** The bytes held at the start until the header's line ending is known; a header without one within it is too long anyway. */
const NEWLINE_WINDOW = 64 * 1024;

/** Whether `bytes` (the UTF-8 of a multi-byte character, whole or its start) is or may become JavaScript whitespace. */
function wsPrefix(bytes: number[]): 'no' | 'maybe' | 'yes' {
  const [a, b, c] = bytes;
  const n = bytes.length;
  // U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF: what String.prototype.trim removes.
  if (a === 0xc2) return n === 1 ? 'maybe' : b === 0xa0 ? 'yes' : 'no';
  const second = a === 0xe1 ? [0x9a] : a === 0xe2 ? [0x80, 0x81] : a === 0xe3 ? [0x80] : a === 0xef ? [0xbb] : null;
  if (!second) return 'no';
  if (n === 1) return 'maybe';
  if (!second.includes(b!)) return 'no';
  if (n === 2) return 'maybe';
  if (a === 0xe1 || a === 0xe3) return c === 0x80 ? 'yes' : 'no';
  if (a === 0xef) return c === 0xbf ? 'yes' : 'no';
  if (b === 0x81) return c === 0x9f ? 'yes' : 'no';
  return (c! >= 0x80 && c! <= 0x8a) || c === 0xa8 || c === 0xa9 || c === 0xaf ? 'yes' : 'no';
}

/** The next position of `b` from `from`, or the end. */
function find(bytes: Uint8Array, b: number, from: number): number {
  const at = bytes.indexOf(b, from);
  return at === -1 ? bytes.length : at;
}

const isAsciiSpace = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);

/** The bytes without U+0000: PostgreSQL's text cannot hold it, so a spreadsheet's NUL padding is dropped, not a batch failed over it. */
export function withoutNul(bytes: Uint8Array): Uint8Array {
  let at = bytes.indexOf(0);
  if (at === -1) return bytes;
  const out = new Uint8Array(bytes.length);
  out.set(bytes.subarray(0, at));
  let n = at;
  for (; at < bytes.length; at++) if (bytes[at] !== 0) out[n++] = bytes[at]!;
  return out.subarray(0, n);
}

/**
 * Finds where the records of a CSV file end, fed its bytes piece by piece, keeping its state between pieces rather
 * than reading a record's start again with each piece: one pass, whatever the length of a record. It reads as papaparse does (csv-records.ts parses
 * the records it delimits with papaparse, which must agree on where each ends): a quote opens a field only at its
 * start; in a quoted field "" is a quote, and a quote closes the field only when a comma or the newline follows,
 * after whitespace at most (or at the end of the file); any other quote is part of the value. The newline is the
 * header's (LF or CRLF); a UTF-8 BOM at the start and NUL bytes are dropped. Each record, value and the header is
 * measured against its bound as it grows, so a file is known to be refused within a piece of its first excess.
 */
export class CsvScanner {
  /** LF or CRLF, from the header's first line ending; undefined while the bytes before it are held. */
  crlf: boolean | undefined;
  /** The line of the file (the first is 1) the record being read starts on. */
  recordLine = 1;
  /** Records read to their end, empty lines not counted (the header is one). */
  records = 0;
  /** The first bound exceeded. */
  problem: CsvProblem | undefined;
  private line = 1;
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private state = FIELD;
  /** Bytes of the record and of the field being read, before the current piece. */
  private recordBefore = 0;
  private fieldBefore = 0;
  /** Where the record and the field being read start in the current piece. */
  private recordStart = 0;
  private fieldStart = 0;
  /** Whether the record holds anything: a line with no byte, or only "", is no record. */
  private content = false;
  private multiByte: number[] = [];

  /** The delimiter's byte (csv-delimiter.ts: one of , ; tab |, each a single ASCII byte). */
  private readonly sep: number;

  constructor(
    delimiter = ',',
    private readonly bounds = { record: CustomerLimits.csvLineBytes, field: CustomerLimits.csvValueBytes, header: CustomerLimits.csvHeaderBytes },
  ) {
    this.sep = delimiter.charCodeAt(0);
  }

  /** Bytes of the record being read so far. */
  get recordBytes(): number {
    return this.recordBefore;
  }

  /**
   * Reads a piece; returns the bytes it read (without NUL, the BOM, and with the bytes held before it, if any),
   * which `onEnd`'s offsets point into. Empty while the start of the file is held to learn its line ending.
   */
  push(piece: Uint8Array, onEnd?: RecordEnd): Uint8Array {
    let bytes = withoutNul(piece);
    if (this.crlf === undefined) {
      this.held.push(bytes);
      this.heldBytes += bytes.length;
      if (bytes.indexOf(LF) === -1 && this.heldBytes < NEWLINE_WINDOW) return new Uint8Array(0);
      bytes = this.release();
    }
    this.scan(bytes, false, onEnd);
    return bytes;
  }

  /** Reads the end of the file: what the last piece left is the last record (broken when a quote is still open). */
  end(onEnd?: RecordEnd): { bytes: Uint8Array; broken: boolean } {
    const bytes = this.crlf === undefined ? this.release() : new Uint8Array(0);
    this.scan(bytes, true, onEnd);
    if (this.state === PLAIN_CR) this.content = true;
    this.endField(bytes.length);
    const broken = this.state === QUOTED || this.state === AFTER_QUOTE || this.state === AFTER_QUOTE_CR || this.state === AFTER_QUOTE_MB;
    // An unterminated quote is a (broken) record, even with nothing after it.
    if (broken) this.content = true;
    if (this.content) this.finishRecord(bytes.length, bytes.length, onEnd, this.line);
    return { bytes, broken };
  }

  private release(): Uint8Array {
    let bytes = this.held.length === 1 ? this.held[0]! : Buffer.concat(this.held);
    this.held = [];
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    const lf = bytes.indexOf(LF);
    this.crlf = lf > 0 && bytes[lf - 1] === CR;
    return bytes;
  }

  /**
   * Most bytes are read in spans: an unquoted run up to the next LF or quote, a quoted value up to its next quote,
   * found with indexOf (the C library's search), whose next positions are kept rather than searched again, so that
   * no byte is searched twice. Only what follows a quote in a quoted value is read byte by byte.
   */
  private scan(bytes: Uint8Array, final: boolean, onEnd: RecordEnd | undefined): void {
    const n = bytes.length;
    const crlf = this.crlf;
    this.recordStart = 0;
    this.fieldStart = 0;
    let nextQuote = -1;
    let nextLf = -1;
    let i = 0;
    while (i < n) {
      const state = this.state;
      if (state === FIELD || state === PLAIN) {
        if (nextQuote < i) nextQuote = find(bytes, QUOTE, i);
        if (nextLf < i) nextLf = find(bytes, LF, i);
        const e = Math.min(nextQuote, nextLf);
        // [i, e) holds values' bytes, commas and CRs. A CR before an LF is a CRLF file's newline.
        const cr = crlf === true && e > i && bytes[e - 1] === CR && e === nextLf;
        const to = cr ? e - 1 : e;
        let after = state;
        if (to > i) {
          this.content = true;
          if (this.fieldBefore + to - this.fieldStart > this.bounds.field) this.measure(bytes, i, to);
          else {
            for (let j = to - 1; j >= i; j--) {
              if (bytes[j] === this.sep) {
                this.fieldStart = j + 1;
                this.fieldBefore = 0;
                break;
              }
            }
          }
          after = bytes[to - 1] === this.sep ? FIELD : PLAIN;
        }
        if (e === n) {
          // A CR at the end of the piece may be the start of a newline.
          this.state = cr ? PLAIN_CR : after;
          break;
        }
        i = e + 1;
        if (e === nextLf) {
          this.line += 1;
          if (!crlf || cr) {
            this.endRecord(e, onEnd);
            this.state = FIELD;
          } else {
            // A lone LF in a CRLF file is a value's.
            this.content = true;
            this.state = PLAIN;
          }
        } else if (after === FIELD) this.state = QUOTED;
        else {
          this.content = true;
          this.state = PLAIN;
        }
      } else if (state === QUOTED) {
        if (nextQuote < i) nextQuote = find(bytes, QUOTE, i);
        const e = nextQuote;
        if (e > i) this.content = true;
        if (nextLf < i) nextLf = find(bytes, LF, i);
        while (nextLf < e) {
          this.line += 1;
          nextLf = find(bytes, LF, nextLf + 1);
        }
        if (e === n) break;
        this.state = QUOTED_QUOTE;
        i = e + 1;
      } else {
        this.step(bytes[i]!, i, onEnd);
        i += 1;
      }
    }
    if (final) return;
    this.recordBefore += n - this.recordStart;
    this.fieldBefore += n - this.fieldStart;
    // The bounds are checked at every field's and record's end, and at the piece's for the one still growing.
    this.check(this.recordBefore, this.fieldBefore);
  }

  /** Ends every field in [from, to), a run of unquoted bytes and commas longer than a value's bound. */
  private measure(bytes: Uint8Array, from: number, to: number) {
    const run = bytes.subarray(from, to);
    for (let c = run.indexOf(this.sep); c !== -1; c = run.indexOf(this.sep, c + 1)) this.endField(from + c);
  }

  /** One byte after a quote in a quoted value (or after a CR), where what comes next decides. */
  private step(b: number, i: number, onEnd: RecordEnd | undefined): void {
    if (b === LF) this.line += 1;
    switch (this.state) {
      case PLAIN_CR:
        if (b === LF) {
          this.endRecord(i, onEnd);
          this.state = FIELD;
          break;
        }
        // The CR was the value's.
        this.content = true;
        if (b === this.sep) {
          this.endField(i);
          this.state = FIELD;
        } else if (b !== CR) this.state = PLAIN;
        break;
      case QUOTED_QUOTE:
        if (b === QUOTE) {
          this.content = true;
          this.state = QUOTED;
          break;
        }
        this.state = this.afterQuote(b, i, onEnd);
        break;
      case AFTER_QUOTE:
        this.state = this.afterQuote(b, i, onEnd);
        break;
      case AFTER_QUOTE_CR:
        this.state = b === LF ? (this.endRecord(i, onEnd), FIELD) : this.afterQuote(b, i, onEnd);
        break;
      case AFTER_QUOTE_MB: {
        this.multiByte.push(b);
        const ws = wsPrefix(this.multiByte);
        if (ws === 'yes') this.state = AFTER_QUOTE;
        else if (ws === 'no') {
          // The quote was part of the value, and so is what followed it; this byte is read again as the value's.
          this.content = true;
          this.state = b === QUOTE ? QUOTED_QUOTE : QUOTED;
        }
        break;
      }
    }
  }

  /** After a closing quote's candidate and whitespace: a comma or the newline closes the field. */
  private afterQuote(b: number, i: number, onEnd: RecordEnd | undefined): number {
    if (b === this.sep) {
      this.endField(i);
      this.content = true;
      return FIELD;
    }
    if (b === LF && !this.crlf) {
      this.endRecord(i, onEnd);
      return FIELD;
    }
    if (b === CR && this.crlf) return AFTER_QUOTE_CR;
    if (isAsciiSpace(b)) return AFTER_QUOTE;
    if (b >= 0xc0) {
      this.multiByte = [b];
      if (wsPrefix(this.multiByte) === 'maybe') return AFTER_QUOTE_MB;
    }
    // Not a closing quote: it and what followed it are the value's.
    this.content = true;
    return b === QUOTE ? QUOTED_QUOTE : QUOTED;
  }

  private endField(i: number) {
    const field = this.fieldBefore + i - this.fieldStart;
    if (field > this.bounds.field && this.problem === undefined) this.check(0, field);
    this.fieldBefore = 0;
    this.fieldStart = i + 1;
  }

  private endRecord(i: number, onEnd: RecordEnd | undefined) {
    this.endField(i);
    this.finishRecord(i, i + 1, onEnd, this.line);
  }

  private finishRecord(last: number, end: number, onEnd: RecordEnd | undefined, nextLine: number) {
    const bytes = this.recordBefore + last - this.recordStart;
    if (this.problem === undefined) this.check(bytes, 0);
    if (this.content) this.records += 1;
    onEnd?.(this.recordBefore > 0 ? -1 : this.recordStart, end, bytes > this.bounds.record, this.recordLine, nextLine);
    this.content = false;
    this.recordBefore = 0;
    this.fieldBefore = 0;
    this.recordStart = end;
    this.fieldStart = end;
    this.recordLine = nextLine;
  }

  private check(record: number, field: number) {
    if (this.problem) return;
    if (this.records === 0 && Math.max(record, field) > this.bounds.header) this.problem = { kind: 'header', line: this.recordLine };
    else if (record > this.bounds.record) this.problem = { kind: 'record', line: this.recordLine };
    else if (field > this.bounds.field) this.problem = { kind: 'field', line: this.recordLine };
  }
}
