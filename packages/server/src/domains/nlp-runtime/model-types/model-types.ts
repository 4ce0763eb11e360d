import { and, desc, eq } from 'drizzle-orm';
import { classifyByEmbedding, extractEntities, predict, type EntityMatch, type ModelType, type Prediction } from '@parley/nlu';
import type { Db } from '../../../db/database.js';
import { conversationMessages } from '../../../db/schema.js';
import { LlmUnavailable, type LlmClient } from '../../llm/llm-client.js';
import type { LoadedModel } from '../model-cache.js';
import type { ModelLlms } from './chosen-llm.js';
import { rewriteResponse, RewriteRefused, type PastTurn } from './generative-reply.js';
import { classifyWithLlm, UnusableAnswer } from './llm-intent.js';

/** How a turn's model type answered; `fallback` says why the SVM (or the plain response) stood in. */
export interface ModelNote {
  type: ModelType;
  fallback?: string;
}

/** Earlier turns a GPT2 rewrite sees: enough for "it" and "that one", little enough to keep prompts short. */
const CONTEXT_TURNS = 3;

const NOT_CONFIGURED = 'The LLM configuration the agent trained with is gone; retrain the agent';

/** Failures that mean "answer without the model": the provider, its output, or a configuration removed since. */
function fallbackReason(err: unknown): string {
  if (err instanceof LlmUnavailable || err instanceof UnusableAnswer || err instanceof RewriteRefused) return err.message;
  throw err;
}

/**
 * The language-model side of the model types (agent-designer 4, issue 38). The SVM, trained for every type, always
 * runs: it extracts the entities, and it is what answers when the model cannot.
 * - Semantic: the intent is the one whose training phrase is most similar to the message's embedding.
 * - OpenAi: the LLM classifies and reads the parameters, shown the intents' sample phrases.
 * - GPT2: the SVM classifies; the LLM rewrites the matched intent's response (see `rewrite`).
 */
export class ModelTypes {
  constructor(
    private readonly db: Db,
    private readonly llms: ModelLlms | undefined,
  ) {}

  async understand(eId: string, agentId: string, loaded: LoadedModel, text: string): Promise<{ prediction: Prediction; note: ModelNote }> {
    const type = loaded.model.modelType;
    const svm = await predict(loaded.model, text);
    if (type !== 'Semantic' && type !== 'OpenAi') return { prediction: svm, note: { type } };
    const fallback = (reason: string) => ({ prediction: svm, note: { type, fallback: reason } });
    const llm = await this.llms?.choose(eId, [loaded.runtime.modelLlmConfigId], { agentId, purpose: type === 'Semantic' ? 'embed' : 'classify' });
    if (!llm) return fallback(NOT_CONFIGURED);
    try {
      if (type === 'Semantic') {
        const index = loaded.model.semantic!;
        if (llm.embeddingModel !== index.model)
          return fallback(`The embeddings model is now "${llm.embeddingModel ?? 'none'}", not "${index.model}"; retrain the agent`);
        const { vectors } = await llm.client.embed([text]);
        return { prediction: { ...svm, ...classifyByEmbedding(loaded.model, vectors[0] ?? []) }, note: { type } };
      }
      const answer = await classifyWithLlm(llm.client, loaded.runtime.intents, text);
      const others = svm.ranking.filter((r) => r.intent !== answer.intent).slice(0, 4);
      const ranking = answer.intent ? [{ intent: answer.intent, confidence: answer.confidence }, ...others] : svm.ranking;
      const outOfScope = answer.intent === null || answer.confidence < loaded.model.threshold;
      const entities = await this.withParameters(loaded, answer.intent, answer.parameters, svm.entities, text);
      return {
        prediction: { ...svm, intent: outOfScope ? null : answer.intent, confidence: answer.intent ? answer.confidence : 0, ranking, outOfScope, entities },
        note: { type },
      };
    } catch (err) {
      return fallback(fallbackReason(err));
    }
  }

  /**
   * The parameters the LLM read, as entity matches the dialog fills slots from. The engine's own matches come first
   * (a synonym or pattern is exact); a value the model read is put through the entity's synonyms, so "big" becomes
   * the value "large" as it would have from the SVM side.
   */
  private async withParameters(
    loaded: LoadedModel,
    intentName: string | null,
    parameters: Record<string, string>,
    found: EntityMatch[],
    text: string,
  ): Promise<EntityMatch[]> {
    const intent = loaded.runtime.intents.find((i) => i.name === intentName);
    if (!intent) return found;
    const added: EntityMatch[] = [];
    for (const p of intent.parameters) {
      const value = parameters[p.name];
      if (!value || found.some((e) => e.name === p.entity)) continue;
      const canonical = (await extractEntities(loaded.model, value)).find((e) => e.name === p.entity)?.value ?? value;
      const start = Math.max(0, text.toLowerCase().indexOf(value.toLowerCase()));
      added.push({ name: p.entity, value: canonical, text: value, start, end: start + value.length, source: 'model' });
    }
    return [...found, ...added];
  }

  /** GPT2: the response rewritten in context, or null (with the reason in `note.fallback`) to send it as written. */
  async rewrite(
    eId: string,
    agentId: string,
    sessionId: string,
    loaded: LoadedModel,
    note: ModelNote,
    reply: { text: string; parameters: Record<string, string> },
    message: string,
  ): Promise<string | null> {
    const llm = await this.llms?.choose(eId, [loaded.runtime.modelLlmConfigId], { agentId, purpose: 'rewrite' });
    if (!llm) {
      note.fallback = NOT_CONFIGURED;
      return null;
    }
    try {
      return await rewriteResponse(llm.client, reply.text, await this.history(eId, agentId, sessionId), message, reply.parameters);
    } catch (err) {
      note.fallback = fallbackReason(err);
      return null;
    }
  }

  /** The LLM of the knowledge base's answers: the Gen AI screen's configuration, else the server's OPENAI_BASE_URL. */
  async answerModel(eId: string, agentId: string, loaded: LoadedModel): Promise<LlmClient | null> {
    return (await this.llms?.choose(eId, [loaded.runtime.llmConfigId], { agentId, purpose: 'answer' }))?.client ?? null;
  }

  /**
   * The question's embedding for knowledge-base retrieval, by the model the passages were embedded with; null (full
   * text alone) when the provider fails or the configuration changed its embeddings model since Train.
   */
  questionEmbedder(eId: string, agentId: string, loaded: LoadedModel, question: string): (() => Promise<number[] | null>) | undefined {
    const model = loaded.runtime.kbEmbeddingModel;
    if (!model || !this.llms) return undefined;
    const llms = this.llms;
    return async () => {
      const llm = await llms.choose(eId, [loaded.runtime.llmConfigId], { agentId, purpose: 'embed' });
      if (llm?.embeddingModel !== model) return null;
      try {
        return (await llm.client.embed([question])).vectors[0] ?? null;
      } catch (err) {
        if (err instanceof LlmUnavailable) return null;
        throw err;
      }
    };
  }

  private async history(eId: string, agentId: string, sessionId: string): Promise<PastTurn[]> {
    const rows = await this.db
      .select({ userMessage: conversationMessages.userMessage, botResponse: conversationMessages.botResponse })
      .from(conversationMessages)
      .where(and(eq(conversationMessages.eId, eId), eq(conversationMessages.agentId, agentId), eq(conversationMessages.sessionId, sessionId)))
      .orderBy(desc(conversationMessages.createdAt))
      .limit(CONTEXT_TURNS);
    return rows.reverse();
  }
}
