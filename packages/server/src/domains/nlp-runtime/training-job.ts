import { and, eq } from 'drizzle-orm';
import { TRAINING_EVENT } from '@parley/sdk/contract/nlp-runtime';
import type { Db } from '../../db/database.js';
import { agentModels, agents } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { FastifyBaseLogger } from 'fastify';
import { buildKnowledgeBase } from '../knowledge-base/build.js';
import type { CrawlOptions } from '../knowledge-base/crawl.js';
import { findAgent, trainingOf } from '../nlp-agents/queries.js';
import type { DocumentStore } from '../nlp-genai/document-store.js';
import type { ModelLlms } from './model-types/chosen-llm.js';
import { embedKnowledgeBase } from './model-types/knowledge-base-embeddings.js';
import { prepareModelType } from './model-types/train-model-type.js';
import { loadDesign } from './runtime-data.js';
import { trainInWorker, TrainingRefused } from './train-in-worker.js';

export const TRAIN_JOB = 'nlp.train';
interface TrainJob {
  eId: string;
  agentId: string;
}

export async function publishTraining(db: Db, events: EventBus, eId: string, agentId: string) {
  const agent = await findAgent(db, eId, agentId);
  if (agent) await events.publish({ type: TRAINING_EVENT, eId, data: { agentId, training: trainingOf(agent) } });
}

/**
 * Trains one agent. A job that dies with its process is resumed by another worker (jobs/queue.ts); the model row
 * is keyed by agent, so a retry replaces rather than duplicates, and a job superseded by a newer Train click leaves
 * no trace.
 */
export async function registerTrainingJob(
  db: Db,
  jobs: JobQueue,
  events: EventBus,
  documents: DocumentStore,
  knowledgeBase: { crawl?: CrawlOptions; log?: FastifyBaseLogger } = {},
  /** The LLM configurations of the OpenAi, GPT2 and Semantic model types; none: only SVM trains. */
  llms?: ModelLlms,
) {
  await jobs.register<TrainJob>(
    TRAIN_JOB,
    async ({ eId, agentId }, jobId, { attempt }) => {
      const agent = await findAgent(db, eId, agentId);
      if (agent?.trainingJobId !== jobId) return;
      const current = and(eq(agents.id, agentId), eq(agents.trainingJobId, jobId));
      if (attempt > 1) {
        // The progress shown came from the run that was lost; the designer sees the training start over.
        await db.update(agents).set({ trainingState: 'training', trainingProgress: 0, trainingError: null, trainingResumed: true }).where(current);
        await publishTraining(db, events, eId, agentId);
      }
      const { spec, runtime } = await loadDesign(db, agent);
      // The knowledge base first ("building the knowledge base"): it is rebuilt whole, so a retry repeats it safely.
      const built = await buildKnowledgeBase(db, documents, { eId, agentId }, agent.config, knowledgeBase.crawl);
      runtime.knowledgeBase = built.passages;
      runtime.llmConfigId = built.llmConfigId;
      const kbEmbeddingModel = await embedKnowledgeBase(llms, db, { eId, agentId }, built.passages, built.llmConfigId, knowledgeBase.log);
      if (kbEmbeddingModel) runtime.kbEmbeddingModel = kbEmbeddingModel;
      if (built.websites) {
        runtime.websites = built.websites;
        // A crawl that read nothing leaves the agent without the answers its designer expects: said loudly.
        const level = built.websites.pages === 0 ? 'warn' : 'info';
        knowledgeBase.log?.[level](
          { eId, agentId, websites: built.websites },
          `knowledge base: ${built.websites.pages} web pages read, ${built.websites.skipped.length} skipped`,
        );
      }
      let bytes: Uint8Array;
      // Progress updates are chained and awaited before the final state is written: a progress event published
      // after the "trained" one would leave the console showing a training that has ended.
      let progress: Promise<unknown> = Promise.resolve();
      try {
        await prepareModelType(llms, { eId, agentId }, agent.config, spec, runtime);
        bytes = await trainInWorker(spec, (fraction) => {
          progress = progress
            .then(() => db.update(agents).set({ trainingProgress: fraction }).where(current))
            .then(() => publishTraining(db, events, eId, agentId))
            .catch(() => undefined);
        });
        await progress;
      } catch (err) {
        await progress;
        if (!(err instanceof TrainingRefused)) throw err;
        await db.update(agents).set({ trainingState: 'failed', trainingError: err.message, trainingProgress: null }).where(current);
        await publishTraining(db, events, eId, agentId);
        return;
      }
      const stored = await db.transaction(async (tx) => {
        const trainedAt = new Date();
        const [still] = await tx
          .update(agents)
          .set({ trainingState: 'trained', trainingError: null, trainingProgress: null, trainedVersion: agent.designVersion, trainedAt })
          .where(current)
          .returning({ id: agents.id });
        if (!still) return false;
        const row = { eId, version: agent.designVersion, jobId, model: bytes, runtime: runtime as unknown as Record<string, unknown>, trainedAt };
        await tx
          .insert(agentModels)
          .values({ agentId, ...row })
          .onConflictDoUpdate({ target: agentModels.agentId, set: row });
        return true;
      });
      if (stored) await publishTraining(db, events, eId, agentId);
    },
    { retryLimit: 2, expireInSeconds: 600 },
  );
}
