import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageQuery } from './envelope.js';
import { recordId, requiredText } from './fields.js';
import { Messages } from './messages.js';

/**
 * Embed keys: credentials an administrator issues for partner pages. A key belongs to one enterprise, grants only
 * what its scopes name, works only from its allowed origins (in a browser), and may expire. Its secret is shown once,
 * at creation; the server keeps only a hash.
 */

/** The request header that carries an embed key instead of `authentication-token`. */
export const EMBED_KEY_HEADER = 'x-parley-embed-key';

/** Every secret starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const EMBED_KEY_PREFIX = 'pk_';

export const EmbedKeyMessages = {
  created: 'Embed key created. Copy the key now: it is not shown again.',
  revoked: 'Embed key revoked',
  invalidKey: 'Invalid, revoked or expired embed key',
  rateLimited: 'Too many requests with this embed key. Please try again in a minute.',
  badOrigin: 'Give an origin such as https://partner.example or https://partner.example:8443 (http only for localhost): no path, no wildcard.',
  scopeRequired: 'Select at least one scope',
  originRequired: 'Add at least one allowed origin',
  expiryInPast: 'The expiry must be in the future',
  unknownAgent: 'No such agent in this enterprise',
} as const;

/**
 * What a key may do. `try-it` calls `POST nlp/predictIntent` for the key's agents (all of the enterprise's when the
 * key lists none). `report` reads the conversation report of those agents (the report calls and the CSV), never the
 * agents list. `broadcast-form` is reserved for the broadcast form element: accepted now, grants nothing yet. `chat`
 * lets the Try-it widget's live mode be a customer of the enterprise's Web channels (web-chat.ts).
 */
export const EMBED_KEY_SCOPES = ['try-it', 'report', 'broadcast-form', 'chat'] as const;
export const embedKeyScope = z.enum(EMBED_KEY_SCOPES);
export type EmbedKeyScope = z.infer<typeof embedKeyScope>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * An origin exactly as a browser sends it in `Origin`: `https://host[:port]`, or `http://` for localhost only;
 * no default port, no path, query, credentials or wildcard. Returns null for anything else.
 */
export function normalizeOrigin(value: string): string | null {
  const text = value.trim().replace(/\/$/, '');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  if (!local && !HOST_NAME.test(url.hostname)) return null;
  // Whatever the URL parser would repair (`https:partner.example`, backslashes, a default port) is refused: the
  // stored origin is exactly the text the administrator typed, and exactly what a browser sends.
  if (url.origin !== text.toLowerCase()) return null;
  return url.origin;
}

export const embedOrigin = z
  .string({ error: Messages.mandatory })
  .max(255, { error: EmbedKeyMessages.badOrigin })
  .transform((v, ctx) => {
    const origin = normalizeOrigin(v);
    if (!origin) {
      ctx.addIssue({ code: 'custom', message: EmbedKeyMessages.badOrigin });
      return z.NEVER;
    }
    return origin;
  });

/** ISO text or epoch milliseconds; must lie in the future. */
const expiry = z.union([z.number(), z.string().max(64)]).transform((v, ctx) => {
  const d = new Date(typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: Messages.invalidDate });
    return z.NEVER;
  }
  if (d.getTime() <= Date.now()) {
    ctx.addIssue({ code: 'custom', message: EmbedKeyMessages.expiryInPast });
    return z.NEVER;
  }
  return d;
});

export const embedKeyState = z.enum(['active', 'expired', 'revoked']);

/** A key as listed: never its secret, only the first characters to recognise it by. */
export const embedKey = z.object({
  id: z.string(),
  name: z.string(),
  /** `pk_` and the first characters of the secret. */
  prefix: z.string(),
  scopes: z.array(embedKeyScope),
  /** Agents the `try-it` scope may talk to; empty means every agent of the enterprise. */
  agentIds: z.array(z.string()),
  allowedOrigins: z.array(z.string()),
  state: embedKeyState,
  createdBy: z.string().nullable(),
  createdOn: z.string(),
  expiresOn: z.string().nullable(),
  revokedOn: z.string().nullable(),
  lastUsedOn: z.string().nullable(),
});
export type EmbedKey = z.infer<typeof embedKey>;

/** Embed keys of the caller's enterprise (administrators only). */
export const embedKeysApi = {
  /** Issues a key. The reply's `secret` is the only time the key is shown. */
  create: endpoint({
    method: 'POST',
    path: 'e/enterprise/embed-keys',
    input: z.object({
      name: requiredText(100),
      scopes: z
        .array(embedKeyScope)
        .min(1, { error: EmbedKeyMessages.scopeRequired })
        .max(EMBED_KEY_SCOPES.length)
        .transform((s) => [...new Set(s)]),
      agentIds: z
        .array(recordId)
        .max(100)
        .default([])
        .transform((ids) => [...new Set(ids)]),
      allowedOrigins: z
        .array(embedOrigin)
        .min(1, { error: EmbedKeyMessages.originRequired })
        .max(20)
        .transform((o) => [...new Set(o)]),
      expiresAt: expiry.optional(),
    }),
    reply: embedKey.extend({ secret: z.string() }),
  }),
  list: endpoint({
    method: 'GET',
    path: 'e/enterprise/embed-keys',
    input: pageQuery.extend({ perPage: pageQuery.shape.perPage.default(100) }),
    reply: z.array(embedKey),
  }),
  /** Ends a key at once; revoking a revoked key changes nothing. The key stays listed as revoked. */
  revoke: endpoint({
    method: 'DELETE',
    path: 'e/enterprise/embed-keys/:id',
    input: z.object({ id: recordId }),
    reply: embedKey,
  }),
} as const;
