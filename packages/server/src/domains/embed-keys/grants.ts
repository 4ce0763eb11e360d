import type { FastifyRequest } from 'fastify';
import type { EmbedKeyScope } from '@parley/sdk/contract/embed-keys';
import type { Endpoint } from '@parley/sdk/contract/endpoint';
import { CONVERSATIONS_CSV_PATH, nlpReportsApi } from '@parley/sdk/contract/nlp-reports';
import { nlpRuntimeApi, nlpRuntimeStreamApi } from '@parley/sdk/contract/nlp-runtime';
import { webChatApi } from '@parley/sdk/contract/web-chat';
import type { Permission } from '@parley/sdk/contract/permissions';
import { API_PREFIX } from '../../http/route.js';

/** What the authenticator knows of a key when it decides. */
export interface KeyGrantSubject {
  scopes: readonly string[];
  /** Lower-case agent ids; empty: every agent of the key's enterprise. */
  agentIds: readonly string[];
}

/** One call a scope allows: the route, the permission the route checks, and a check of the request's input. */
export interface EmbedGrant {
  method: string;
  /** The route's registered URL (`request.routeOptions.url`), `/api/...`. */
  url: string;
  /** Given to the principal for this one request, so the route's own permission check passes; nothing else is. */
  permissions: readonly Permission[];
  allows(request: FastifyRequest, key: KeyGrantSubject): boolean;
}

const urlOf = (e: Endpoint) => `${API_PREFIX}/${e.path}`.replace(/\/{2,}/g, '/');

/**
 * The agent the call is for. The route merges query and body (the body wins), so every `agentId` either carries is
 * checked: each must be one text and one of the key's agents. A list (`agentId=a&agentId=b`) is refused.
 */
function agentAllowed(request: FastifyRequest, key: KeyGrantSubject): boolean {
  const sources = [request.query, request.body].filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null);
  const values = sources.filter((s) => 'agentId' in s).map((s) => s.agentId);
  if (values.length === 0) return false;
  return values.every((v) => typeof v === 'string' && (key.agentIds.length === 0 || key.agentIds.includes(v.toLowerCase())));
}

/**
 * Every route an embed key can ever reach, by scope. A request authenticated by a key is refused unless one of its
 * scopes lists the route here and the grant's check passes. Any agent the key may name is still looked up within the
 * key's enterprise by the route itself (the principal's `eId`), so a foreign agent id answers 1404 as for anyone.
 */
export const SCOPE_GRANTS: Record<EmbedKeyScope, readonly EmbedGrant[]> = {
  'try-it': [
    { method: nlpRuntimeApi.predictIntent.method, url: urlOf(nlpRuntimeApi.predictIntent), permissions: ['NLP.VIEW'], allows: agentAllowed },
    // The same turn as server-sent events: what parley-try-it calls.
    {
      method: nlpRuntimeStreamApi.predictIntentStream.method,
      url: urlOf(nlpRuntimeStreamApi.predictIntentStream),
      permissions: ['NLP.VIEW'],
      allows: agentAllowed,
    },
  ],
  // The report element on a partner page: its four report calls (POST only: one method per path, so a preflight
  // names it) and the CSV, each for one of the key's agents. The agents list is not among them.
  report: [
    ...[nlpReportsApi.conversationsReport, nlpReportsApi.graphReport, nlpReportsApi.topIntent, nlpReportsApi.conversations].map((e): EmbedGrant => ({
      method: e.method,
      url: urlOf(e),
      permissions: ['NLP.VIEW'],
      allows: agentAllowed,
    })),
    { method: 'GET', url: `${API_PREFIX}/${CONVERSATIONS_CSV_PATH}`, permissions: ['NLP.VIEW'], allows: agentAllowed },
  ],
  // Reserved for the broadcast form element: keys may carry it so partners can be issued one key ahead of time, but it
  // grants nothing until that element and its routes exist.
  'broadcast-form': [],
  // A customer of the enterprise's Web channels: the route itself checks the channel is a Web one of the key's
  // enterprise and the visitor's signed token, so one visitor never reads another's chat.
  chat: Object.values(webChatApi).map((e): EmbedGrant => ({ method: e.method, url: urlOf(e), permissions: ['CHAT.HANDLE'], allows: () => true })),
};

const ALL_GRANTS = Object.values(SCOPE_GRANTS).flat();

/** The grant of one of these scopes for this route, if any. */
export function grantFor(scopes: readonly string[], method: string, url: string | undefined): EmbedGrant | undefined {
  if (!url) return undefined;
  for (const scope of scopes) {
    const grant = SCOPE_GRANTS[scope as EmbedKeyScope]?.find((g) => g.method === method && g.url === url);
    if (grant) return grant;
  }
  return undefined;
}

/** The method a partner page may call on this path with some key (for CORS preflights), if any. */
export function embeddableMethod(path: string): string | undefined {
  return ALL_GRANTS.find((g) => g.url === path)?.method;
}
