import { Readable } from 'node:stream';
import Papa from 'papaparse';
import type { ReportRange } from '@parley/sdk/contract/nlp-reports';
import type { Db } from '../../db/database.js';
import { messageRows } from './queries.js';

const HEADER = ['Message', 'Date', 'Intent Identified', 'Intent', 'Confidence', 'Training Phrase', 'Response', 'Emotion', 'Scope', 'Other Intents'];
const BATCH = 2000;

/** `conversation_report_{dd-MM-yyyy HH:mm}.csv` at the caller's local time (agent-designer 7). */
export function csvFileName(range: ReportRange, now = new Date()): string {
  const parts = range.timeZone
    ? Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: range.timeZone,
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(now)
          .map((p) => [p.type, p.value]),
      )
    : (() => {
        const d = new Date(now.getTime() - range.timeZoneOffset * 60_000);
        const two = (n: number) => String(n).padStart(2, '0');
        return {
          day: two(d.getUTCDate()),
          month: two(d.getUTCMonth() + 1),
          year: String(d.getUTCFullYear()),
          hour: two(d.getUTCHours()),
          minute: two(d.getUTCMinutes()),
        };
      })();
  return `conversation_report_${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}.csv`;
}

/**
 * Streams the rows in batches so a million-message export never sits in memory. papaparse quotes as RFC 4180 asks
 * and, with escapeFormulae, prefixes cells starting with = + - @ (or tab/CR) so spreadsheets do not run them.
 * The first batch is read before the stream is returned: a query the database refuses then still answers as an
 * envelope, not as a download cut off after its header.
 */
export async function conversationsCsv(db: Db, eId: string, range: ReportRange, scope: number): Promise<Readable> {
  const unparse = (rows: unknown[][]) => Papa.unparse(rows, { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
  const first = await messageRows(db, eId, range, scope).limit(BATCH);
  async function* lines() {
    yield '\ufeff' + unparse([HEADER]);
    let last: { createdAt: Date; id: number } | undefined;
    for (let rows = first; ; rows = await messageRows(db, eId, range, scope, last).limit(BATCH)) {
      if (rows.length) {
        yield unparse(
          rows.map((r) => [
            r.userMessage,
            r.localTime,
            r.intentIdentified ? 'Yes' : 'No',
            r.intent ?? '',
            r.confidence.toFixed(2),
            r.utterance ?? '',
            r.botResponse,
            r.emotion,
            r.scoped ? 'Scoped' : 'Non Scoped',
            r.otherIntents.map((o) => `${o.intent} (${o.confidence.toFixed(2)})`).join('; '),
          ]),
        );
      }
      if (rows.length < BATCH) return;
      last = rows[rows.length - 1]!;
    }
  }
  return Readable.from(lines());
}
