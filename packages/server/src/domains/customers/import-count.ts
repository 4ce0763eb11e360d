const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Counts the data records of a CSV file (for the progress bar's total) from its bytes, without making a string: a
 * newline inside a quoted field is not a record's end, an empty line is no record, the header is not counted. About
 * three times quicker than parsing, and no garbage. When a malformed file makes it differ from what the import reads,
 * only the bar is off: the import's end sets the total to the records it read.
 */
export async function countRecords(source: AsyncIterable<Buffer>): Promise<number> {
  let records = 0;
  let quoted = false;
  let quoteEnded = false;
  let fieldStart = true;
  let content = false;
  for await (const bytes of source) {
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i]!;
      if (quoted) {
        if (c === QUOTE) {
          quoted = false;
          quoteEnded = true;
        }
        continue;
      }
      if (quoteEnded && c === QUOTE) {
        // "" inside a quoted field: a quote, and the field goes on.
        quoted = true;
        quoteEnded = false;
        continue;
      }
      quoteEnded = false;
      if (c === LF) {
        if (content) records += 1;
        content = false;
        fieldStart = true;
      } else if (c !== CR) {
        content = true;
        if (c === QUOTE && fieldStart) quoted = true;
        fieldStart = c === COMMA;
      }
    }
  }
  if (content || quoted) records += 1;
  return Math.max(records - 1, 0);
}
