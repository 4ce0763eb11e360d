import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { broadcasts } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';

export const SEND_JOB = 'broadcasts.send';

export interface SendJobData {
  broadcastId: string;
  eId: string;
}

/**
 * Queues the broadcast's send job under the broadcast's own id: asking again while a job with that id exists queues
 * nothing (pg-boss answers no id, which is not an error here).
 */
export async function queueBroadcast(jobs: JobQueue, broadcastId: string, eId: string) {
  await jobs.send<SendJobData>(SEND_JOB, { broadcastId, eId }, { id: broadcastId }).catch((err: unknown) => {
    if (!(err instanceof Error && /not queued/.test(err.message))) throw err;
  });
}

/** At start: every broadcast not finished gets its job (a crash between the commit and the queueing left it without). */
export async function queueUnfinished(db: Db, jobs: JobQueue) {
  const open = await db
    .select({ id: broadcasts.id, eId: broadcasts.eId })
    .from(broadcasts)
    .where(inArray(broadcasts.status, ['QUEUED', 'SENDING']));
  for (const b of open) await queueBroadcast(jobs, b.id, b.eId);
}
