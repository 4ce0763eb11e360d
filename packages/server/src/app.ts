import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { Codes } from '@parley/sdk/contract/envelope';
import { FEATURE_FLAG_PERMISSIONS } from '@parley/sdk/contract/permissions';
import type { Config } from './config.js';
import { asRequest, openDatabase, type Database } from './db/database.js';
import { accountRoutes } from './domains/account/routes.js';
import { CaptchaService } from './domains/account/captcha.js';
import type { AccountDeps } from './domains/account/deps.js';
import { OneTimeTokens } from './domains/account/one-time-tokens.js';
import { SessionStore } from './domains/account/sessions.js';
import { Throttle } from './domains/account/throttle.js';
import { apiDocsRoutes } from './domains/api-docs/routes.js';
import { EmbedKeys } from './domains/embed-keys/routes.js';
import { embedKeySettings } from './domains/embed-keys/service.js';
import { channelRoutes } from './domains/channels/routes.js';
import { ChatEvents, forRecipient } from './domains/chats/events.js';
import { botAuth } from './domains/chats/bot.js';
import { chatRoutes, chatSocketMessages } from './domains/chats/routes.js';
import { chatAnalyticsRoutes } from './domains/chat-analytics/routes.js';
import { ChatService } from './domains/chats/service.js';
import { chatConfigRoutes } from './domains/chat-config/routes.js';
import { memberIdsOf } from './domains/departments/queries.js';
import { departmentRoutes } from './domains/departments/routes.js';
import { WebChat } from './domains/chats/web-chat.js';
import { customerDefinitionRoutes } from './domains/customer-definitions/routes.js';
import { customerRoutes } from './domains/customers/routes.js';
import { registerImportJob, type ImportDeps } from './domains/customers/import-job.js';
import { sweepExpiredUploads } from './domains/customers/upload-expiry.js';
import { customerUploadRoutes } from './domains/customers/upload-routes.js';
import { artifactFileStore, artifactRoutes } from './domains/artifacts/routes.js';
import { templateRoutes } from './domains/templates/routes.js';
import { broadcastHistoryRoutes } from './domains/broadcasts/history-routes.js';
import { reportRoutes } from './domains/reports/routes.js';
import { broadcastSendRoutes } from './domains/broadcasts/send-routes.js';
import { sendDemoBroadcast } from './seed/demo-broadcast.js';
import { DiskFileStore } from './storage/file-store.js';
import { nlpAgentRoutes } from './domains/nlp-agents/routes.js';
import { nlpConfigRoutes } from './domains/nlp-config/routes.js';
import { nlpEntityRoutes } from './domains/nlp-entities/routes.js';
import { DiskDocumentStore } from './domains/nlp-genai/document-store.js';
import { nlpGenaiRoutes } from './domains/nlp-genai/routes.js';
import { nlpIntentRoutes } from './domains/nlp-intents/routes.js';
import { nlpReportRoutes } from './domains/nlp-reports/routes.js';
import { nlpRuntimeRoutes } from './domains/nlp-runtime/routes.js';
import { registerTrainingJob } from './domains/nlp-runtime/training-job.js';
import { ModelLlms } from './domains/nlp-runtime/model-types/chosen-llm.js';
import { llmEndpointsFor } from './domains/llm/endpoints.js';
import { HealthProbe } from './domains/platform/health-probe.js';
import { platformRoutes, registerDemoJob } from './domains/platform/routes.js';
import { profileRoutes } from './domains/profile/routes.js';
import { enterpriseRoutes } from './domains/enterprise/routes.js';
import { usersRoutes } from './domains/users/routes.js';
import { invitationRoutes } from './domains/invitations/routes.js';
import { roleRoutes } from './domains/roles/routes.js';
import { auditPlugin } from './http/audit-plugin.js';
import { authenticatePlugin } from './http/authenticate-plugin.js';
import { embedCorsPlugin } from './http/embed-cors.js';
import { consoleCacheHeaders, REVALIDATE, registerCompression } from './http/compression.js';
import { errorsPlugin } from './http/errors-plugin.js';
import { loggerOptions } from './http/log-redaction.js';
import { serveElements } from './http/elements-static.js';
import { securityHeadersPlugin } from './http/security-headers-plugin.js';
import { JobQueue } from './jobs/queue.js';
import { trashRoutes } from './domains/trash/routes.js';
import { billingRoutes } from './domains/billing/routes.js';
import { Mailer } from './mail/mailer.js';
import { EventBus } from './realtime/event-bus.js';
import { socketGateway } from './realtime/socket-gateway.js';
import { sandboxWhatsAppRoutes } from './sandbox/whatsapp/routes.js';
import { SANDBOX_OPENAI_PREFIX, sandboxOpenAiRoutes } from './sandbox/openai/routes.js';
import { sandboxRazorpayRoutes } from './sandbox/razorpay/routes.js';
import { SealedBox } from './secrets/sealed-box.js';
import { demoSignInNote, seedDemo, type DemoSeed } from './seed/demo.js';
import { withInstallSecrets } from './secrets/install-secrets.js';

