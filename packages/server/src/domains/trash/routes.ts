import type { FastifyInstance } from 'fastify';
import { ACCESS } from '@parley/sdk/contract/access';
import { TrashTexts, trashApi } from '@parley/sdk/contract/trash';
import { page, reply } from '../../http/reply.js';
import type { JobQueue } from '../../jobs/queue.js';
import { defineRoute } from '../../http/route.js';
import { registerTrashPurgeJob } from './purge-job.js';
import { TrashService, type TrashDeps } from './service.js';

/**
 * Manage → Trash (TRASH.VIEW): the list, restore (which also needs the type's create permission, checked by the
 * service) and delete forever; the audit plugin records the two writes. The purge job is registered once the job
 * queue runs.
 */
export function trashRoutes(app: FastifyInstance, deps: Omit<TrashDeps, 'app'> & { jobs: JobQueue }) {
  const service = new TrashService({ ...deps, app });
  defineRoute(app, trashApi.list, ACCESS.trash.view, async ({ from, perPage, type, name }, { auth }) => {
    const { items, more } = await service.list(auth, { type, name }, from, perPage);
    return page(items, more);
  });
  defineRoute(app, trashApi.restore, ACCESS.trash.view, async ({ id }, { auth }) => {
    const restored = await service.restore(auth, id);
    return reply(restored, TrashTexts.restored(restored.type));
  });
  defineRoute(app, trashApi.deleteForever, ACCESS.trash.view, async ({ id }, { auth }) => {
    await service.deleteForever(auth, id);
    return reply(null, TrashTexts.deletedForever);
  });
  let stop: () => void = () => undefined;
  app.addHook('onReady', async () => {
    stop = await registerTrashPurgeJob({ ...deps, runWorkers: deps.config.jobs, log: app.log });
  });
  app.addHook('onClose', async () => stop());
}
