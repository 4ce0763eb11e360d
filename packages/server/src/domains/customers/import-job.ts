import { and, eq, ne, sql } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import { UPLOAD_EVENT } from '@parley/sdk/contract/customers';
import type { Db } from '../../db/database.js';
import { customerTagMembers, customerUploads } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { FileStore } from '../../storage/file-store.js';
import { listDefinitions } from '../customer-definitions/queries.js';
import { compileRule } from './field-rules.js';
import { writeBatch } from './import-batch.js';
import { countRecords } from './import-count.js';
import { planColumns, stagedFields } from './import-rows.js';
import { checkedBatches } from './import-stream.js';
import { findUpload, presentUpload, segmentNameOf, type UploadRecord } from './upload-queries.js';

export const IMPORT_JOB = 'customers.import';
/**
 * Rows per transaction: big enough that a round trip is cheap per row, small enough to resume close to a crash.
 * 10,000 rather than 5,000: a batch's fixed costs (planning, COPY set-up, the stage emptied at commit, the commit)
 * were ~9 % of a million-row import (52.9k/53.3k rows/s against 58.5k/57.5k, alternating runs), for ~10 MB more.
 */
export const BATCH_ROWS = 10_000;
/**
 * The first batch of a run is smaller: the database waits for it while the worker starts (loading its modules, V8
 * compiling the checks), ~0.2 s for 10,000 rows against ~0.03 s for 1,000.
 */
export const FIRST_BATCH_ROWS = 1_000;
/**
 * Batches written at once, each in its own transaction: the database does the next batch's rows on another core
 * while the last one finishes. They still commit in file order (writeBatch), so the checkpoint stays exact.
 */
const WRITERS = 2;
/** Progress events at most this often: a million-row file is ~200 batches, a browser needs a few updates a second. */
const PROGRESS_MS = 400;
/** Imports at least this big refresh the planner's statistics as they grow and when they end. */
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

/**
 * Imports one upload (customer-master 4). Durable: every batch commits with the count of records done, so a job
 * resumed after its process died (jobs/queue.ts hands it to another worker) skips exactly those and carries on; the
 * end state equals an uninterrupted run. A worker thread parses and checks the next batches while this one writes.
 */
export async function runImport(deps: ImportDeps, uploadId: string, eId: string) {
  const { db } = deps;
  let upload = await findUpload(db, eId, uploadId);
  if (!upload || upload.state !== 'WAITING' || !upload.started || !upload.headerMapping) return;
  const mapping = upload.headerMapping;
  const definitions = await listDefinitions(db, eId);
  const plan = planColumns(
    upload.userHeaders,
    mapping,
    definitions.map((d) => compileRule(d)),
  );
  if ('errors' in plan) return fail(deps, upload, plan.errors.join('; '));

  // The progress bar's total was counted as the file was stored (upload-service.ts); an upload stored before that
  // is counted here.
  if (upload.processedLines === 0 && upload.totalLines === 0) {
    const total = await countRecords(deps.files.read(upload.storageKey), upload.delimiter);
    await db.update(customerUploads).set({ totalLines: total }).where(eq(customerUploads.id, uploadId));
    upload = { ...upload, totalLines: total };
  }
  const target = { id: upload.id, eId, segmentId: upload.segmentId, replace: upload.replace, fields: stagedFields(plan) };
  const init = {
    definitions,
    headers: upload.userHeaders,
    delimiter: upload.delimiter,
    mapping,
    country: deps.defaultCountry,
    skip: upload.processedLines,
    batchRows: BATCH_ROWS,
    firstBatchRows: FIRST_BATCH_ROWS,
  };
  let lastEvent = 0;
  let checkpoint = upload.processedLines;
  const writing: Promise<void>[] = [];
  // Statistics as the import grows: at 50,000 rows, then each time the rows done double (5 times for a million).
  // Without them, a user's search of the segment during the import was planned as for an empty table: 2-6 s at half
  // way through a million rows (measured), against tens of milliseconds.
  let analyzeAt = checkpoint + ANALYZE_AFTER_ROWS;
  let analyzing: Promise<void> = Promise.resolve();
  try {
    // A failed read still yields the batches of what was read: the checkpoint then says exactly what was done.
    for await (const batch of checkedBatches(deps.files.read(upload.storageKey), init)) {
      const write = writeBatch(db, target, batch, checkpoint, writing.at(-1) ?? Promise.resolve());
      // Awaited below; until then a failure must not count as an unhandled rejection (which ends the process).
      write.then(
        () => batch.release(),
        () => undefined,
      );
      checkpoint += batch.records;
      writing.push(write);
      if (checkpoint >= analyzeAt) {
        analyzeAt = checkpoint * 2;
        // After the batches before this one commit (ANALYZE sees committed rows only); never two at once.
        const ready = Promise.all([analyzing, writing.at(-2)]);
        analyzing = ready.then(
          () => coarseStatistics(db),
          () => undefined,
        );
      }
      if (writing.length >= WRITERS) await writing.shift();
      if (Date.now() - lastEvent < PROGRESS_MS) continue;
      lastEvent = Date.now();
      const now = await findUpload(db, eId, uploadId);
      if (now) await publishUpload(deps, now);
    }
    await Promise.all(writing);
  } finally {
    // Nothing of this run may still write when it ends: a retry of the job starts from the checkpoint.
    await Promise.allSettled([...writing, analyzing]);
  }
  await finish(deps, upload);
}

/** The last step, in one transaction: 'Replace Existing Records' removes from the segment every member this upload did not write. */
async function finish(deps: ImportDeps, upload: UploadRecord) {
  // A big import changes what the planner should know (how many customers a word matches, how big a segment is).
  // Without it, the first list of the segment took its million new members for a few thousand and read them all to
  // show one page (2.1-2.9 s for the first search after the import, measured). So the upload says COMPLETED only
  // once the planner has the new numbers, sampled coarsely (a tenth of the usual sample: ~0.1 s at a million
  // customers instead of ~0.6); the vacuum after it samples them fully.
  const big = upload.totalLines >= ANALYZE_AFTER_ROWS;
  if (big) await coarseStatistics(deps.db);
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
  // An import that updated customers leaves their old versions behind, and its new rows are not yet marked visible
  // to all (index-only scans skip the heap only once they are); autovacuum would get to both only later.
  // ANALYZE again, with the full sample.
  if (big && done) await deps.db.execute(sql`vacuum analyze customers, customer_tag_members`).catch(() => undefined);
}

/** The planner's statistics of the tables an import fills, from a tenth of the usual sample. Best effort: a failure leaves the old ones. */
async function coarseStatistics(db: Db) {
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local default_statistics_target = 10`);
      await tx.execute(sql`analyze customers, customer_tag_members`);
    })
    .catch(() => undefined);
}

async function fail(deps: ImportDeps, upload: UploadRecord, message: string) {
  const [row] = await deps.db
    .update(customerUploads)
    .set({ state: 'ERROR', error: message, completedAt: new Date() })
    .where(eq(customerUploads.id, upload.id))
    .returning();
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
