import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { PHONE_PREFIX, phoneRoutes } from '../phone/routes.js';
import { DEFAULT_TIMING, type SandboxContext, type SandboxTiming } from './context.js';
import { ConversationLog } from './conversation-log.js';
import { graphRoutes, SANDBOX_PREFIX } from './graph-routes.js';
import { mediaStoreFor } from './media-store.js';
import { SlidingRateLimit } from './rate-limit.js';
import { TemplateReview } from './template-review.js';
import { metaRetry, WebhookDelivery } from './webhook-delivery.js';

export { SANDBOX_PREFIX } from './graph-routes.js';
/** The base URL a vendor client uses with `injectFetch(app)`: the host is never looked at. */
export const IN_PROCESS_SANDBOX_URL = `http://parley.internal${SANDBOX_PREFIX}`;

const contexts = new WeakMap<FastifyInstance, SandboxContext>();

/**
 * The running sandbox of a server, for code that plays its customers without HTTP (tests, journeys):
 * `customerSendsText(sandboxOf(app)!, ...)` (customer-phone.ts). Undefined when the sandbox is off.
 */
export const sandboxOf = (app: FastifyInstance): SandboxContext | undefined => contexts.get(app);

/**
 * The built-in WhatsApp Cloud API sandbox: Meta's paths, payloads, errors and signed webhooks under /sandbox/whatsapp,
 * so the product's WhatsApp client runs unchanged against it, and the customer's phone at /sandbox/phone that plays
 * the other end of its conversations.
 */
export async function sandboxWhatsAppRoutes(app: FastifyInstance, deps: { db: Db; config: Config; timing?: Partial<SandboxTiming> }) {
  await app.register(async (sandbox) => {
    const timing = { ...DEFAULT_TIMING, ...deps.timing };
    const conversations = new ConversationLog(deps.db, (err) => sandbox.log.warn({ err }, 'sandbox conversation log not written'));
    const webhooks = new WebhookDelivery(app, sandbox.log, {
      url: deps.config.sandboxWebhookUrl,
      appSecret: deps.config.sandboxAppSecret,
      retryDelaysMs: timing.retryDelaysMs ?? metaRetry(deps.config.sandboxWebhookRetryMs, deps.config.sandboxWebhookRetryMaxMs),
      batchMs: deps.config.sandboxWebhookBatchMs,
      onStatus: (m, step) => conversations.status(m.wamid, step),
    });
    const review = new TemplateReview(deps.db, deps.config.sandboxApprovalSeconds * 1000, webhooks, (err) =>
      sandbox.log.warn({ err }, 'sandbox template review failed'),
    );
    const ctx: SandboxContext = {
      db: deps.db,
      config: deps.config,
      timing,
      limiter: new SlidingRateLimit(deps.config.sandboxRatePerSecond),
      webhooks,
      review,
      conversations,
      media: mediaStoreFor(deps.config, (err) => sandbox.log.warn({ err }, 'sandbox media kept in memory: the data folder is not writable')),
      phoneAccounts: new Map(),
      approved: new Map(),
    };
    contexts.set(app, ctx);

    sandbox.addHook('onReady', async () => {
      // Templates left pending by a previous run are decided now (or when due); nothing here waits for it.
      review.resumeAll().catch((err: unknown) => sandbox.log.warn({ err }, 'sandbox pending templates not resumed'));
    });
    sandbox.addHook('onClose', async () => {
      review.close();
      webhooks.close();
      await conversations.close();
    });

    await sandbox.register(async (scope) => graphRoutes(scope, ctx), { prefix: SANDBOX_PREFIX });
    await sandbox.register(async (scope) => phoneRoutes(scope, ctx), { prefix: PHONE_PREFIX });
  });
}
