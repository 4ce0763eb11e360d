import type { FastifyInstance } from 'fastify';
import { IntentMessages, nlpIntentsApi } from '@parley/sdk/contract/nlp-intents';
import type { Db } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import { page, reply } from '../../http/reply.js';
import { IntentService } from './service.js';
import { ACCESS } from '@parley/sdk/contract/access';

export function nlpIntentRoutes(app: FastifyInstance, db: Db) {
  const service = new IntentService(db);
  defineRoute(app, nlpIntentsApi.save, ACCESS.nlp.write, async (input, { auth }) => reply(await service.save(auth, input), IntentMessages.saved));
  defineRoute(app, nlpIntentsApi.list, ACCESS.nlp.read, async (input, { auth }) => {
    const result = await service.list(auth, input);
    return page(result, result.more);
  });
  defineRoute(app, nlpIntentsApi.get, ACCESS.nlp.read, async (input, { auth }) => service.get(auth, input.agentId, input.storyId, input.intentId));
  defineRoute(app, nlpIntentsApi.delete, ACCESS.nlp.write, async (input, { auth }) => {
    await service.delete(auth, input.agentId, input.storyId, input.intentId);
    return reply(null, IntentMessages.deleted);
  });
}
