import type { FastifyInstance } from 'fastify';
import type { CountryCode } from 'libphonenumber-js';
import { BroadcastMessages, broadcastsApi } from '@parley/sdk/contract/broadcasts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { AuthContext } from '../../http/auth-context.js';
import { ApiError } from '../../http/api-error.js';
import { reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import { artifactFileStore } from '../artifacts/routes.js';
import { ArtifactService, type ArtifactDeps } from '../artifacts/service.js';
import { ACCESS } from '@parley/sdk/contract/access';
import { ChatEvents } from '../chats/events.js';
import { addTemplateToThread, checkBroadcastSend } from '../chats/template-send.js';
import { RECONCILE } from './reconcile.js';
import { registerBroadcastSendJob } from './send-job.js';
import { sendBroadcast, type SendDeps, type SendRequest } from './send-service.js';
import { sentDetail } from './send-present.js';

const SEND_BODY_LIMIT = 8 * 1024 * 1024;

export interface BroadcastSendDeps {
  db: Db;
  config: Config;
  jobs: JobQueue;
  events: EventBus;
  sealed: SealedBox;
  sessions: ArtifactDeps['sessions'];
}

/** Send broadcast, and the durable job that sends (registered once the queue runs). */
export function broadcastSendRoutes(app: FastifyInstance, deps: BroadcastSendDeps) {
  const { db, config } = deps;
  const artifacts = new ArtifactService({
    db,
    files: artifactFileStore(config),
    publicUrl: config.publicUrl,
    sealed: deps.sealed,
    maxUploadBytes: config.maxUploadBytes,
    sessions: deps.sessions,
  });
  const sendDeps: SendDeps = { db, jobs: deps.jobs, artifacts, defaultCountry: config.defaultCountry as CountryCode, publicUrl: config.publicUrl };

  // 100,000 numbers as JSON are ~2 MB, past the server's 1 MB default: this one route reads more.
  app.addHook('onRoute', (route) => {
    if (route.url !== `/api/${broadcastsApi.send.path}` || ![route.method].flat().includes('POST')) return;
    route.bodyLimit = SEND_BODY_LIMIT;
    // An agent (CHAT.HANDLE) is admitted only for a chat's template: anything else is 1403 before the body is read
    // for errors, so the form's validation never tells an agent more than a refusal.
    route.preHandler = [
      ...[route.preHandler ?? []].flat(),
      async (request) => {
        const auth = request.auth;
        const resourceType = (request.body as { resourceType?: unknown } | null)?.resourceType;
        if (auth && !auth.permissions.has('CAMPAIGNS.CREATE') && resourceType !== 'CHAT') throw ApiError.accessDenied();
      },
    ];
  });
  const send = (auth: AuthContext, input: SendRequest) => sendBroadcast(sendDeps, auth, input);
  const chatEvents = new ChatEvents(deps.events, app.log);
  defineRoute(app, broadcastsApi.send, ACCESS.broadcasts.send, async (input, { auth }) => {
    const chat = await checkBroadcastSend(db, auth, input);
    const id = await send(auth, input);
    if (chat) await addTemplateToThread(db, chatEvents, auth, chat, id, input.message.template.templateId.trim());
    return reply({ id, data: await sentDetail(db, id) }, BroadcastMessages.sent);
  });

  // The queue starts after the routes are registered (app.ts); the job joins it when the server is ready.
  app.addHook('onReady', async () => {
    await registerBroadcastSendJob({
      db,
      jobs: deps.jobs,
      events: deps.events,
      vendor: { sealed: deps.sealed, app, config },
      log: app.log,
      ratePerSecond: config.broadcastRatePerSecond,
      reconcile: { ...RECONCILE, waitMs: config.broadcastReconcileMs },
    });
  });
  return { send };
}
