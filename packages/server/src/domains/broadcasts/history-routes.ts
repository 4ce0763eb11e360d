import type { FastifyInstance } from 'fastify';
import { BroadcastMessages, broadcastsApi } from '@parley/sdk/contract/broadcasts';
import type { Db } from '../../db/database.js';
import { page, reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import { ACCESS } from '@parley/sdk/contract/access';
import { BroadcastHistoryService } from './history-service.js';

/**
 * Reading broadcasts (customer-master-and-broadcast 2 and 7, platform-shell 2.12): the history, one broadcast's
 * details, its messages and one message's status history, and the expression lookup of the variable mapping.
 */
export function broadcastHistoryRoutes(app: FastifyInstance, deps: { db: Db }) {
  const service = new BroadcastHistoryService(deps.db);
  defineRoute(app, broadcastsApi.list, ACCESS.broadcasts.read, async ({ from, perPage, name, fromDate, toDate, sort, dir }, { auth }) => {
    const result = await service.list(auth, { name, fromDate, toDate, sort, dir }, from, perPage);
    return page(result, result.more);
  });
  defineRoute(app, broadcastsApi.get, ACCESS.broadcasts.read, async ({ id }, { auth }) => ({ data: await service.get(auth, id) }));
  defineRoute(app, broadcastsApi.messages, ACCESS.broadcasts.read, async ({ id, from, perPage }, { auth }) => {
    const result = await service.messages(auth, id, from, perPage);
    return page(result, result.more);
  });
  defineRoute(app, broadcastsApi.messageStatus, ACCESS.broadcasts.read, async ({ id, messageId }, { auth }) => service.messageStatus(auth, id, messageId));
  defineRoute(app, broadcastsApi.expression, ACCESS.broadcasts.expressions, async ({ expression }, { auth }) =>
    reply(await service.expression(auth, expression), BroadcastMessages.urlVariablesMapped),
  );
}
