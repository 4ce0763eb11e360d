import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from './context.js';
import { GraphError, GraphErrors } from './graph-error.js';
import { mediaInfo, sendMediaBytes } from './media-routes.js';
import { sendMessage } from './send-message.js';
import { deleteTemplate, listTemplatesPage, submitTemplate } from './template-routes.js';

export const SANDBOX_PREFIX = '/sandbox/whatsapp';
/** Where a media id's bytes are served (Meta's lookaside URL): a path no `/{version}/...` route can take. */
export const MEDIA_PATH = '/media';

const VERSION = /^v\d+\.\d+$/;
type Params = { version: string; id: string };

/**
 * Meta's Graph paths under /sandbox/whatsapp. Outside /api: its callers carry a Graph bearer token, not a Parley
 * session, and it answers in Graph's shape, not the envelope.
 */
export async function graphRoutes(scope: FastifyInstance, ctx: SandboxContext) {
  const expectedToken = digest(ctx.config.sandboxAccessToken);
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
  scope.get<{ Params: Params }>('/:version/:id', async (request) => {
    checkVersion(request.params.version);
    const url = `${request.protocol}://${request.host}${SANDBOX_PREFIX}${MEDIA_PATH}/${encodeURIComponent(request.params.id)}`;
    return mediaInfo(ctx, request.params.id, url);
  });
  scope.get<{ Params: { id: string } }>(`${MEDIA_PATH}/:id`, async (request, reply) => sendMediaBytes(ctx, request.params.id, reply));
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
