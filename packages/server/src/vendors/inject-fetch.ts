import type { FastifyInstance, InjectOptions } from 'fastify';

/** Any host will do: only the path and query reach the app. */
const LOCAL_ORIGIN = 'http://parley.internal';
const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A fetch that never leaves the process: the request goes through `app.inject` (so hooks, parsers and error handlers
 * run as for a socket) and comes back as a real Response. Lets a vendor client talk to the built-in sandbox with the
 * same code it uses for Meta, without a listening port.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  const injected = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = typeof input === 'string' && input.startsWith('/') ? new Request(LOCAL_ORIGIN + input, init) : new Request(input, init);
    request.signal.throwIfAborted();
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    // The sandbox builds its media URLs on the request's host: it must be the one the client called, so the URL it
    // gives back passes the client's same-host check.
    headers.host ??= url.host;
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as InjectOptions['method'],
      url: url.pathname + url.search,
      headers,
      ...(body ? { payload: body } : {}),
    });
    const replyHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of [value].flat()) replyHeaders.append(key, String(v));
    }
    return new Response(NO_BODY_STATUSES.has(res.statusCode) ? null : res.rawPayload, { status: res.statusCode, headers: replyHeaders });
  };
  return injected as typeof fetch;
}
