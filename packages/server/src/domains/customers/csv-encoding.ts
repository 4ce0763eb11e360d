import { isAscii, isUtf8 } from 'node:buffer';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { CustomerMessages } from '@parley/sdk/contract/customer-texts';
import { looksLikeText } from './import-count.js';

/** Bytes of the file's start that decide its encoding (and, once decoded, its delimiter: csv-delimiter.ts). */
export const SAMPLE_BYTES = 64 * 1024;

const LF = 0x0a;
/**
 * chardet's points by which another single-byte encoding must beat Windows-1252: José Núñez among ASCII scored 32 as
 * ISO-8859-1 and 33 as Windows-1257, a Lithuanian file 37 against 25.
 */
const TIE = 5;
/** ASCII bytes before the first that is not, read with it by chardet. */
const CONTEXT_BYTES = 4096;

/**
 * The encoding chardet names, as iconv-lite decodes it. ISO-8859-1 is read as windows-1252, as browsers do (WHATWG):
 * the two differ only in 0x80-0x9F, where Latin-1 has control characters no spreadsheet writes and Windows-1252 has
 * € ‘ ’ “ ” – —, which Excel does write.
 */
const AS_DECODED: Record<string, string> = { 'ISO-8859-1': 'windows-1252' };

/** Whether a decoded text holds a replacement character or half a surrogate pair (which UTF-8 would turn into one). */
const illFormed = (text: string) => text.indexOf('\uFFFD') !== -1 || !(text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Which of UTF-16's two byte orders a file without a BOM is in, from where its ASCII characters' zero bytes fall. */
function utf16Order(sample: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | null {
  let even = 0;
  let odd = 0;
  const n = sample.length - (sample.length % 2);
  for (let i = 0; i < n; i += 2) {
    if (sample[i] === 0) even += 1;
    if (sample[i + 1] === 0) odd += 1;
  }
  const pairs = n / 2;
  if (pairs < 2) return null;
  if (odd > pairs * 0.3 && even < pairs * 0.05) return 'UTF-16LE';
  if (even > pairs * 0.3 && odd < pairs * 0.05) return 'UTF-16BE';
  return null;
}

/**
 * The encoding of a file from a sample: at the file's start a BOM, then UTF-16's zero bytes; then valid UTF-8, then
 * chardet's guess. `start` is false for a sample taken where the first non-ASCII byte is, further down; `context` is
 * then the ASCII text before it, which helps chardet's language models.
 */
export function detectEncoding(sample: Uint8Array, whole: boolean, start = true, context?: Uint8Array): { encoding: string } | { problem: string } {
  const [a, b, c, d] = sample;
  if (start) {
    if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'UTF-8' };
    if (a === 0xff && b === 0xfe && c === 0 && d === 0) return { encoding: 'UTF-32LE' };
    if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return { encoding: 'UTF-32BE' };
    if (a === 0xff && b === 0xfe) return { encoding: 'UTF-16LE' };
    if (a === 0xfe && b === 0xff) return { encoding: 'UTF-16BE' };
    const utf16 = utf16Order(sample);
    if (utf16) return { encoding: utf16 };
  }
  if (isUtf8(whole ? sample : sample.subarray(0, completeUpTo(sample)))) return { encoding: 'UTF-8' };
  if (!looksLikeText(sample)) return { problem: CustomerMessages.notText };
  // chardet ranks the encodings it knows by its language models, which a few accented names do not settle: the first
  // of its candidates that iconv-lite reads and that decodes the sample with no undefined byte wins, and a near tie
  // (within TIE points of 100) goes to Windows-1252, by far the most common encoding of a spreadsheet's CSV that is not UTF-8. When chardet
  // ranks only ASCII (a few accented letters among ASCII), Windows-1252 too. The mapping screen shows the encoding and
  // the first rows as read, so a wrong guess is seen before anything is imported.
  const matches = chardet
    .analyse(context?.length ? Buffer.concat([context, sample]) : sample)
    .map((m) => ({ name: AS_DECODED[m.name] ?? m.name, confidence: m.confidence }));
  const top = matches[0]?.confidence ?? 0;
  const ranked = matches
    .filter((m) => !/^(UTF|ASCII)/i.test(m.name) && iconv.encodingExists(m.name))
    .map((m) => ({ ...m, confidence: m.name === 'windows-1252' ? m.confidence + TIE : m.confidence }))
    .sort((x, y) => y.confidence - x.confidence);
  if (!ranked.length && matches.every((m) => m.name === 'ASCII')) ranked.push({ name: 'windows-1252', confidence: top });
  const clean = whole ? sample : sample.subarray(0, sample.lastIndexOf(LF) + 1 || sample.length);
  const encoding = ranked.find((m) => !illFormed(iconv.decode(Buffer.from(clean.buffer, clean.byteOffset, clean.byteLength), m.name)))?.name;
  if (!encoding) return { problem: CustomerMessages.unknownEncoding(matches[0]?.name ?? 'unknown') };
  return { encoding };
}

/** The first byte of `bytes` that is not ASCII, or -1: Node's native isAscii first, a byte loop only when one is there. */
function firstNonAscii(bytes: Uint8Array): number {
  if (isAscii(bytes)) return -1;
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return i;
  return -1;
}

/** Where the last (maybe unfinished) UTF-8 character of `bytes` starts: what is before it is whole characters. */
function completeUpTo(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 4); i--) {
    const b = bytes[i]!;
    if (b < 0x80) return i + 1;
    if (b >= 0xc0) return i;
  }
  return bytes.length;
}

function countLines(bytes: Uint8Array): number {
  let n = 0;
  for (let at = bytes.indexOf(LF); at !== -1; at = bytes.indexOf(LF, at + 1)) n += 1;
  return n;
}

