import { and, eq } from 'drizzle-orm';
import { deserializeModel, type AgentModel } from '@parley/nlu';
import type { Db } from '../../db/database.js';
import { agentModels } from '../../db/schema.js';
import type { RuntimeData } from './runtime-data.js';

export interface LoadedModel {
  jobId: string;
  model: AgentModel;
  runtime: RuntimeData;
}

/** Models are big; a process keeps the most recently used few and reloads when a newer training lands. */
const CAPACITY = 32;

/**
 * Every server process loads an agent's newest model lazily: a cheap look at the stored job id per message tells it
 * whether another process trained the agent since, without a cross-process message.
 */
export class ModelCache {
  private readonly entries = new Map<string, LoadedModel>();
  private readonly loading = new Map<string, Promise<LoadedModel | null>>();

  constructor(private readonly db: Db) {}

  async get(eId: string, agentId: string): Promise<LoadedModel | null> {
    const [head] = await this.db
      .select({ jobId: agentModels.jobId })
      .from(agentModels)
      .where(and(eq(agentModels.agentId, agentId), eq(agentModels.eId, eId)));
    if (!head) return null;
    const hit = this.entries.get(agentId);
    if (hit?.jobId === head.jobId) {
      this.entries.delete(agentId);
      this.entries.set(agentId, hit);
      return hit;
    }
    const key = `${agentId}:${head.jobId}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(eId, agentId).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(eId: string, agentId: string): Promise<LoadedModel | null> {
    const [row] = await this.db.select().from(agentModels).where(and(eq(agentModels.agentId, agentId), eq(agentModels.eId, eId)));
    if (!row) return null;
    const entry: LoadedModel = { jobId: row.jobId, model: deserializeModel(row.model), runtime: row.runtime as unknown as RuntimeData };
    this.entries.delete(agentId);
    this.entries.set(agentId, entry);
    if (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}
