import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { effectOf, type Endpoint, type ParsedInputOf, type ReplyOf } from '@parley/sdk/contract/endpoint';
import type { Permission } from '@parley/sdk/contract/permissions';
import { ApiError } from './api-error.js';
import type { AuthContext } from './auth-context.js';
import { zodToApiError } from './errors-plugin.js';
import { coerceFormFields, isFormBody } from './form-coercion.js';
import { formShapeOf } from './form-shape.js';
import { refuseNulText } from './nul-text.js';
import { Reply } from './reply.js';

/** Who may call a route: anyone, any signed-in user, or holders of one of the listed permissions. */
export type Access = 'public' | 'authenticated' | readonly Permission[];

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

export interface HandlerContext<A> {
  request: FastifyRequest;
  auth: A;
  /** For a handler that answers other than with the envelope (a stream): once it hijacks the reply, nothing is sent. */
  reply: FastifyReply;
}

type Handler<E extends Endpoint, A> = (input: ParsedInputOf<E>, ctx: HandlerContext<A>) => Promise<ReplyOf<E> | Reply<ReplyOf<E>>>;

export const API_PREFIX = '/api';

/** Every registered route and what it demands; a test walks this table. */
export const routeTable: RouteEntry[] = [];

function toFastifyPath(path: string) {
  return `${API_PREFIX}/${path}`.replace(/\/{2,}/g, '/');
}

/** Registers one contract endpoint: parse with the shared schema, check access, run, wrap in the envelope. */
export function defineRoute<E extends Endpoint>(app: FastifyInstance, endpoint: E, access: 'public', handler: Handler<E, AuthContext | null>): void;
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  access: 'authenticated' | readonly Permission[],
  handler: Handler<E, AuthContext>,
): void;
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  access: Access,
  handler: Handler<E, AuthContext | null> | Handler<E, AuthContext>,
): void {
  const url = toFastifyPath(endpoint.path);
  if (!routeTable.some((r) => r.method === endpoint.method && r.url === url)) {
    routeTable.push({ method: endpoint.method, url, access });
  }
  const shape = formShapeOf(endpoint.input);
  app.route({
    method: endpoint.method,
    url,
    // The audit plugin records by what the route does, not by its method.
    config: { effect: effectOf(endpoint) },
    handler: async (request, replyTo) => {
      const auth = authorize(request, access);
      const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
      const raw = {
        ...coerceFormFields(request.query as Record<string, unknown>, shape),
        ...(isFormBody(request) ? coerceFormFields(body, shape) : body),
        ...(request.params as Record<string, unknown>),
      };
      refuseNulText(raw);
      const parsed = (endpoint.input as z.ZodType).safeParse(raw);
      if (!parsed.success) {
        const refused = zodToApiError(parsed.error);
        throw endpoint.invalidMessage ? new ApiError(refused.code, endpoint.invalidMessage, refused.httpStatus, refused.errors) : refused;
      }
      const input = parsed.data as ParsedInputOf<E>;
      // Again after parsing: a JSON body may carry JSON text (jsonText fields) whose escapes only now became NULs.
      refuseNulText(input);
      const result = await (handler as Handler<E, AuthContext | null>)(input, { request, auth, reply: replyTo });
      if (replyTo.sent) return replyTo;
      const r = result instanceof Reply ? result : new Reply(result);
      request.replyCode = r.code;
      return replyTo.send({
        status: true,
        code: r.code,
        message: r.message,
        data: r.data ?? null,
        ...(r.more === undefined ? {} : { more: r.more }),
      });
    },
  });
}

export function authorize(request: FastifyRequest, access: Access): AuthContext | null {
  if (access === 'public') return request.auth;
  if (!request.auth) throw ApiError.unauthenticated(undefined, Boolean(request.headers['authentication-token']));
  if (access === 'authenticated') return request.auth;
  const held = request.auth.permissions;
  if (!access.some((p) => held.has(p))) throw ApiError.accessDenied();
  return request.auth;
}