/** The first line (1-based, counted from `line`) of `bytes` that is not valid UTF-8. */
function firstBadLine(bytes: Uint8Array, line: number): number {
  let from = 0;
  for (let at = bytes.indexOf(LF); at !== -1; at = bytes.indexOf(LF, from)) {
    if (!isUtf8(bytes.subarray(from, at))) return line;
    line += 1;
    from = at + 1;
  }
  return line;
}

/**
 * Turns an uploaded CSV file, fed in pieces, into UTF-8, which is what the store keeps and the import reads. The
 * encoding is decided on the first SAMPLE_BYTES (detectEncoding); while they are all ASCII, which every encoding but
 * UTF-16/32 writes alike, the decision waits for the first byte that is not, and is made on the SAMPLE_BYTES from
 * there: a Windows-1252 export whose first accented name is on line 3,000 is still read as Windows-1252. A UTF-8 file
 * passes through unchanged, its bytes checked as they pass with Node's isUtf8 (a byte of another encoding further
 * down is refused with its line, never stored as a replacement character). Other encodings are decoded by
 * iconv-lite's streaming decoders; a byte the encoding does not define is refused too. A file that is neither is
 * refused with the encoding chardet found.
 */
export class CsvDecoder {
  /** The encoding found, once the sample is read ('UTF-8' for a file of ASCII only). */
  encoding: string | undefined;
  problem: string | undefined;
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  /** All bytes so far were ASCII: the encoding is still to be decided, and the bytes pass through as they are. */
  private ascii = false;
  /** The sample is the file's start (where a BOM would be). */
  private start = true;
  private decoder: ReturnType<typeof iconv.getDecoder> | undefined;
  /** The bytes of an unfinished UTF-8 character at the end of the last piece. */
  private carry: Uint8Array = new Uint8Array(0);
  /** Lines before the bytes being checked, for the refusal's line number. */
  private line = 1;
  /** The last ASCII bytes passed, for chardet to read before the first byte that is not. */
  private context: Uint8Array = new Uint8Array(0);

  /** The UTF-8 of the piece (empty while the sample is held, or once the file is refused). */
  push(piece: Uint8Array): Uint8Array {
    if (this.problem) return new Uint8Array(0);
    if (this.ascii) {
      const at = firstNonAscii(piece);
      if (at === -1) return this.passAscii(piece);
      this.ascii = false;
      const before = this.passAscii(piece.subarray(0, at));
      const after = this.push(piece.subarray(at));
      return before.length && after.length ? Buffer.concat([before, after]) : before.length ? before : after;
    }
    if (this.encoding === undefined) {
      this.held.push(piece);
      this.heldBytes += piece.length;
      if (this.heldBytes < SAMPLE_BYTES) return new Uint8Array(0);
      return this.release(false);
    }
    return this.convert(piece, false);
  }

  /** The UTF-8 of what is left, at the end of the file. */
  end(): Uint8Array {
    if (this.problem) return new Uint8Array(0);
    if (this.ascii) {
      this.encoding = 'UTF-8';
      return new Uint8Array(0);
    }
    if (this.encoding === undefined) return this.release(true);
    return this.convert(new Uint8Array(0), true);
  }

  private passAscii(bytes: Uint8Array): Uint8Array {
    this.line += countLines(bytes);
    const keep = Math.min(bytes.length, CONTEXT_BYTES);
    this.context = new Uint8Array(Buffer.concat([this.context, bytes.subarray(bytes.length - keep)]).subarray(-CONTEXT_BYTES));
    return bytes;
  }

  private release(whole: boolean): Uint8Array {
    const held = this.held.length === 1 ? this.held[0]! : Buffer.concat(this.held);
    this.held = [];
    this.heldBytes = 0;
    const sample = held.subarray(0, SAMPLE_BYTES);
    if (this.start && firstNonAscii(sample) === -1 && utf16Order(sample) === null && !whole) {
      // Nothing to decide on yet: ASCII so far.
      this.start = false;
      this.ascii = true;
      return this.push(held);
    }
    const found = detectEncoding(sample, whole && sample.length === held.length, this.start, this.context);
    this.start = false;
    if ('problem' in found) {
      this.problem = found.problem;
      return new Uint8Array(0);
    }
    this.encoding = found.encoding;
    if (found.encoding !== 'UTF-8') this.decoder = iconv.getDecoder(found.encoding);
    return this.convert(held, whole);
  }

  private convert(piece: Uint8Array, final: boolean): Uint8Array {
    if (this.decoder) {
      const text = this.decoder.write(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)) + (final ? (this.decoder.end() ?? '') : '');
      if (illFormed(text)) {
        const bad = [...text].findIndex((ch) => ch === '\uFFFD' || (ch.length === 1 && ch >= '\uD800' && ch <= '\uDFFF'));
        this.problem = CustomerMessages.notInEncoding(this.line + (text.slice(0, bad).match(/\n/g)?.length ?? 0), this.encoding!);
        return new Uint8Array(0);
      }
      this.line += text.match(/\n/g)?.length ?? 0;
      return Buffer.from(text, 'utf8');
    }
    const bytes = this.carry.length ? Buffer.concat([this.carry, piece]) : piece;
    const upTo = final ? bytes.length : completeUpTo(bytes);
    const checked = bytes.subarray(0, upTo);
    if (!isUtf8(checked)) {
      this.problem = CustomerMessages.notUtf8(firstBadLine(checked, this.line));
      return new Uint8Array(0);
    }
    this.line += countLines(checked);
    this.carry = new Uint8Array(bytes.subarray(upTo));
    return checked;
  }
}
