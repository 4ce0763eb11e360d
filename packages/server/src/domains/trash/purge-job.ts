import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/queue.js';
import { takeExpired } from './queries.js';
import { discardOutside, type TrashDeps } from './service.js';

export const TRASH_PURGE_JOB = 'trash.purge';
const DAY_MS = 86_400_000;
const BATCH = 100;

/**
 * Removes every item past its purge date, with what it holds outside the database. Each batch is taken by one DELETE
 * (queries.takeExpired), so running twice, or on two servers at once, removes each item once; a file already gone is
 * no failure.
 */
export async function purgeTrash(deps: Pick<TrashDeps, 'files' | 'documents'> & { db: Db }, now = new Date()): Promise<number> {
  let purged = 0;
  for (;;) {
    const rows = await takeExpired(deps.db, now, BATCH);
    for (const row of rows) await discardOutside(deps, row);
    purged += rows.length;
    if (rows.length < BATCH) return purged;
  }
}

/** One job id per day: every server that ticks on the same day sends the same id, and pg-boss keeps one. */
export function dayJobId(at: number): string {
  const hex = createHash('sha256')
    .update(`${TRASH_PURGE_JOB}:${Math.floor(at / DAY_MS)}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Registers `trash.purge` and, where this process runs workers, queues it at start and then every day. The daily job
 * has the day's id, so servers started together queue it once; the purge itself is safe to repeat anyway.
 */
export async function registerTrashPurgeJob(
  deps: Pick<TrashDeps, 'files' | 'documents'> & { db: Db; jobs: JobQueue; runWorkers: boolean; log: FastifyBaseLogger },
) {
  await deps.jobs.register(
    TRASH_PURGE_JOB,
    async () => {
      const purged = await purgeTrash(deps);
      if (purged) deps.log.info({ purged }, 'trash purged');
    },
    { retryLimit: 2, expireInSeconds: 900 },
  );
  if (!deps.runWorkers) return () => undefined;
  const queue = (opts: { id?: string }) => void deps.jobs.send(TRASH_PURGE_JOB, {}, opts).catch(() => undefined);
  // At start without an id, so a restart purges at once even if today's job already ran.
  queue({});
  const timer = setInterval(() => queue({ id: dayJobId(Date.now()) }), DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
