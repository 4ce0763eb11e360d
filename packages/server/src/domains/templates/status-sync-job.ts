import { createHash } from 'node:crypto';
import type { JobQueue } from '../../jobs/queue.js';
import { findChannel } from '../channels/queries.js';
import { channelsWithPending } from './queries.js';
import { syncChannel, type TemplateDeps } from './service.js';

export const TEMPLATE_SYNC_JOB = 'templates.sync';
/** How often templates under review are asked about, besides the vendor's own webhook. */
export const SYNC_EVERY_MS = 30_000;

/**
 * A uuid per 30-second slot: every process ticking in the same slot sends the same job id, pg-boss keeps one, so
 * several servers on one database sync once per slot.
 */
export function slotJobId(at: number): string {
  const hex = createHash('sha256')
    .update(`${TEMPLATE_SYNC_JOB}:${Math.floor(at / SYNC_EVERY_MS)}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Asks the vendor of every channel with PENDING templates for their statuses; one channel's failure spares the rest. */
export async function syncPendingTemplates(deps: TemplateDeps): Promise<number> {
  let updated = 0;
  for (const { id, eId } of await channelsWithPending(deps.db)) {
    const channel = await findChannel(deps.db, eId, id);
    if (!channel) continue;
    try {
      updated += await syncChannel(deps, channel);
    } catch (err) {
      deps.app.log.warn({ err, channelId: id }, 'template status sync failed');
    }
  }
  return updated;
}

/**
 * Registers `templates.sync` and, where this process runs workers, a tick that queues it every 30 s while some
 * template is PENDING (so an idle server queues nothing). The webhook usually gets there first; this catches a
 * webhook that never came.
 */
export async function registerTemplateSyncJob(deps: TemplateDeps & { jobs: JobQueue }) {
  await deps.jobs.register(
    TEMPLATE_SYNC_JOB,
    async () => {
      await syncPendingTemplates(deps);
    },
    { retryLimit: 0, expireInSeconds: 300 },
  );
  if (!deps.config.jobs) return () => undefined;
  const tick = async () => {
    if (!(await channelsWithPending(deps.db, 1)).length) return;
    // Another process already queued this slot's job: pg-boss refuses the same id.
    await deps.jobs.send(TEMPLATE_SYNC_JOB, {}, { id: slotJobId(Date.now()) }).catch(() => undefined);
  };
  const timer = setInterval(() => void tick().catch((err: unknown) => deps.app.log.warn({ err }, 'template sync not queued')), SYNC_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
