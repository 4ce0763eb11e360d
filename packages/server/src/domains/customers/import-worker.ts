import { parentPort, workerData } from 'node:worker_threads';
// The contract's texts, not its schemas: loading zod would add ~70 ms to every import's start.
import { CustomerMessages } from '@parley/sdk/contract/customer-texts';
import { copyLine } from './copy-text.js';
import { CsvSplitter, type CsvRecord } from './csv-records.js';
import { compileRule } from './field-rules.js';
import { PHONE_LABEL, checkRecord, isGood, planColumns, stagedFields, type BadRow, type GoodRow } from './import-rows.js';
import type { CheckedBatch, ToWorker, WorkerInit } from './import-stream.js';
import { PhoneSet } from './phone-set.js';
import { uuidV7 } from './time-ordered-id.js';

/**
 * The CPU half of an import, off the event loop: decodes and splits the file's chunks, checks every record, finds
 * phones repeated in the file, and sends batches ready to write: the good rows as COPY text, the rejected as JSON.
 * The server's thread is left with the database, so parsing the next batches overlaps writing this one.
 */
const init = workerData as WorkerInit;
const port = parentPort!;
const plan = planColumns(
  init.headers,
  init.mapping,
  init.definitions.map((d) => compileRule(d, 'list')),
);
if ('errors' in plan) throw new Error(plan.errors.join('; '));
const staged = stagedFields(plan);
const splitter = new CsvSplitter(init.delimiter);
// A resumed import checks the records already done again, only to know their phones: the first good row still wins.
const phones = new PhoneSet();
let header = true;
let seen = 0;
let accepted = 0;
let bad: BadRow[] = [];
let batchRows = init.firstBatchRows;
// Bytes, moved to the server's thread rather than copied, and outside its heap: a batch is a megabyte or so.
const utf8 = new TextEncoder();
/**
 * The batch's COPY lines, encoded as each row is checked: a row's objects die young, where 5,000 rows kept until the
 * batch is full would survive every minor collection and be copied by each (a quarter of the worker's time).
 */
let lines = new Uint8Array(1 << 20);
let used = 0;
/** Batches' buffers the server's thread has written and handed back (import-stream.ts), to write the next ones into. */
const spare: Uint8Array<ArrayBuffer>[] = [];

function append(good: GoodRow) {
  const values = [uuidV7(), good.phone, good.name, good.search, good.social.whatsAppNumber, good.social.twitterId, good.social.facebookId, good.social.instaId];
  for (const rule of staged) {
    const v = good.data[rule.key];
    values.push(v === undefined ? null : Array.isArray(v) ? JSON.stringify(v) : v);
  }
  const line = copyLine(values);
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (used + line.length * 3 > lines.length) {
    const bigger = new Uint8Array(Math.max(lines.length * 2, used + line.length * 3));
    bigger.set(lines.subarray(0, used));
    lines = bigger;
  }
  used += utf8.encodeInto(line, lines.subarray(used)).written;
  accepted += 1;
}

/** One record, as the splitter finds it: checked and written into the batch, then left to die young. */
function take(record: CsvRecord) {
  if (header) {
    header = false;
    return;
  }
  seen += 1;
  let row = checkRecord(record, plan as Exclude<typeof plan, { errors: string[] }>, init.country);
  if (isGood(row) && !phones.add(row.phone))
    row = { line: row.line, lineStr: row.lineStr, errors: [{ message: CustomerMessages.listedError(PHONE_LABEL, CustomerMessages.repeatedPhone) }] };
  if (seen <= init.skip) return;
  if (isGood(row)) append(row);
  else bad.push(row);
  if (accepted + bad.length >= batchRows) flush();
}

function flush() {
  const rows = lines.subarray(0, used);
  const errors = utf8.encode(JSON.stringify(bad.map((r) => ({ l: r.line, s: r.lineStr, e: r.errors }))));
  const batch: CheckedBatch = { kind: 'batch', rows, errors, accepted, rejected: bad.length, records: accepted + bad.length };
  port.postMessage(batch, [lines.buffer, errors.buffer]);
  lines = spare.pop() ?? new Uint8Array(1 << 20);
  used = 0;
  batchRows = init.batchRows;
  accepted = 0;
  bad = [];
}

port.on('message', (m: ToWorker) => {
  if (m.kind === 'chunk') {
    splitter.push(m.data, take);
    port.postMessage({ kind: 'taken' });
  } else if (m.kind === 'recycle') {
    // A subarray of a recycled buffer is as long as its batch was; the buffer is whole again.
    if (spare.length < 2) spare.push(new Uint8Array(m.data.buffer as ArrayBuffer));
  } else {
    // After a failed read the partial last batch is not sent: the rows after it were never seen.
    if (m.kind === 'end') {
      splitter.end(take);
      if (accepted + bad.length) flush();
    }
    port.postMessage({ kind: 'end' });
  }
});
