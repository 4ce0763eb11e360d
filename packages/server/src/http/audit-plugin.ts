import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Effect } from '@parley/sdk/contract/endpoint';
import type { Db } from '../db/database.js';
import { auditLog } from '../db/schema.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The envelope code sent, for the audit trail (HTTP 200 can carry a refusal such as 1403). */
    replyCode?: number | string;
  }
  interface FastifyContextConfig {
    /** Set by defineRoute from the endpoint's declaration; routes registered otherwise go by their method. */
    effect?: Effect;
  }
}

/**
 * Every state-changing API call (by its contract's declared effect, else its method) is recorded with who, what, when,
 * enterprise, and how it ended. Bodies are not kept.
 */
export const auditPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.addHook('onResponse', async (request, res) => {
    const effect = request.routeOptions.config?.effect ?? (MUTATING.has(request.method) ? 'write' : 'read');
    if (effect !== 'write' || !request.url.startsWith('/api/')) return;
    const subject = request.auth ?? request.auditSubject;
    if (!subject) return;
    try {
      await opts.db.insert(auditLog).values({
        eId: subject.eId,
        uId: subject.uId,
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        target: request.url.split('?')[0] ?? request.url,
        statusCode: Number(request.replyCode ?? res.statusCode),
        ip: request.ip,
      });
    } catch (err) {
      request.log.error({ err }, 'audit entry not written');
    }
  });
});
