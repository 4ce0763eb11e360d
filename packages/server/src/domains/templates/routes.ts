import type { FastifyInstance } from 'fastify';
import { TemplateMessages, templatesApi } from '@parley/sdk/contract/templates';
import type { JobQueue } from '../../jobs/queue.js';
import { page, reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import { ACCESS } from '@parley/sdk/contract/access';
import { TemplateService, type TemplateDeps } from './service.js';
import { registerTemplateSyncJob } from './status-sync-job.js';

/**
 * Message templates (broadcast spec "Get templates", "Get template variables"; platform-shell 3 and 5), and the
 * periodic status sync, registered once the job queue runs.
 */
export function templateRoutes(app: FastifyInstance, deps: Omit<TemplateDeps, 'app'> & { jobs: JobQueue }) {
  const withApp: TemplateDeps = { ...deps, app };
  const service = new TemplateService(withApp);
  defineRoute(app, templatesApi.list, ACCESS.templates.view, async ({ from, perPage, page: pageNo, status, name, channelId, sort, dir }, { auth }) => {
    // `page` (the spec lists it beside `from`) counts pages from 0 when `from` is not given.
    const offset = from || (pageNo ?? 0) * perPage;
    const listed = await service.list(auth, { status, name, channelId, sort, dir }, offset, perPage);
    return page(listed, listed.more);
  });
  defineRoute(app, templatesApi.variables, ACCESS.templates.view, async ({ channelId, templateId }, { auth }) =>
    service.variables(auth, channelId, templateId),
  );
  defineRoute(app, templatesApi.get, ACCESS.templates.view, async ({ id }, { auth }) => ({ template: await service.get(auth, id) }));
  defineRoute(app, templatesApi.create, ACCESS.templates.create, async (input, { auth }) =>
    reply({ template: await service.create(auth, input) }, TemplateMessages.submitted),
  );
  defineRoute(app, templatesApi.sync, ACCESS.templates.create, async ({ channelId }, { auth }) => ({ updated: await service.sync(auth, channelId) }));
  defineRoute(app, templatesApi.delete, ACCESS.templates.delete, async ({ id }, { auth }) => {
    await service.delete(auth, id);
    return reply(null, TemplateMessages.deleted);
  });
  let stop: () => void = () => undefined;
  app.addHook('onReady', async () => {
    stop = await registerTemplateSyncJob({ ...withApp, jobs: deps.jobs });
  });
  app.addHook('onClose', async () => stop());
}
