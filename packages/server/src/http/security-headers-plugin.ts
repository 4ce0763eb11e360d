import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Headers every reply carries. API replies are never cached (they hold tenant data); framing is left open because
 * partners may frame the console, and embedding is governed by embed keys, not by this header.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, res) => {
    res.header('x-content-type-options', 'nosniff');
    res.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (request.url.startsWith('/api/')) res.header('cache-control', 'no-store');
  });
});
