import type { FastifyInstance } from 'fastify';
import { EntityMessages, nlpEntitiesApi } from '@parley/sdk/contract/nlp-entities';
import type { Db } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import { page, reply } from '../../http/reply.js';
import { EntityService } from './service.js';
import { ACCESS } from '@parley/sdk/contract/access';

export function nlpEntityRoutes(app: FastifyInstance, db: Db) {
  const service = new EntityService(db);
  defineRoute(app, nlpEntitiesApi.list, ACCESS.nlp.read, async (input, { auth }) => {
    const result = await service.list(auth, input);
    return page(result, result.more);
  });
  defineRoute(app, nlpEntitiesApi.get, ACCESS.nlp.read, async (input, { auth }) => service.get(auth, input.id, input.entityId));
  defineRoute(app, nlpEntitiesApi.save, ACCESS.nlp.write, async (input, { auth }) => reply(await service.save(auth, input), EntityMessages.saved));
  defineRoute(app, nlpEntitiesApi.delete, ACCESS.nlp.write, async (input, { auth }) => {
    await service.delete(auth, input.id, input.entityId);
    return reply(null, EntityMessages.deleted);
  });
}
