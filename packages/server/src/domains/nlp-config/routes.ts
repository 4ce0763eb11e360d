import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agentModelConfigForm, CONFIG_SUCCESS_CODE, ConfigMessages, DEFAULT_MODEL_CONFIG, nlpConfigApi } from '@parley/sdk/contract/nlp-config';
import type { Db } from '../../db/database.js';
import { agents } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute } from '../../http/route.js';
import { Reply } from '../../http/reply.js';
import { findAgent } from '../nlp-agents/queries.js';
import { ACCESS } from '@parley/sdk/contract/access';

/** The model configuration lives in the agent's config document; missing fields take the defaults. */
export function nlpConfigRoutes(app: FastifyInstance, db: Db) {
  defineRoute(app, nlpConfigApi.get, ACCESS.nlp.read, async (input, { auth }) => {
    const agent = await findAgent(db, auth.eId, input.id);
    if (!agent) throw ApiError.notFound();
    return agentModelConfigForm.parse({ ...DEFAULT_MODEL_CONFIG, ...agent.config });
  });

  defineRoute(app, nlpConfigApi.update, ACCESS.nlp.write, async (input, { auth }) => {
    const agent = await findAgent(db, auth.eId, input.id);
    if (!agent) throw ApiError.notFound();
    const { id, ...config } = input;
    await db
      .update(agents)
      .set({ config: { ...agent.config, ...config }, updatedAt: new Date(), designVersion: sql`${agents.designVersion} + 1` })
      .where(and(eq(agents.id, id), eq(agents.eId, auth.eId)));
    return new Reply(config, ConfigMessages.saved, undefined, CONFIG_SUCCESS_CODE);
  });
}
