import { CustomerMessages } from '@parley/sdk/contract/customer-texts';
import { CsvScanner, csvProblemMessage } from './csv-scan.js';

/** Bytes of the start of a file looked at to tell text from binary. */
const SNIFF_BYTES = 8 * 1024;

/**
 * Whether the start of a file is text in some encoding. Text, in UTF-8 or any other byte encoding (Latin-1, Shift
 * JIS...), has no control bytes but tab, the line endings, form feed and the old end-of-file mark; binary files
 * (a spreadsheet's xlsx, a zip, an image) have about one byte in ten. UTF-16 and UTF-32 text is full of NULs, so a
 * file starting with their byte order mark is text whatever follows. A few stray NULs are a spreadsheet's padding.
 */
export function looksLikeText(sample: Uint8Array): boolean {
  if ((sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff)) return true;
  if (sample[0] === 0 && sample[1] === 0 && sample[2] === 0xfe && sample[3] === 0xff) return true;
  let end = sample.length;
  // NUL padding at the end of a small file.
  while (end > 0 && sample[end - 1] === 0) end -= 1;
  let control = 0;
  for (let i = 0; i < end; i++) {
    const b = sample[i]!;
    if (b < 0x20 && !(b >= 0x09 && b <= 0x0d) && b !== 0x1a) control += 1;
  }
  return control < 2 || control * 20 <= end;
}

/**
 * Counts the data records of a CSV file (for the progress bar's total) from its bytes, fed as they arrive (the upload
 * counts while it stores the file), and finds what the upload refuses: a start that is not text, a record, a value
 * or a header over its bound (CsvScanner). It reads records as the import does (an empty line is no record, the
 * header is not counted), in one pass whatever the records' length, with no string made.
 */
export class RecordCounter {
  private readonly scanner: CsvScanner;
  private sample: Uint8Array[] = [];
  private sampled = 0;
  private binary = false;

  constructor(delimiter = ',') {
    this.scanner = new CsvScanner(delimiter);
  }

  push(bytes: Uint8Array): void {
    if (this.sampled < SNIFF_BYTES) {
      this.sample.push(bytes.subarray(0, SNIFF_BYTES - this.sampled));
      this.sampled += Math.min(bytes.length, SNIFF_BYTES - this.sampled);
      if (this.sampled >= SNIFF_BYTES) this.sniff();
    }
    this.scanner.push(bytes);
  }

  private sniff() {
    this.binary = !looksLikeText(Buffer.concat(this.sample));
    this.sample = [];
  }

  /** The first reason to refuse the file, as far as it was read (the whole of it once total() was called). */
  get problem(): string | undefined {
    if (this.binary) return CustomerMessages.notText;
    return this.scanner.problem && csvProblemMessage(this.scanner.problem);
  }

  /** The records after the header, once every byte has been pushed. */
  total(): number {
    if (this.sample.length) this.sniff();
    this.scanner.end();
    return Math.max(this.scanner.records - 1, 0);
  }
}

/** Counts the data records of a whole file (see RecordCounter). */
export async function countRecords(source: AsyncIterable<Uint8Array>, delimiter = ','): Promise<number> {
  const counter = new RecordCounter(delimiter);
  for await (const bytes of source) counter.push(bytes);
  return counter.total();
}
