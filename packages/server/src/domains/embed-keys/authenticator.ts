import type { FastifyRequest } from 'fastify';
import { EMBED_KEY_HEADER, EmbedKeyMessages } from '@parley/sdk/contract/embed-keys';
import { Codes } from '@parley/sdk/contract/envelope';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext, Authenticator } from '../../http/auth-context.js';
import { allowReadingBy } from '../../http/embed-cors.js';
import { grantFor } from './grants.js';
import type { KeyRateLimit } from './rate-limit.js';
import type { EmbedKeyService } from './service.js';

const headerValue = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The embed key authenticator (header `x-parley-embed-key`), after the session token's. A key is a principal that can
 * do exactly what its scopes grant (grants.ts) and nothing else: every other route, public ones included, is refused
 * here with the platform's 1403 before any handler runs, and a granted route gets only the one permission it checks.
 *
 * - absent header: not this authenticator's call (null);
 * - malformed, unknown, revoked or expired key: 1401 on HTTP 401, as for a bad token, on every route (without
 *   `login_required`: a partner page has nobody to sign in);
 * - more than the limit of calls per minute with one key: 1429 on HTTP 429;
 * - a route no scope grants, an `Origin` the key does not list, or an agent the key does not name: 1403 on HTTP 200.
 * Calls without `Origin` (servers, scripts) are allowed; the origin list is what keeps other sites' pages out.
 */
export function embedKeyAuthenticator(keys: EmbedKeyService, withinLimit: KeyRateLimit): Authenticator {
  return async (request) => {
    const secret = headerValue(request, EMBED_KEY_HEADER);
    if (secret === undefined) return null;
    const key = await keys.resolve(secret);
    if (!key) throw ApiError.unauthenticated(EmbedKeyMessages.invalidKey, false);

    const grant = grantFor(key.scopes, request.method, request.routeOptions.url);
    const origin = headerValue(request, 'origin');
    const originAllowed = origin === undefined || key.allowedOrigins.includes(origin);
    if (grant && origin !== undefined && originAllowed) allowReadingBy(request, origin);
    // No principal is set for a refused call, so name the key's enterprise for the audit trail: a refused write is
    // recorded there (without a user).
    request.auditSubject = { eId: key.eId, uId: null };

    if (!(await withinLimit(request, key.id))) throw new ApiError(Codes.TOO_MANY_ATTEMPTS, EmbedKeyMessages.rateLimited, 429);
    if (!grant || !originAllowed || !grant.allows(request, key)) throw ApiError.accessDenied();

    await keys.touch(key);
    const auth: AuthContext = {
      // There is no user: the key stands in (a conversation without a senderId is logged under the key's id).
      uId: key.id,
      eId: key.eId,
      roles: [],
      permissions: new Set(grant.permissions),
      credentialId: key.id,
      method: 'password',
      embedKey: { id: key.id, scopes: key.scopes },
    };
    return auth;
  };
}
