import { and, eq } from 'drizzle-orm';
import { DEFAULT_MODEL_CONFIG, modelConfig, type ModelConfig } from '@parley/sdk/contract/nlp-config';
import type { TrainSpec } from '@parley/nlu';
import { SYSTEM_ENTITIES } from '@parley/nlu/entities/system-entity-list';
import type { Db } from '../../db/database.js';
import { entities, intents } from '../../db/schema.js';
import type { KnowledgeBaseBuild } from '../knowledge-base/build.js';
import type { AgentRow } from '../nlp-agents/queries.js';

/** What a conversation needs beside the classifier, frozen with the model so both come from one design. */
export interface RuntimeIntent {
  name: string;
  responses: string[];
  phrases: string[];
  /**
   * `entity` is the name the engine reports matches under (custom entity name or system entity name); `value` is the
   * designer's Value column (`$name` or a fixed value), applied by the dialog (see `withParameterValues` in dialog.ts).
   */
  parameters: { name: string; entity: string; required: boolean; prompts: string[]; value?: string }[];
}
export interface RuntimeData {
  config: ModelConfig;
  intents: RuntimeIntent[];
  /** Passages in the agent's knowledge base when it was trained (absent before issue 38: none). */
  knowledgeBase?: number;
  /** The Gen AI configuration's LLM configuration when it was trained: it writes knowledge-base answers. */
  llmConfigId?: string | null;
  /**
   * The LLM configuration the model type (OpenAi, GPT2, Semantic) trained with; null: the server's OPENAI_BASE_URL.
   * Absent for SVM.
   */
  modelLlmConfigId?: string | null;
  /** The embeddings model the knowledge base's passages were embedded with; absent: full-text retrieval only. */
  kbEmbeddingModel?: string;
  /** The website crawl of that training: pages read, and each page skipped with its reason. */
  websites?: KnowledgeBaseBuild['websites'];
}

const SYSTEM_NAMES = new Set<string>(SYSTEM_ENTITIES.map((e) => e.name));

export function agentModelConfig(agent: AgentRow): ModelConfig {
  const parsed = modelConfig.safeParse({ ...DEFAULT_MODEL_CONFIG, ...agent.config });
  return parsed.success ? parsed.data : DEFAULT_MODEL_CONFIG;
}

/**
 * Reads the agent's design into the engine's training spec and the runtime data stored beside the model. The rows
 * keep the engine's own names (`{ text, entities }` phrases, `patterns`, plain response text, `entityId`
 * parameters); the API maps them to and from agent-designer 3's (`utterance`/`entityRefs`, `pattern`, `{ response }`,
 * `id`) in the intent and entity services, so nothing here is renamed.
 */
export async function loadDesign(db: Db, agent: AgentRow): Promise<{ spec: TrainSpec; runtime: RuntimeData }> {
  const config = agentModelConfig(agent);
  const [intentRows, entityRows] = await Promise.all([
    db
      .select()
      .from(intents)
      .where(and(eq(intents.agentId, agent.id), eq(intents.eId, agent.eId)))
      .orderBy(intents.createdAt, intents.id),
    db
      .select()
      .from(entities)
      .where(and(eq(entities.agentId, agent.id), eq(entities.eId, agent.eId)))
      .orderBy(entities.createdAt, entities.id),
  ]);
  const entityName = new Map(entityRows.map((e) => [e.id, e.name]));
  const systemUsed = new Set<string>();
  const nameOf = (entityId: string) => {
    if (SYSTEM_NAMES.has(entityId)) {
      systemUsed.add(entityId);
      return entityId;
    }
    return entityName.get(entityId) ?? null;
  };
  const runtimeIntents: RuntimeIntent[] = intentRows.map((i) => ({
    name: i.name,
    responses: i.responses,
    phrases: i.utterances.map((u) => u.text),
    parameters: i.parameters.flatMap((p) => {
      const entity = nameOf(p.entityId);
      // A parameter whose entity was deleted cannot be filled; leaving it out keeps the intent answerable.
      return entity ? [{ name: p.name, entity, required: p.required, prompts: p.prompts, ...(p.value === undefined ? {} : { value: p.value }) }] : [];
    }),
  }));
  for (const i of intentRows) for (const u of i.utterances) for (const e of u.entities) nameOf(e.entityId);
  const spec: TrainSpec = {
    language: config.language,
    modelType: config.modelType,
    confidenceThreshold: config.confidenceThreshold,
    intents: intentRows.map((i) => ({
      name: i.name,
      phrases: i.utterances.map((u) => ({ text: u.text, entities: u.entities.filter((e) => entityName.has(e.entityId)) })),
    })),
    entities: entityRows.map((e) => ({
      id: e.id,
      name: e.name,
      values: e.values.map((v) => (v.type === 'pattern' ? { value: v.value, patterns: v.patterns ?? [] } : { value: v.value, synonyms: v.synonyms ?? [] })),
    })),
    systemEntities: [...systemUsed],
  };
  return { spec, runtime: { config, intents: runtimeIntents } };
}
