import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { promptConfig, PromptMessages } from '@parley/sdk/contract/nlp-genai';
import { RuntimeMessages } from '@parley/sdk/contract/nlp-runtime';
import type { Db } from '../../db/database.js';
import { agents } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { Reply } from '../../http/reply.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { LlmEndpoints } from '../llm/endpoints.js';
import { trainingOf, type AgentRow } from '../nlp-agents/queries.js';
import { PromptReplies } from './prompt-agent.js';
import { publishTraining } from './training-job.js';

/**
 * Train on a prompt agent: there is no model to build (its saved prompt configuration is used as it is, and Try-it
 * works without Train), so Train checks that configuration instead: a prompt, and an AI configuration that still
 * exists in the enterprise. It does not call the provider: a key's validity shows in the first reply.
 */
export async function checkPromptAgent(db: Db, events: EventBus, llms: LlmEndpoints, eId: string, agent: AgentRow) {
  const config = promptConfig.parse(agent.promptConfig ?? {});
  if (!config.openaiKey) throw ApiError.field('openaiKey', PromptMessages.openaiKeyRequired);
  if (!config.prompt.trim()) throw ApiError.field('prompt', PromptMessages.promptRequired);
  if (!(await llms.client(eId, config.openaiKey))) throw ApiError.field('openaiKey', PromptReplies.configurationGone);
  const jobId = randomUUID();
  const [row] = await db
    .update(agents)
    .set({
      trainingState: 'trained',
      trainingProgress: null,
      trainingError: null,
      trainingJobId: jobId,
      trainingResumed: false,
      trainedAt: new Date(),
      trainedVersion: agent.designVersion,
    })
    .where(and(eq(agents.id, agent.id), eq(agents.eId, eId)))
    .returning();
  await publishTraining(db, events, eId, agent.id);
  return new Reply({ jobId, training: trainingOf(row!) }, RuntimeMessages.trained);
}
