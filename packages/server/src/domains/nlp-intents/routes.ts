import type { FastifyInstance } from 'fastify';
import { IntentMessages, nlpIntentsApi } from '@parley/sdk/contract/nlp-intents';
import type { Db } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import { page, reply } from '../../http/reply.js';
import { IntentService } from './service.js';
import { NLP_READ, NLP_WRITE } from '../nlp-agents/access.js';


export function nlpIntentRoutes(app: FastifyInstance, db: Db) {
  const service = new IntentService(db);
  defineRoute(app, nlpIntentsApi.save, NLP_WRITE, async (input, { auth }) => reply(await service.save(auth, input), IntentMessages.saved));
  defineRoute(app, nlpIntentsApi.list, NLP_READ, async (input, { auth }) => {
    const result = await service.list(auth, input);
    return page(result, result.more);
  });
  defineRoute(app, nlpIntentsApi.get, NLP_READ, async (input, { auth }) => service.get(auth, input.agentId, input.storyId, input.intentId));
  defineRoute(app, nlpIntentsApi.delete, NLP_WRITE, async (input, { auth }) => {
    await service.delete(auth, input.agentId, input.storyId, input.intentId);
    return reply(null, IntentMessages.deleted);
  });
}
