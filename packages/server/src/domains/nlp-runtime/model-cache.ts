import { and, eq } from 'drizzle-orm';
import { deserializeModel, type AgentModel } from '@parley/nlu';
import { TRAINING_EVENT } from '@parley/sdk/contract/nlp-runtime';
import type { Db } from '../../db/database.js';
import { agentModels } from '../../db/schema.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { RuntimeData } from './runtime-data.js';

export interface LoadedModel {
  jobId: string;
  model: AgentModel;
  runtime: RuntimeData;
}

/** Models are big; a process keeps the most recently used few and reloads when a newer training lands. */
const CAPACITY = 32;
/** How long a look at the stored job id stays good: a newer training is noticed at most this late (sooner by event). */
export const FRESHNESS_MS = 1000;

interface Head {
  jobId: string | null;
  checkedAt: number;
}

/**
 * Every server process loads an agent's newest model lazily. Whether another process trained the agent since is a
 * cheap look at the stored job id, taken at most once a second per agent (turns arriving meanwhile share it) and
 * at once after a training event for the agent (LISTEN/NOTIFY reaches every process).
 */
export class ModelCache {
  private readonly entries = new Map<string, LoadedModel>();
  private readonly loading = new Map<string, Promise<LoadedModel | null>>();
  private readonly heads = new Map<string, Head>();
  private readonly looking = new Map<string, Promise<Head>>();
  /** Bumped by every training event, so a look started before the event is not kept as fresh. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    events?: EventBus,
  ) {
    events?.subscribe((event) => {
      if (event.type !== TRAINING_EVENT || typeof event.data.agentId !== 'string') return;
      this.generation++;
      this.heads.delete(`${event.eId}:${event.data.agentId}`);
    });
  }

  async get(eId: string, agentId: string): Promise<LoadedModel | null> {
    const key = `${eId}:${agentId}`;
    const head = await this.head(eId, agentId, key);
    if (head.jobId === null) return null;
    const hit = this.entries.get(key);
    if (hit?.jobId === head.jobId) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const loadKey = `${key}:${head.jobId}`;
    let pending = this.loading.get(loadKey);
    if (!pending) {
      pending = this.load(eId, agentId, key).finally(() => this.loading.delete(loadKey));
      this.loading.set(loadKey, pending);
    }
    return pending;
  }

  /** The stored job id of the agent's model (scoped to the enterprise), from a look at most FRESHNESS_MS old. */
  private async head(eId: string, agentId: string, key: string): Promise<Head> {
    const known = this.heads.get(key);
    if (known && Date.now() - known.checkedAt < FRESHNESS_MS) return known;
    let pending = this.looking.get(key);
    if (!pending) {
      const generation = this.generation;
      const checkedAt = Date.now();
      pending = (async () => {
        const [row] = await this.db
          .select({ jobId: agentModels.jobId })
          .from(agentModels)
          .where(and(eq(agentModels.agentId, agentId), eq(agentModels.eId, eId)));
        const head = { jobId: row?.jobId ?? null, checkedAt };
        // "Not trained" is not remembered: the first turn after a training must find the model.
        if (head.jobId !== null && generation === this.generation) {
          this.heads.set(key, head);
          if (this.heads.size > CAPACITY * 4) this.heads.delete(this.heads.keys().next().value!);
        }
        return head;
      })().finally(() => this.looking.delete(key));
      this.looking.set(key, pending);
    }
    return pending;
  }

  private async load(eId: string, agentId: string, key: string): Promise<LoadedModel | null> {
    const [row] = await this.db
      .select()
      .from(agentModels)
      .where(and(eq(agentModels.agentId, agentId), eq(agentModels.eId, eId)));
    if (!row) return null;
    const entry: LoadedModel = { jobId: row.jobId, model: deserializeModel(row.model), runtime: row.runtime as unknown as RuntimeData };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}
