import type { FastifyInstance } from 'fastify';
import { nlpAgentsApi, NlpMessages } from '@parley/sdk/contract/nlp-agents';
import type { Db } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import { page, reply } from '../../http/reply.js';
import { AgentService } from './service.js';
import { NLP_READ, NLP_WRITE } from './access.js';


export function nlpAgentRoutes(app: FastifyInstance, db: Db, onDeleted?: (eId: string, agentId: string) => Promise<void>) {
  const service = new AgentService(db, onDeleted);

  defineRoute(app, nlpAgentsApi.save, NLP_WRITE, async (input, { auth }) => {
    const { id, created } = await service.save(auth, input);
    return reply({ id }, created ? NlpMessages.agentCreated : NlpMessages.agentUpdated);
  });
  defineRoute(app, nlpAgentsApi.list, NLP_READ, async (input, { auth }) => {
    const result = await service.list(auth, input);
    return page(result, result.more);
  });
  defineRoute(app, nlpAgentsApi.get, NLP_READ, async (input, { auth }) => service.get(auth, input.id));
  defineRoute(app, nlpAgentsApi.delete, NLP_WRITE, async (input, { auth }) => {
    await service.delete(auth, input.id);
    return reply(null, NlpMessages.agentDeleted);
  });
  defineRoute(app, nlpAgentsApi.saveStory, NLP_WRITE, async (input, { auth }) => reply(await service.saveStory(auth, input), NlpMessages.storySaved));
  defineRoute(app, nlpAgentsApi.stories, NLP_READ, async (input, { auth }) => service.stories(auth, input.id));
  defineRoute(app, nlpAgentsApi.deleteStory, NLP_WRITE, async (input, { auth }) => {
    await service.deleteStory(auth, input.id, input.storyId);
    return reply(null, NlpMessages.storyDeleted);
  });
}
