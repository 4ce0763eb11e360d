import type { FastifyInstance } from 'fastify';
import { nlpAgentsApi, NlpMessages } from '@parley/sdk/contract/nlp-agents';
import type { Permission } from '@parley/sdk/contract/permissions';
import type { Db } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import { page, reply } from '../../http/reply.js';
import { AgentService } from './service.js';

/** The designer's spec leaves permissions "not shown": reading needs NLP.VIEW or NLP.NLP, changing needs NLP.NLP. */
const READ: Permission[] = ['NLP.VIEW', 'NLP.NLP'];
const WRITE: Permission[] = ['NLP.NLP'];

export function nlpAgentRoutes(app: FastifyInstance, db: Db) {
  const service = new AgentService(db);

  defineRoute(app, nlpAgentsApi.save, WRITE, async (input, { auth }) => {
    const { id, created } = await service.save(auth, input);
    return reply({ id }, created ? NlpMessages.agentCreated : NlpMessages.agentUpdated);
  });
  defineRoute(app, nlpAgentsApi.list, READ, async (input, { auth }) => {
    const result = await service.list(auth, input);
    return page(result, result.more);
  });
  defineRoute(app, nlpAgentsApi.get, READ, async (input, { auth }) => service.get(auth, input.id));
  defineRoute(app, nlpAgentsApi.delete, WRITE, async (input, { auth }) => {
    await service.delete(auth, input.id);
    return reply(null, NlpMessages.agentDeleted);
  });
  defineRoute(app, nlpAgentsApi.saveStory, WRITE, async (input, { auth }) => reply(await service.saveStory(auth, input), NlpMessages.storySaved));
  defineRoute(app, nlpAgentsApi.stories, READ, async (input, { auth }) => service.stories(auth, input.id));
  defineRoute(app, nlpAgentsApi.deleteStory, WRITE, async (input, { auth }) => {
    await service.deleteStory(auth, input.id, input.storyId);
    return reply(null, NlpMessages.storyDeleted);
  });
}
