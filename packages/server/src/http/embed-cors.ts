import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface EmbedCorsOptions {
  /** The method a partner page may call on this `/api/...` path with an embed key; undefined when none. */
  embeddableMethod(path: string): string | undefined;
  /** Whether some live embed key lists this origin. */
  originHasLiveKey(origin: string): Promise<boolean>;
  /** Request headers a partner page may send (the embed key header and `content-type`). */
  allowHeaders: readonly string[];
  /** How long a browser may reuse a preflight's answer, in seconds. */
  maxAgeSeconds?: number;
}

/** Requests whose reply may be read by their `Origin`: set by the embed key authenticator, read when replying. */
const readableBy = new WeakMap<FastifyRequest, string>();

/**
 * Called by the embed key authenticator once it has a live key that lists the request's `Origin` and a scope that
 * lists the route: the reply then carries `Access-Control-Allow-Origin` for that origin (refusals included, so the
 * partner page can read a 1429 or 1404), and nothing else ever does.
 */
export function allowReadingBy(request: FastifyRequest, origin: string): void {
  readableBy.set(request, origin);
}

/**
 * The CORS headers a partner page needs to read this request's reply: for a reply written by hand (a stream, after
 * `reply.hijack()`), which the onSend hook below never sees.
 */
export function readingHeadersFor(request: FastifyRequest): Record<string, string> {
  const origin = readableBy.get(request);
  return origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
}

/** The path of a request URL as the router matches it: no query, single slashes, no trailing slash. */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(/\/{2,}/g, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/**
 * CORS for partner pages, and for nothing else: the console is same-origin and session-token calls never get CORS
 * headers, so no other site's script can read an API reply with a user's token.
 *
 * Preflights: a browser sends `OPTIONS` without the embed key's value, so the key cannot be checked then. A preflight
 * is approved when the path is embeddable (a scope grants it), the requested method is that path's method, and at
 * least one live key of any enterprise lists the `Origin`; then it allows only that method and the embed key and
 * content-type headers. Any other preflight gets 204 without CORS headers, so the browser never sends the call.
 *
 * Actual calls: `Access-Control-Allow-Origin` (the origin itself, never `*`) only when the call carries a live embed
 * key that lists the `Origin` and may call the route (see `allowReadingBy`); the authenticator also refuses a key used
 * from an origin it does not list. No `Access-Control-Allow-Credentials`: the key is a header, never a cookie.
 */
export const embedCorsPlugin = fp(async (app: FastifyInstance, opts: EmbedCorsOptions) => {
  const allowHeaders = opts.allowHeaders.join(', ');
  const maxAge = String(opts.maxAgeSeconds ?? 600);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || !request.url.startsWith('/api/')) return;
    const method = opts.embeddableMethod(pathOf(request.url));
    if (!method) return;
    const origin = request.headers.origin;
    reply.header('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
    if (typeof origin === 'string' && request.headers['access-control-request-method'] === method && (await opts.originHasLiveKey(origin))) {
      reply
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-methods', method)
        .header('access-control-allow-headers', allowHeaders)
        .header('access-control-max-age', maxAge);
    }
    void reply.code(204).send();
    return reply;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const origin = readableBy.get(request);
    if (origin) {
      reply.header('access-control-allow-origin', origin);
      // The CSV's file name is in its Content-Disposition, which a page cannot read unless it is exposed.
      reply.header('access-control-expose-headers', 'content-disposition');
      reply.header('vary', 'Origin');
    }
    return payload;
  });
});
