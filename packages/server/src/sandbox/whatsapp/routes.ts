import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { DEFAULT_TIMING, type SandboxContext, type SandboxTiming } from './context.js';
import { GraphError, GraphErrors } from './graph-error.js';
import { SlidingRateLimit } from './rate-limit.js';
import { sendMessage } from './send-message.js';
import { TemplateReview } from './template-review.js';
import { deleteTemplate, listTemplatesPage, submitTemplate } from './template-routes.js';
import { metaRetry, WebhookDelivery } from './webhook-delivery.js';

export const SANDBOX_PREFIX = '/sandbox/whatsapp';
/** The base URL a vendor client uses with `injectFetch(app)`: the host is never looked at. */
export const IN_PROCESS_SANDBOX_URL = `http://parley.internal${SANDBOX_PREFIX}`;

const VERSION = /^v\d+\.\d+$/;
type Params = { version: string; id: string };

/**
 * The built-in WhatsApp Cloud API sandbox under /sandbox/whatsapp: Meta's paths, payloads, errors and signed
 * webhooks, so the product's WhatsApp client runs unchanged against it. Outside /api: its callers carry a Graph
 * bearer token, not a Parley session, and it answers in Graph's shape, not the envelope.
 */
export async function sandboxWhatsAppRoutes(app: FastifyInstance, deps: { db: Db; config: Config; timing?: Partial<SandboxTiming> }) {
  await app.register(
    async (scope) => {
      const timing = { ...DEFAULT_TIMING, ...deps.timing };
      const webhooks = new WebhookDelivery(app, scope.log, {
        url: deps.config.sandboxWebhookUrl,
        appSecret: deps.config.sandboxAppSecret,
        retryDelaysMs: timing.retryDelaysMs ?? metaRetry(deps.config.sandboxWebhookRetryMs, deps.config.sandboxWebhookRetryMaxMs),
        batchMs: deps.config.sandboxWebhookBatchMs,
      });
      const review = new TemplateReview(deps.db, deps.config.sandboxApprovalSeconds * 1000, webhooks, (err) =>
        scope.log.warn({ err }, 'sandbox template review failed'),
      );
      const ctx: SandboxContext = {
        db: deps.db,
        config: deps.config,
        timing,
        limiter: new SlidingRateLimit(deps.config.sandboxRatePerSecond),
        webhooks,
        review,
        phoneAccounts: new Map(),
        approved: new Map(),
      };

      scope.addHook('onReady', async () => {
        // Templates left pending by a previous run are decided now (or when due); nothing here waits for it.
        review.resumeAll().catch((err: unknown) => scope.log.warn({ err }, 'sandbox pending templates not resumed'));
      });
      scope.addHook('onClose', async () => {
        review.close();
        webhooks.close();
      });

      const expectedToken = digest(deps.config.sandboxAccessToken);
      scope.addHook('onRequest', async (request) => {
        if (!timingSafeEqual(digest(bearerToken(request)), expectedToken)) throw GraphErrors.badToken();
      });
      scope.setErrorHandler((err, request, res) => {
        let graph: GraphError;
        if (err instanceof GraphError) graph = err;
        else if (typeof (err as { statusCode?: unknown }).statusCode === 'number' && (err as { statusCode: number }).statusCode < 500) {
          graph = GraphErrors.invalidParameter((err as Error).message);
        } else {
          request.log.error({ err }, 'sandbox error');
          graph = GraphErrors.unknown();
        }
        void res.status(graph.httpStatus).send(graph.body());
      });
      scope.setNotFoundHandler((request, res) => {
        const graph = GraphErrors.unknownPath(request.url.split('?')[0]!.slice(SANDBOX_PREFIX.length) || '/');
        void res.status(graph.httpStatus).send(graph.body());
      });

      scope.post<{ Params: Params }>('/:version/:id/messages', async (request) => {
        checkVersion(request.params.version);
        return sendMessage(ctx, request.params.id, request.body);
      });
      scope.post<{ Params: Params }>('/:version/:id/message_templates', async (request) => {
        checkVersion(request.params.version);
        return submitTemplate(ctx, request.params.id, request.body);
      });
      scope.get<{ Params: Params }>('/:version/:id/message_templates', async (request) => {
        checkVersion(request.params.version);
        const self = new URL(request.url, `${request.protocol}://${request.host}`);
        return listTemplatesPage(ctx, request.params.id, request.query as Record<string, unknown>, self);
      });
      scope.delete<{ Params: Params }>('/:version/:id/message_templates', async (request) => {
        checkVersion(request.params.version);
        return deleteTemplate(ctx, request.params.id, request.query as Record<string, unknown>);
      });
    },
    { prefix: SANDBOX_PREFIX },
  );
}

function checkVersion(version: string) {
  if (!VERSION.test(version)) throw GraphErrors.unknownPath(`/${version}`);
}

/** `Authorization: Bearer <token>`, or Graph's `access_token` query parameter. */
function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim();
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.access_token === 'string' ? query.access_token : '';
}

const digest = (text: string) => createHash('sha256').update(text).digest();
