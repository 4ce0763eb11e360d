import type { FastifyInstance } from 'fastify';
import { EntityMessages, nlpEntitiesApi } from '@parley/sdk/contract/nlp-entities';
import type { Db } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import { page, reply } from '../../http/reply.js';
import { EntityService } from './service.js';
import { NLP_READ, NLP_WRITE } from '../nlp-agents/access.js';


export function nlpEntityRoutes(app: FastifyInstance, db: Db) {
  const service = new EntityService(db);
  defineRoute(app, nlpEntitiesApi.list, NLP_READ, async (input, { auth }) => {
    const result = await service.list(auth, input);
    return page(result, result.more);
  });
  defineRoute(app, nlpEntitiesApi.get, NLP_READ, async (input, { auth }) => service.get(auth, input.id, input.entityId));
  defineRoute(app, nlpEntitiesApi.save, NLP_WRITE, async (input, { auth }) => reply(await service.save(auth, input), EntityMessages.saved));
  defineRoute(app, nlpEntitiesApi.delete, NLP_WRITE, async (input, { auth }) => {
    await service.delete(auth, input.id, input.entityId);
    return reply(null, EntityMessages.deleted);
  });
}