export interface Parley {
  app: FastifyInstance;
  database: Database;
  jobs: JobQueue;
  events: EventBus;
  deps: AccountDeps;
  /** Every `/api` route Fastify registered, to check against the permission table. */
  apiRoutes: { method: string; url: string }[];
}

export async function buildApp(config: Config, opts: { logger?: boolean | object } = {}): Promise<Parley> {
  const startedAt = Date.now();
  const app = Fastify({
    // Every log line goes through the redaction: tokens ride in some URLs (`/api/ws?token=`) by the spec's design.
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, typeof opts.logger === 'object' ? (opts.logger as Record<string, unknown>) : {}),
    // Fastify accepts a hop count at run time; its typings omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    // Spec 7: duplicate slashes in URLs are normalised.
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
  });
  const apiRoutes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (r.url.startsWith('/api') && method !== 'HEAD') apiRoutes.push({ method, url: r.url });
  });
  const database = await openDatabase({ ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}), dataDir: config.dataDir });
  // First of all hooks, so that everything a request runs (its sign-in check included) has the statement limit.
  app.addHook('onRequest', (_request, _reply, done) => asRequest(done));
  const db = database.db;
  const inMemory = config.databaseUrl?.startsWith('memory://') ?? false;
  // Before anything reads them: the sandbox's credentials and the verify token are this installation's own.
  config = withInstallSecrets(config, inMemory ? null : config.dataDir);
  const enabledFlags = new Set(FEATURE_FLAG_PERMISSIONS.filter((p) => config.features[p]));
  const mailer = new Mailer(db, config.mailFrom, config.smtpUrl, app.log);
  const deps: AccountDeps = {
    config,
    db,
    sessions: new SessionStore(db, config.sessionIdleHours, enabledFlags),
    captcha: new CaptchaService(db, config.captcha),
    throttle: new Throttle(db),
    tokens: new OneTimeTokens(db),
    mailer,
    sealed: SealedBox.fromConfig(config.secretKey, inMemory ? null : config.dataDir),
  };
  const jobs = new JobQueue(database, app.log, config.jobs);
  const events = new EventBus(database);

  const documents = new DiskDocumentStore(join(config.dataDir, 'documents'));
  let seeded: DemoSeed | null = null;
  if (config.seedDemo) {
    try {
      const sandboxCredentials = { accessToken: config.sandboxAccessToken, appSecret: config.sandboxAppSecret };
      seeded = await seedDemo(db, config.adminPassword, {
        customers: config.demoCustomers,
        sealed: deps.sealed,
        sandboxCredentials,
        sandboxLlmUrl: config.sandbox ? `${config.publicUrl}${SANDBOX_OPENAI_PREFIX}` : undefined,
        ...(inMemory ? {} : { files: artifactFileStore(config), documents }),
      });
      if (seeded) app.log.info(`seeded enterprise "Demo". ${demoSignInNote(config.adminPassword)}`);
      const demo = seeded;
      if (demo && config.trainDemoAgent) {
        // The demo agent's training is queued once the job queue (started below) runs; start-up never waits for it.
        app.addHook('onReady', async () => {
          await demo.train({ db, jobs, events }).catch((err: unknown) => app.log.warn({ err }, 'demo agent training not requested'));
        });
      }
    } catch (err) {
      // Another process seeding the same new database at the same moment wins; this one goes on.
      app.log.warn({ err }, 'demo seed skipped');
    }
  }

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { frameAncestors: config.frameAncestors, analyticsUrl: config.analyticsUrl });
  await registerCompression(app);
  await app.register(formbody);
  const embedKeys = new EmbedKeys(db, embedKeySettings());
  await app.register(embedCorsPlugin, embedKeys.cors());
  await app.register(authenticatePlugin, { authenticators: [deps.sessions.authenticator(), await embedKeys.authenticator(app)] });
  await app.register(auditPlugin, { db });

  const { passwords } = accountRoutes(app, deps);
  profileRoutes(app, deps, passwords);
  enterpriseRoutes(app, db);
  usersRoutes(app, deps);
  invitationRoutes(app, deps);
  roleRoutes(app, db, deps.sessions);
  embedKeys.routes(app);
  nlpAgentRoutes(app, db);
  nlpIntentRoutes(app, db);
  nlpEntityRoutes(app, db);
  nlpConfigRoutes(app, db);
  nlpGenaiRoutes(app, db, config, documents, deps.sealed);
  const conversations = nlpRuntimeRoutes(app, { db, jobs, events, sealed: deps.sealed, config });
  nlpReportRoutes(app, db);
  customerDefinitionRoutes(app, db);
  customerRoutes(app, db, config.defaultCountry);
  const importDeps: ImportDeps = {
    db,
    jobs,
    events,
    files: new DiskFileStore(join(config.dataDir, 'files')),
    defaultCountry: config.defaultCountry as ImportDeps['defaultCountry'],
  };
  customerUploadRoutes(app, importDeps, config.maxCsvBytes);
  const artifacts = artifactRoutes(app, { db, config, sessions: deps.sessions, sealed: deps.sealed });
  const chats = new ChatService({
    db,
    events: new ChatEvents(events, app.log, (deptId) => memberIdsOf(db, deptId)),
    vendors: { sealed: deps.sealed, app, config },
    files: new DiskFileStore(join(config.dataDir, 'files')),
    artifacts,
    log: app.log,
    botTurn: async (eId, agentId, sessionId, text) =>
      conversations.predict(botAuth(eId), { agentId, sessionId, message: { text }, metadata: { senderId: sessionId } }, { sessionIdIfNew: sessionId }),
  });
  chatRoutes(app, chats, mailer, new WebChat(chats, deps.sealed, events));
  chatAnalyticsRoutes(app, db);
  departmentRoutes(app, db);
  chatConfigRoutes(app, db);
  await channelRoutes(app, { db, sealed: deps.sealed, config, events, chats });
  templateRoutes(app, { db, sealed: deps.sealed, config, jobs });
  broadcastHistoryRoutes(app, { db });
  reportRoutes(app, db);
  trashRoutes(app, { db, sealed: deps.sealed, config, jobs, files: artifactFileStore(config), documents });
  billingRoutes(app, { db, config });
  const broadcastSender = broadcastSendRoutes(app, { db, config, jobs, events, sealed: deps.sealed, sessions: deps.sessions });
  const demo = seeded;
  if (demo?.channelId && config.demoCustomers && config.sandbox && config.jobs) {
    const ids = { eId: demo.eId, adminId: demo.adminId, channelId: demo.channelId };
    // Sent by the job through the in-process sandbox once the server listens; start-up never waits for it.
    app.addHook('onReady', async () => {
      await sendDemoBroadcast(db, broadcastSender.send, ids).catch((err: unknown) => app.log.warn({ err }, 'demo broadcast not sent'));
    });
  }
  const health = new HealthProbe(database, jobs);
  const platformDeps = { config, database, jobs, events, mailer, startedAt, health };
  platformRoutes(app, platformDeps);
  await socketGateway(app, { sessions: deps.sessions, events, onMessage: chatSocketMessages(chats), transform: forRecipient });
  apiDocsRoutes(app);
  if (config.sandbox) await sandboxWhatsAppRoutes(app, { db, config });
  if (config.sandbox) await sandboxRazorpayRoutes(app, { config });
  if (config.sandbox) await sandboxOpenAiRoutes(app);

  await serveConsole(app, config);

  await events.start();
  await jobs.start();
  await health.start();
  await registerDemoJob(platformDeps);
  const modelLlms = new ModelLlms(llmEndpointsFor(app, db, deps.sealed, config), config.defaultLlm);
  await registerTrainingJob(db, jobs, events, documents, { crawl: { privateOrigins: config.outboundPrivateOrigins }, log: app.log }, modelLlms);
  await registerImportJob(importDeps);
  const stopUploadSweep = sweepExpiredUploads(importDeps, (err) => app.log.error(err, 'sweeping expired uploads'));
  const stopChatSweeps = chats.startSweeps();
  app.addHook('onClose', async () => {
    stopUploadSweep();
    stopChatSweeps();
    health.stop();
    await jobs.stop();
    await events.stop();
    await database.close();
  });
  return { app, database, jobs, events, deps, apiRoutes };
}

/** The built host app at `/`, with history fallback; white-label overrides from WHITELABEL_DIR first. */
async function serveConsole(app: FastifyInstance, config: Config) {
  await serveElements(app, config.elementsDist);
  const hasConsole = existsSync(join(config.hostDist, 'index.html'));
  if (config.whitelabelDir) {
    await app.register(fastifyStatic, { root: config.whitelabelDir, prefix: '/whitelabel/', decorateReply: !hasConsole });
  }
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: config.hostDist,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: consoleCacheHeaders,
    });
  }
  app.setNotFoundHandler((request, res) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return res.status(404).send({ status: false, code: Codes.NOT_FOUND, message: 'Not found' });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !hasConsole) {
      return res
        .status(404)
        .type('text/plain')
        .send(hasConsole ? 'Not found' : 'The console is not built: run `npm run build`.');
    }
    return res.type('text/html').header('cache-control', REVALIDATE).sendFile('index.html', config.hostDist);
  });
}
