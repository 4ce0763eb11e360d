import { and, eq } from 'drizzle-orm';
import { DEFAULT_LLM_BASE_URL, DEFAULT_LLM_MODEL } from '@parley/sdk/contract/nlp-genai';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { llmConfigurations } from '../../db/schema.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import { LlmClient } from './llm-client.js';
import { llmFetch } from './llm-fetch.js';
import { LlmUsage, type LlmPurpose } from './usage.js';

/** Whose call a client makes: its tokens count against this agent's budget (usage.ts). */
export interface CallFor {
  agentId: string;
  purpose: LlmPurpose;
}

/**
 * An enterprise's LLM configuration as a client, its key unsealed only here and only in memory; null when the id is
 * not one of the enterprise's configurations (deleted, or another tenant's).
 */
export class LlmEndpoints {
  constructor(
    private readonly db: Db,
    private readonly sealed: SealedBox,
    /** How the clients' requests leave: llmFetch (the base-URL policy) in the server; the global fetch if none. */
    private readonly fetch?: typeof globalThis.fetch,
    private readonly usage?: LlmUsage,
  ) {}

  /** The client with the agent's budget and accounting, when this server counts usage and the caller names the agent. */
  meter(client: LlmClient, eId: string, callFor: CallFor | undefined): LlmClient {
    return this.usage && callFor ? client.metered(this.usage, { eId, ...callFor }) : client;
  }

  async client(eId: string, configId: string | null | undefined, callFor?: CallFor): Promise<LlmClient | null> {
    if (!configId || !/^[0-9a-f-]{36}$/i.test(configId)) return null;
    const [row] = await this.db
      .select()
      .from(llmConfigurations)
      .where(and(eq(llmConfigurations.eId, eId), eq(llmConfigurations.id, configId)));
    if (!row) return null;
    const client = new LlmClient(
      {
        baseUrl: row.baseUrl || DEFAULT_LLM_BASE_URL,
        apiKey: this.sealed.open(row.apiKeySealed),
        model: row.model || DEFAULT_LLM_MODEL,
        embeddingModel: row.embeddingModel || undefined,
      },
      this.fetch,
    );
    return this.meter(client, eId, callFor);
  }
}

/**
 * The server's LLM endpoints: every client's requests keep to the base-URL policy (llm-fetch.ts): public addresses,
 * the operator's PARLEY_OUTBOUND_PRIVATE_ORIGINS, and this server's own sandbox LLM when it is mounted.
 */
export function llmEndpointsFor(
  app: FastifyInstance,
  db: Db,
  sealed: SealedBox,
  config: Pick<Config, 'outboundPrivateOrigins' | 'sandbox' | 'publicUrl' | 'llmLimits'>,
) {
  const fetch = llmFetch({ privateOrigins: config.outboundPrivateOrigins, sandbox: config.sandbox ? { publicUrl: config.publicUrl, app } : undefined });
  return new LlmEndpoints(db, sealed, fetch, new LlmUsage(db, config.llmLimits));
}
