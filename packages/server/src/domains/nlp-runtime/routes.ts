import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { nlpRuntimeApi, nlpRuntimeStreamApi, RuntimeMessages } from '@parley/sdk/contract/nlp-runtime';
import type { Db } from '../../db/database.js';
import { agents, intents } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute } from '../../http/route.js';
import { Reply } from '../../http/reply.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import type { Config } from '../../config.js';
import { llmEndpointsFor } from '../llm/endpoints.js';
import { ACCESS } from '@parley/sdk/contract/access';
import { findAgent, trainingOf } from '../nlp-agents/queries.js';
import { trainingLimitProblem } from '../nlp-intents/training-limits.js';
import { ConversationService } from './conversation-service.js';
import { ModelCache } from './model-cache.js';
import { ModelLlms } from './model-types/chosen-llm.js';
import { autoGenerate } from './llm-paraphrases.js';
import { streamTurn } from './predict-stream.js';
import { checkPromptAgent } from './prompt-train.js';
import { publishTraining, TRAIN_JOB } from './training-job.js';

export const NO_INTENTS = 'Create at least one intent with training phrases before training the agent';

export function nlpRuntimeRoutes(app: FastifyInstance, deps: { db: Db; jobs: JobQueue; events: EventBus; sealed: SealedBox; config: Config }) {
  const { db, jobs, events } = deps;
  const llms = llmEndpointsFor(app, db, deps.sealed, deps.config);
  const conversations = new ConversationService(db, new ModelCache(db, events), undefined, llms, app.log, new ModelLlms(llms, deps.config.defaultLlm));

  defineRoute(app, nlpRuntimeApi.train, ACCESS.nlp.write, async ({ id }, { auth }) => {
    const found = await findAgent(db, auth.eId, id);
    if (!found) throw ApiError.notFound();
    if (found.type === 'prompt') return checkPromptAgent(db, events, llms, auth.eId, found);
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(intents)
      .where(and(eq(intents.agentId, id), eq(intents.eId, auth.eId)));
    if (!Number(count?.n)) throw ApiError.field('id', NO_INTENTS);
    const overLimit = await trainingLimitProblem(db, auth.eId, id);
    if (overLimit) throw ApiError.field('id', overLimit);
    // The agent names its job before the job exists, so the worker can never see an older id and skip it.
    const jobId = randomUUID();
    const [agent] = await db
      .update(agents)
      .set({ trainingState: 'training', trainingProgress: 0, trainingError: null, trainingJobId: jobId, trainingResumed: false })
      .where(and(eq(agents.id, id), eq(agents.eId, auth.eId)))
      .returning();
    await jobs.send(TRAIN_JOB, { eId: auth.eId, agentId: id }, { id: jobId });
    await publishTraining(db, events, auth.eId, id);
    return new Reply({ jobId, training: trainingOf(agent!) }, RuntimeMessages.trainingStarted);
  });

  defineRoute(app, nlpRuntimeApi.training, ACCESS.nlp.read, async ({ id }, { auth }) => {
    const agent = await findAgent(db, auth.eId, id);
    if (!agent) throw ApiError.notFound();
    return trainingOf(agent);
  });

  defineRoute(app, nlpRuntimeApi.predictIntent, ACCESS.nlp.read, async (input, { auth }) => conversations.predict(auth, input));
  defineRoute(app, nlpRuntimeStreamApi.predictIntentStream, ACCESS.nlp.read, async (input, { auth, request, reply }) => {
    await streamTurn(request, reply, (onDelta) => conversations.predict(auth, input, { onDelta }));
    return reply as never;
  });

  defineRoute(app, nlpRuntimeApi.paraphrase, ACCESS.nlp.read, async (input, { auth }) => {
    const { lists, generator } = await autoGenerate({ db, llms, log: app.log }, auth.eId, input);
    const byPhrase = input.text.map((text, i) => ({ text, paraphrases: lists[i] ?? [] }));
    return { paraphrases: [...new Set(byPhrase.flatMap((p) => p.paraphrases))], byPhrase, generator };
  });
  return conversations;
}
