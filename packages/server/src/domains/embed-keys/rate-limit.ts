import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Keys counted at once; past that the least recently used key's window is forgotten, which only errs towards allowing. */
const MAX_TRACKED = 10_000;

/** Counts one request against a live key; false when the key has used up its window. */
export type KeyRateLimit = (request: FastifyRequest, keyId: string) => Promise<boolean>;

/**
 * Requests per key per window, counted in a fixed window by @fastify/rate-limit's in-memory store. Per process: with
 * several processes behind a load balancer each allows the limit, so the effective limit is the limit times the
 * process count. That is accepted for now (the limit is there to stop one page or script from flooding the NLU, not to
 * bill); a shared counter in the database would cost a write per call on the hottest path.
 *
 * The check is called by the embed key authenticator rather than hooked on every route: only a key that resolved to a
 * live one is counted (a wrong key is a 1401 and must not use up someone's window), and the count comes before the
 * scope check, so a limited key is refused with 1429 on any route. The plugin sits in its own encapsulated context, so
 * its decorators and route hooks stay out of the rest of the app.
 */
export async function keyRateLimit(app: FastifyInstance, perMinute: number, windowMs = 60_000): Promise<KeyRateLimit> {
  const chargedTo = new WeakMap<FastifyRequest, string>();
  let check: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      max: perMinute,
      timeWindow: windowMs,
      cache: MAX_TRACKED,
      keyGenerator: (request) => chargedTo.get(request)!,
    });
    check = scope.createRateLimit();
  });
  const limit = check!;
  return async (request, keyId) => {
    chargedTo.set(request, keyId);
    const result = await limit(request);
    return result.isAllowed || !result.isExceeded;
  };
}
