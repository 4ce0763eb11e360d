import type { FastifyInstance } from 'fastify';
import { nlpAgentsApi, NlpMessages } from '@parley/sdk/contract/nlp-agents';
import type { Db } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import { page, reply } from '../../http/reply.js';
import { AgentService } from './service.js';
import { ACCESS } from '@parley/sdk/contract/access';

export function nlpAgentRoutes(app: FastifyInstance, db: Db) {
  const service = new AgentService(db);

  defineRoute(app, nlpAgentsApi.save, ACCESS.nlp.write, async (input, { auth }) => {
    const { id, created } = await service.save(auth, input);
    return reply({ id }, created ? NlpMessages.agentCreated : NlpMessages.agentUpdated);
  });
  defineRoute(app, nlpAgentsApi.list, ACCESS.nlp.read, async (input, { auth }) => {
    const result = await service.list(auth, input);
    return page(result, result.more);
  });
  defineRoute(app, nlpAgentsApi.get, ACCESS.nlp.read, async (input, { auth }) => service.get(auth, input.id));
  defineRoute(app, nlpAgentsApi.delete, ACCESS.nlp.write, async (input, { auth }) => {
    await service.delete(auth, input.id);
    return reply(null, NlpMessages.agentDeleted);
  });
  defineRoute(app, nlpAgentsApi.saveStory, ACCESS.nlp.write, async (input, { auth }) => reply(await service.saveStory(auth, input), NlpMessages.storySaved));
  defineRoute(app, nlpAgentsApi.stories, ACCESS.nlp.read, async (input, { auth }) => service.stories(auth, input.id));
  defineRoute(app, nlpAgentsApi.deleteStory, ACCESS.nlp.write, async (input, { auth }) => {
    await service.deleteStory(auth, input.id, input.storyId);
    return reply(null, NlpMessages.storyDeleted);
  });
}
