import { and, eq, ne, sql } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import { UPLOAD_EVENT } from '@parley/sdk/contract/customers';
import type { Db } from '../../db/database.js';
import { customerTagMembers, customerUploads } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { FileStore } from '../../storage/file-store.js';
import { csvRecords } from './csv-records.js';
import { writeBatch } from './import-batch.js';
import { checkRecord, isGood, planColumns, type BadRow, type GoodRow } from './import-rows.js';
import { fieldRules } from './service.js';
import { findUpload, presentUpload, segmentNameOf, type UploadRecord } from './upload-queries.js';

export const IMPORT_JOB = 'customers.import';
/** Rows per transaction: big enough that a round trip is cheap per row, small enough to resume close to a crash. */
export const BATCH_ROWS = 5000;
/** Progress events at most this often: a million-row file is ~200 batches, a browser needs a few updates a second. */
const PROGRESS_MS = 400;
/** Records checked between two turns of the event loop. */
const YIELD_EVERY = 250;
/** Imports at least this big refresh the planner's statistics when they end. */
const ANALYZE_AFTER_ROWS = 50_000;

export interface ImportDeps {
  db: Db;
  jobs: JobQueue;
  events: EventBus;
  files: FileStore;
  defaultCountry: CountryCode;
}

export async function publishUpload(deps: Pick<ImportDeps, 'db' | 'events'>, upload: UploadRecord) {
  const customerCSV = presentUpload(upload, await segmentNameOf(deps.db, upload.segmentId));
  await deps.events.publish({ type: UPLOAD_EVENT, eId: upload.eId, data: { customerCSV } }).catch(() => undefined);
}

/** Counts the data records of the file (for the progress bar's total): a papaparse pass, about a second a million rows. */
async function countRecords(files: FileStore, key: string): Promise<number> {
  let n = -1;
  for await (const block of csvRecords(files.read(key))) n += block.length;
  return Math.max(n, 0);
}

/**
 * Imports one upload (customer-master 4). Durable: every batch commits with the count of records done, so a job
 * resumed after its process died (jobs/queue.ts hands it to another worker) skips exactly those and carries on; the
 * end state equals an uninterrupted run. Parsing and checking the next batch overlaps the database writing the last.
 */
export async function runImport(deps: ImportDeps, uploadId: string, eId: string) {
  const { db } = deps;
  let upload = await findUpload(db, eId, uploadId);
  if (!upload || upload.state !== 'WAITING' || !upload.started || !upload.headerMapping) return;
  const plan = planColumns(upload.userHeaders, upload.headerMapping, await fieldRules(db, eId));
  if ('errors' in plan) return fail(deps, upload, plan.errors.join('; '));

  if (upload.processedLines === 0) {
    const total = await countRecords(deps.files, upload.storageKey);
    await db.update(customerUploads).set({ totalLines: total }).where(eq(customerUploads.id, uploadId));
    upload = { ...upload, totalLines: total };
    await publishUpload(deps, upload);
  }
  const target = { id: upload.id, eId, segmentId: upload.segmentId };
  const skip = upload.processedLines;
  let seen = 0;
  let header = true;
  let good: GoodRow[] = [];
  let bad: BadRow[] = [];
  let writing: Promise<unknown> = Promise.resolve();
  let lastEvent = 0;
  const flush = async () => {
    const batch = { good, bad, records: good.length + bad.length };
    good = [];
    bad = [];
    await writing;
    writing = writeBatch(db, target, batch.good, batch.bad, batch.records).then(async () => {
      if (Date.now() - lastEvent < PROGRESS_MS) return;
      lastEvent = Date.now();
      const now = await findUpload(db, eId, uploadId);
      if (now) await publishUpload(deps, now);
    });
    // Awaited at the next flush; until then a failure must not count as an unhandled rejection (which ends the process).
    writing.catch(() => undefined);
  };
  try {
    for await (const block of csvRecords(deps.files.read(upload.storageKey))) {
      for (const record of block) {
        if (header) {
          header = false;
          continue;
        }
        if (seen++ < skip) continue;
        // Checking a block of records is synchronous work; the batch being written needs the event loop between its
        // statements, so the database would sit idle until the block is done.
        if (seen % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
        const row = checkRecord(record, plan, deps.defaultCountry);
        if (isGood(row)) good.push(row);
        else bad.push(row);
        if (good.length + bad.length >= BATCH_ROWS) await flush();
      }
    }
    if (good.length + bad.length) await flush();
  } finally {
    // A failed read still lets the batch in flight settle: the checkpoint then says exactly what was done.
    await writing.catch(() => undefined);
  }
  await writing;
  await finish(deps, upload);
}

/** The last step, in one transaction: 'Replace Existing Records' removes from the segment every member this upload did not write. */
async function finish(deps: ImportDeps, upload: UploadRecord) {
  const done = await deps.db.transaction(async (tx) => {
    if (upload.replace && upload.segmentId) {
      await tx
        .delete(customerTagMembers)
        .where(and(eq(customerTagMembers.tagId, upload.segmentId), sql`${customerTagMembers.uploadId} is distinct from ${upload.id}::uuid`));
    }
    const [row] = await tx
      .update(customerUploads)
      .set({ state: 'COMPLETED', completedAt: new Date(), totalLines: sql`${customerUploads.processedLines}` })
      .where(and(eq(customerUploads.id, upload.id), ne(customerUploads.state, 'COMPLETED')))
      .returning();
    return row;
  });
  // The customers and the rejected rows' text are kept; the file itself is not needed any more, and holds personal data.
  await deps.files.remove(upload.storageKey).catch(() => undefined);
  if (done) await publishUpload(deps, done);
  // A big import changes what the planner should know (how many customers a word matches, how big a segment is)
  // and, when it updated customers, leaves their old versions behind; autovacuum would get to both only later.
  if ((done?.processedLines ?? 0) >= ANALYZE_AFTER_ROWS) {
    await deps.db.execute(sql`vacuum (analyze) customers, customer_tag_members`).catch(() => undefined);
  }
}

async function fail(deps: ImportDeps, upload: UploadRecord, message: string) {
  const [row] = await deps.db.update(customerUploads).set({ state: 'ERROR', error: message, completedAt: new Date() }).where(eq(customerUploads.id, upload.id)).returning();
  if (row) await publishUpload(deps, row);
}

export async function registerImportJob(deps: ImportDeps) {
  await deps.jobs.register<{ uploadId: string; eId: string }>(
    IMPORT_JOB,
    async ({ uploadId, eId }, _jobId, { attempt }) => {
      try {
        await runImport(deps, uploadId, eId);
      } catch (err) {
        // The last attempt failing leaves the upload in ERROR instead of WAITING for ever.
        if (attempt >= 3) {
          const upload = await findUpload(deps.db, eId, uploadId);
          if (upload) await fail(deps, upload, err instanceof Error ? err.message : String(err));
        }
        throw err;
      }
    },
    { retryLimit: 2, expireInSeconds: 3600 },
  );
}
