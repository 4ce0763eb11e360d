import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { OutboundRefused, outboundFetch } from '../../net/outbound-fetch.js';
import { SANDBOX_OPENAI_PREFIX } from '../../sandbox/openai/routes.js';
import { injectFetch } from '../../vendors/inject-fetch.js';

/** The error type of the reply that stands for a refused address; llm-client.ts turns it into a clear message. */
export const REFUSED_ERROR_TYPE = 'parley_outbound_refused';

/** Replies of a streamed completion can be long; a runaway one is cut off here. */
const MAX_REPLY_BYTES = 8 * 1024 * 1024;

export interface LlmFetchOptions {
  /** Origins the operator allows although they are private (PARLEY_OUTBOUND_PRIVATE_ORIGINS), e.g. a local Ollama. */
  privateOrigins: readonly string[];
  /** The server's own sandbox LLM, when it is mounted: `{publicUrl}/sandbox/openai/v1` and the app serving it. */
  sandbox?: { publicUrl: string; app: FastifyInstance } | undefined;
}

/**
 * The `fetch` every LLM client uses. A base URL is chosen by a tenant, so it must not reach the server's network:
 * requests follow the outbound rules (net/outbound-fetch.ts: public addresses only, checked at connect time, no
 * redirects), except for the operator's private origins and the server's own sandbox, which never leaves the process
 * (or, once the server listens, goes to its own port so that streamed replies arrive as they are written).
 *
 * A refusal is answered as a 403 the client does not retry, so the caller gets one clear error at once and nothing
 * is sent anywhere.
 */
export function llmFetch(options: LlmFetchOptions): typeof fetch {
  const outbound = outboundFetch({ privateOrigins: options.privateOrigins, stream: true, maxBytes: MAX_REPLY_BYTES });
  const sandbox = options.sandbox;
  const publicUrl = sandbox?.publicUrl.replace(/\/+$/, '') ?? '';
  const sandboxBase = sandbox ? new URL(`${publicUrl}${SANDBOX_OPENAI_PREFIX}/`).href : undefined;
  const inProcess = sandbox ? injectFetch(sandbox.app) : undefined;

  const run = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    // Normalised first: `/sandbox/openai/v1/../../api` must not pass for the sandbox.
    const url = new URL(String(input instanceof Request ? input.url : input)).href;
    if (sandbox && sandboxBase && url.startsWith(sandboxBase)) {
      const own = ownAddress(sandbox.app);
      const path = new URL(url).pathname + new URL(url).search;
      return own ? fetch(`${own}${path}`, init) : inProcess!(path, init);
    }
    try {
      return await outbound(input, init);
    } catch (err) {
      if (!(err instanceof OutboundRefused)) throw err;
      return new Response(JSON.stringify({ error: { message: err.message, type: REFUSED_ERROR_TYPE } }), {
        status: 403,
        headers: { 'content-type': 'application/json', 'x-should-retry': 'false' },
      });
    }
  };
  return run as typeof fetch;
}

/** The loopback address of this server's own listening socket, or undefined when it does not listen (tests). */
function ownAddress(app: FastifyInstance): string | undefined {
  const address = app.server.listening ? (app.server.address() as AddressInfo | string | null) : null;
  if (!address || typeof address === 'string') return undefined;
  const host =
    address.family === 'IPv6' ? (address.address === '::' ? '[::1]' : `[${address.address}]`) : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}`;
}
