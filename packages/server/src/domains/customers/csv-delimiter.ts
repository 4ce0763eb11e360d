import Papa from 'papaparse';
import { CSV_DELIMITERS as DELIMITERS, type CsvDelimiter as Delimiter } from '@parley/sdk/contract/customer-texts';

// The separators a CSV file may use: Excel writes ';' where the decimal mark is a comma, "Text (Tab delimited)" tabs.
export type { Delimiter };

/** Lines of the file's start read to choose its delimiter. */
const LINES = 20;

/**
 * The delimiter of a file from the text of its start: each candidate splits the first lines (by papaparse, so quoted
 * values are one field whatever they hold), and the one that gives every line the header's count of fields wins; among
 * those, the one with the most fields. Papaparse's own guess needs more lines than a small file has (a header and one
 * row gave ',' for a ';' file) and gave up on quoted values holding another candidate.
 */
export function guessDelimiter(text: string): Delimiter {
  // The last line of a sample may be cut; the file's own BOM is no field's.
  const end = text.lastIndexOf('\n');
  const sample = (end > 0 ? text.slice(0, end) : text).replace(/^\uFEFF/, '');
  let best: { delimiter: Delimiter; fields: number; agree: number } = { delimiter: ',', fields: 1, agree: 0 };
  for (const delimiter of DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, { delimiter, preview: LINES, skipEmptyLines: true }).data;
    const fields = rows[0]?.length ?? 0;
    if (fields < 2) continue;
    const agree = rows.filter((r) => r.length === fields).length / rows.length;
    if (agree > best.agree || (agree === best.agree && fields > best.fields)) best = { delimiter, fields, agree };
  }
  return best.delimiter;
}
