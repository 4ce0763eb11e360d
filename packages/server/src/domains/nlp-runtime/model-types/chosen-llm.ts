import type { ModelType } from '@parley/nlu';
import { storedGenAiConfig } from '@parley/sdk/contract/nlp-genai';
import type { CallFor, LlmEndpoints } from '../../llm/endpoints.js';
import { LlmClient, type LlmEndpoint } from '../../llm/llm-client.js';

/** The LLM configuration a model type uses: one of the enterprise's (by id), or the server's (null id). */
export interface ChosenLlm {
  configId: string | null;
  client: LlmClient;
  embeddingModel: string | undefined;
}

/** Why Train refuses a model type that needs a language model (shown as the training's error). */
export const ModelTypeMessages = {
  noLlm: (type: ModelType) =>
    `The ${type} model type needs an LLM configuration: choose one on the Gen AI screen${type === 'OpenAi' ? ' or as the Open AI Configuration' : ''}, or set OPENAI_BASE_URL on the server.`,
  noEmbeddings: 'The Semantic model type needs an LLM configuration with an embeddings model.',
  unreachable: (message: string) => `The LLM configuration could not be reached: ${message}`,
} as const;

/**
 * The configuration ids an agent's model type may use, first choice first: OpenAi's own selector (the Entities
 * Configuration's "Open AI Configuration", stored as `openaiKey`), then the Gen AI screen's LLM configuration.
 */
export function configIdsFor(modelType: ModelType, config: Record<string, unknown>): (string | null)[] {
  const genai = storedGenAiConfig.safeParse(config.genai ?? {});
  const genAiConfigId = genai.success ? genai.data.genAiConfigId : null;
  const openaiKey = typeof config.openaiKey === 'string' ? config.openaiKey : null;
  return modelType === 'OpenAi' ? [openaiKey, genAiConfigId] : [genAiConfigId];
}

/**
 * Chooses the LLM configuration of a model type: the first configuration id given that is one of the enterprise's,
 * else the server's default (OPENAI_BASE_URL) when no id is given. An id that is no longer one of the enterprise's
 * configurations is not replaced by the default: the agent's choice is never silently swapped for another provider.
 */
export class ModelLlms {
  constructor(
    private readonly llms: LlmEndpoints,
    private readonly serverDefault?: LlmEndpoint,
  ) {}

  async choose(eId: string, configIds: (string | null | undefined)[], callFor?: CallFor): Promise<ChosenLlm | null> {
    const configId = configIds.find((id) => id?.trim()) ?? null;
    if (!configId) {
      if (!this.serverDefault) return null;
      return { configId: null, client: this.llms.meter(new LlmClient(this.serverDefault), eId, callFor), embeddingModel: this.serverDefault.embeddingModel };
    }
    const client = await this.llms.client(eId, configId, callFor);
    // The configuration was read once, for the client: its embeddings model comes with it.
    return client ? { configId, client, embeddingModel: client.embeddingModel } : null;
  }
}
