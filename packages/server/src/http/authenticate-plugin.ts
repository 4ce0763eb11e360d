import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Authenticator } from './auth-context.js';

/** The one place a request becomes a caller: each authenticator is tried in order; the first answer wins. */
export const authenticatePlugin = fp(async (app: FastifyInstance, opts: { authenticators: Authenticator[] }) => {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const authenticate of opts.authenticators) {
      const auth = await authenticate(request);
      if (auth) {
        request.auth = auth;
        return;
      }
    }
  });
});
