import type { FastifyInstance } from 'fastify';
import { customerDefinitionsApi, DefinitionMessages } from '@parley/sdk/contract/customer-definitions';
import type { Db } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import { reply } from '../../http/reply.js';
import { ACCESS } from '@parley/sdk/contract/access';
import { CustomerDefinitionService } from './service.js';

export function customerDefinitionRoutes(app: FastifyInstance, db: Db) {
  const service = new CustomerDefinitionService(db);
  defineRoute(app, customerDefinitionsApi.list, ACCESS.customerDefinitions.read, async (_input, { auth }) => ({
    inputFieldDefinitions: await service.list(auth),
  }));
  defineRoute(app, customerDefinitionsApi.get, ACCESS.customerDefinitions.read, async (input, { auth }) => ({
    inputFieldDefinition: await service.get(auth, input.id),
  }));
  defineRoute(app, customerDefinitionsApi.save, ACCESS.customerDefinitions.write, async (input, { auth }) =>
    reply({ inputFieldDefinition: await service.save(auth, input) }, DefinitionMessages.saved),
  );
  defineRoute(app, customerDefinitionsApi.reorder, ACCESS.customerDefinitions.write, async (input, { auth }) => {
    await service.reorder(auth, input.fromIndex, input.toIndex);
    return reply(null, DefinitionMessages.reordered);
  });
  defineRoute(app, customerDefinitionsApi.delete, ACCESS.customerDefinitions.write, async (input, { auth }) => {
    await service.delete(auth, input.id);
    return reply(null, DefinitionMessages.deleted);
  });
}
