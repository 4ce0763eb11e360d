import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';

/**
 * RFC 4180 lines with papaparse's escapeFormulae: a cell starting with = + - @ (or tab/CR) is prefixed with ' so a
 * spreadsheet shows it instead of running it (as the NLP report's export).
 */
export const csvLines = (rows: unknown[][]) => Papa.unparse(rows, { escapeFormulae: true, newline: '\r\n' }) + '\r\n';

/**
 * A CSV file streamed in batches: `batch(after)` gives the rows after the last one of the previous batch (keyset
 * paging, so a deep export costs what the first page does). The first batch is read before the stream is returned,
 * so a query the database refuses still answers as an envelope rather than as a file cut off after its header.
 * At most `limit` rows go out.
 */
export async function csvStream<T>(
  header: string[],
  batch: (after: T | undefined) => Promise<T[]>,
  toCells: (row: T) => unknown[],
  size: number,
  limit = 100_000,
): Promise<Readable> {
  const first = await batch(undefined);
  async function* lines() {
    yield '\ufeff' + csvLines([header]);
    let sent = 0;
    for (let rows = first; ;) {
      const take = rows.slice(0, Math.max(0, limit - sent));
      if (take.length) yield csvLines(take.map(toCells));
      sent += take.length;
      if (rows.length < size || sent >= limit) return;
      rows = await batch(rows[rows.length - 1]);
    }
  }
  return Readable.from(lines());
}

/** Sends a stream as `{name}_{yyyy-mm-dd}.csv`. */
export function sendCsv(reply: FastifyReply, name: string, body: Readable) {
  const file = `${name}_${new Date().toISOString().slice(0, 10)}.csv`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(file)}`)
    .send(body);
}
