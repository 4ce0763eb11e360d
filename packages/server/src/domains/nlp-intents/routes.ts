import type { FastifyInstance } from 'fastify';
import { IntentMessages, nlpIntentsApi } from '@parley/sdk/contract/nlp-intents';
import type { Permission } from '@parley/sdk/contract/permissions';
import type { Db } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import { page, reply } from '../../http/reply.js';
import { IntentService } from './service.js';

const READ: Permission[] = ['NLP.VIEW', 'NLP.NLP'];
const WRITE: Permission[] = ['NLP.NLP'];

export function nlpIntentRoutes(app: FastifyInstance, db: Db) {
  const service = new IntentService(db);
  defineRoute(app, nlpIntentsApi.save, WRITE, async (input, { auth }) => reply(await service.save(auth, input), IntentMessages.saved));
  defineRoute(app, nlpIntentsApi.list, READ, async (input, { auth }) => {
    const result = await service.list(auth, input);
    return page(result, result.more);
  });
  defineRoute(app, nlpIntentsApi.get, READ, async (input, { auth }) => service.get(auth, input.agentId, input.storyId, input.intentId));
  defineRoute(app, nlpIntentsApi.delete, WRITE, async (input, { auth }) => {
    await service.delete(auth, input.agentId, input.storyId, input.intentId);
    return reply(null, IntentMessages.deleted);
  });
}
