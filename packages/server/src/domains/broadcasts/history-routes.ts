import type { FastifyInstance } from 'fastify';
import { BroadcastMessages, broadcastsApi } from '@parley/sdk/contract/broadcasts';
import type { Db } from '../../db/database.js';
import { page, reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import { BROADCAST_EXPRESSION_ACCESS, BROADCAST_READ_ACCESS } from './history-access.js';
import { BroadcastHistoryService } from './history-service.js';

/**
 * Reading broadcasts (customer-master-and-broadcast 2 and 7, platform-shell 2.12): the history, one broadcast's
 * details, its messages and one message's status history, and the expression lookup of the variable mapping.
 */
export function broadcastHistoryRoutes(app: FastifyInstance, deps: { db: Db }) {
  const service = new BroadcastHistoryService(deps.db);
  defineRoute(app, broadcastsApi.list, BROADCAST_READ_ACCESS, async ({ from, perPage, name, fromDate, toDate }, { auth }) => {
    const result = await service.list(auth, { name, fromDate, toDate }, from, perPage);
    return page(result, result.more);
  });
  defineRoute(app, broadcastsApi.get, BROADCAST_READ_ACCESS, async ({ id }, { auth }) => ({ data: await service.get(auth, id) }));
  defineRoute(app, broadcastsApi.messages, BROADCAST_READ_ACCESS, async ({ id, from, perPage }, { auth }) => {
    const result = await service.messages(auth, id, from, perPage);
    return page(result, result.more);
  });
  defineRoute(app, broadcastsApi.messageStatus, BROADCAST_READ_ACCESS, async ({ id, messageId }, { auth }) => service.messageStatus(auth, id, messageId));
  defineRoute(app, broadcastsApi.expression, BROADCAST_EXPRESSION_ACCESS, async ({ expression }, { auth }) =>
    reply(await service.expression(auth, expression), BroadcastMessages.urlVariablesMapped),
  );
}
