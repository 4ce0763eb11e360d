import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import { embedPassages } from '../../knowledge-base/passage-embeddings.js';
import { LlmUnavailable } from '../../llm/llm-client.js';
import type { ModelLlms } from './chosen-llm.js';

/**
 * Train's embedding of the rebuilt knowledge base, when the Gen AI screen's LLM configuration (else the server's
 * OPENAI_BASE_URL) has an embeddings model: the embeddings model's name, which questions must be embedded with, or
 * undefined (full-text retrieval alone). A provider that fails does not fail the training: retrieval is full text.
 */
export async function embedKnowledgeBase(
  llms: ModelLlms | undefined,
  db: Db,
  owner: { eId: string; agentId: string },
  passages: number,
  llmConfigId: string | null,
  log?: FastifyBaseLogger,
): Promise<string | undefined> {
  if (!passages) return undefined;
  const llm = await llms?.choose(owner.eId, [llmConfigId], { agentId: owner.agentId, purpose: 'embed' });
  if (!llm?.embeddingModel) return undefined;
  try {
    await embedPassages(db, owner.eId, owner.agentId, llm.client);
    return llm.embeddingModel;
  } catch (err) {
    if (!(err instanceof LlmUnavailable)) throw err;
    log?.warn({ ...owner, err: err.message }, 'knowledge base: passages not embedded, full-text retrieval only');
    return undefined;
  }
}
