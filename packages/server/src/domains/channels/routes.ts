import type { FastifyInstance } from 'fastify';
import type { CountryCode } from 'libphonenumber-js';
import { ChannelMessages, channelsApi } from '@parley/sdk/contract/channels';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { page, reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import { ACCESS } from '@parley/sdk/contract/access';
import type { ChatService } from '../chats/service.js';
import { ChannelService } from './service.js';
import { whatsappWebhookRoutes } from './webhook-routes.js';

export interface ChannelRouteDeps {
  db: Db;
  sealed: SealedBox;
  config: Config;
  events?: EventBus;
  chats?: ChatService;
}

/** Channels (platform-shell 7.4) under /api, and the WhatsApp Cloud API's webhook endpoint outside it. */
export async function channelRoutes(app: FastifyInstance, deps: ChannelRouteDeps) {
  const service = new ChannelService({
    db: deps.db,
    sealed: deps.sealed,
    publicUrl: deps.config.publicUrl,
    defaultCountry: deps.config.defaultCountry as CountryCode,
    endpoints: deps.config,
  });
  defineRoute(app, channelsApi.list, ACCESS.channels.view, async ({ from, perPage, name, type, sort, dir }, { auth }) => {
    const listed = await service.list(auth, { name, type, sort, dir }, from, perPage);
    return page(listed, listed.more);
  });
  defineRoute(app, channelsApi.get, ACCESS.channels.view, async ({ channelId }, { auth }) => ({ channel: await service.get(auth, channelId) }));
  defineRoute(app, channelsApi.create, ACCESS.channels.create, async (input, { auth }) =>
    reply({ channel: await service.create(auth, input) }, ChannelMessages.saved),
  );
  defineRoute(app, channelsApi.update, ACCESS.channels.edit, async ({ channelId, ...input }, { auth }) =>
    reply({ channel: await service.update(auth, channelId, input) }, ChannelMessages.saved),
  );
  defineRoute(app, channelsApi.delete, ACCESS.channels.delete, async ({ channelId }, { auth }) => {
    await service.delete(auth, channelId);
    return reply(null, ChannelMessages.deleted);
  });
  await whatsappWebhookRoutes(app, deps);
}
