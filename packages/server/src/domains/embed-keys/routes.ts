import type { FastifyInstance } from 'fastify';
import { EMBED_KEY_HEADER, EmbedKeyMessages, embedKeysApi } from '@parley/sdk/contract/embed-keys';
import type { Permission } from '@parley/sdk/contract/permissions';
import type { Db } from '../../db/database.js';
import type { Authenticator } from '../../http/auth-context.js';
import type { EmbedCorsOptions } from '../../http/embed-cors.js';
import { page, Reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import { embedKeyAuthenticator } from './authenticator.js';
import { embeddableMethod } from './grants.js';
import { keyRateLimit } from './rate-limit.js';
import { EmbedKeyService, shapeKey, type EmbedKeySettings } from './service.js';

/** A key opens the enterprise's agents to other sites: managing keys is the enterprise-settings admin permission. */
const MANAGE_KEYS: readonly Permission[] = ['ENTERPRISE.EDIT'];

/** The domain's three parts for app.ts: the authenticator, the CORS plugin's options, and the admin routes. */
export class EmbedKeys {
  readonly service: EmbedKeyService;

  constructor(
    db: Db,
    private readonly settings: EmbedKeySettings,
  ) {
    this.service = new EmbedKeyService(db);
  }

  /** Registers the per-key rate limit on the app, hence async. */
  async authenticator(app: FastifyInstance): Promise<Authenticator> {
    return embedKeyAuthenticator(this.service, await keyRateLimit(app, this.settings.perMinute));
  }

  cors(): EmbedCorsOptions {
    return {
      embeddableMethod,
      originHasLiveKey: (origin) => this.service.originHasLiveKey(origin),
      allowHeaders: ['content-type', EMBED_KEY_HEADER],
    };
  }

  routes(app: FastifyInstance): void {
    const keys = this.service;

    defineRoute(app, embedKeysApi.create, MANAGE_KEYS, async (input, { auth }) => new Reply(await keys.create(auth, input), EmbedKeyMessages.created));

    defineRoute(app, embedKeysApi.list, MANAGE_KEYS, async (input, { auth }) => {
      const limit = input.perPage === -1 ? 1000 : input.perPage;
      const rows = await keys.list(auth.eId, input.from, limit + 1);
      const now = new Date();
      return page(
        rows.slice(0, limit).map((r) => shapeKey(r, now)),
        rows.length > limit,
      );
    });

    defineRoute(app, embedKeysApi.revoke, MANAGE_KEYS, async ({ id }, { auth }) => new Reply(await keys.revoke(auth.eId, id), EmbedKeyMessages.revoked));
  }
}
