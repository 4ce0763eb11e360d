import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { llmUsage } from '../../db/schema.js';
import { meterLlmTokens } from '../billing/meter.js';
import { LlmUnavailable, type Usage } from './llm-client.js';

export type LlmPurpose = 'answer' | 'prompt' | 'classify' | 'rewrite' | 'embed' | 'paraphrase';

/** Whose call it is: the budget and the accounting are per agent. */
export interface LlmMeter {
  eId: string;
  agentId: string;
  purpose: LlmPurpose;
}

export interface LlmLimits {
  /** Prompt plus completion tokens an agent may use per UTC day (PARLEY_LLM_DAILY_TOKENS_PER_AGENT); 0: no limit. */
  dailyTokensPerAgent: number;
  /** Calls an agent may make per minute in this process (PARLEY_LLM_CALLS_PER_MINUTE_PER_AGENT); 0: no limit. */
  callsPerMinutePerAgent: number;
}

export const DEFAULT_LLM_LIMITS: LlmLimits = { dailyTokensPerAgent: 500_000, callsPerMinutePerAgent: 120 };

/** Raised before a call the agent's budget or rate does not allow: callers fall back as for a provider that is down. */
export class LlmBudgetExceeded extends LlmUnavailable {}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Token accounting and limits per agent (issue 38, "per-agent token budgets and rate limits"): a customer who keeps a
 * prompt agent talking, or a page that makes a knowledge base answer in a loop, spends that agent's budget, not the
 * enterprise's whole provider bill. The daily count lives in the database (every process sees it); the per-minute
 * rate is counted in this process, which is what protects the provider from a burst.
 */
export class LlmUsage {
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly db: Db,
    private readonly limits: LlmLimits = DEFAULT_LLM_LIMITS,
  ) {}

  /** Throws LlmBudgetExceeded when this call would go over the agent's rate or the day's tokens are spent. */
  async admit(meter: LlmMeter): Promise<void> {
    const { callsPerMinutePerAgent: perMinute, dailyTokensPerAgent: perDay } = this.limits;
    if (perMinute > 0) {
      const key = `${meter.eId}:${meter.agentId}`;
      const now = Date.now();
      const calls = (this.recent.get(key) ?? []).filter((t) => t > now - 60_000);
      if (calls.length >= perMinute) throw new LlmBudgetExceeded(`The agent made ${perMinute} model calls in the last minute; try again shortly`);
      calls.push(now);
      this.recent.set(key, calls);
    }
    if (perDay > 0 && (await this.tokensToday(meter.eId, meter.agentId)) >= perDay) {
      throw new LlmBudgetExceeded(`The agent has used its ${perDay.toLocaleString('en-US')} model tokens for today`);
    }
  }

  /** Adds the call to the agent's row and meters it for billing (LLM_TOKENS), both or neither. */
  async record(meter: LlmMeter, usage: Usage): Promise<void> {
    const tokens = usage.promptTokens + usage.completionTokens;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(llmUsage)
        .values({
          eId: meter.eId,
          agentId: meter.agentId,
          day: today(),
          purpose: meter.purpose,
          promptTokens: usage.promptTokens,
          completionTokens: usage.completionTokens,
          calls: 1,
        })
        .onConflictDoUpdate({
          target: [llmUsage.eId, llmUsage.agentId, llmUsage.day, llmUsage.purpose],
          set: {
            promptTokens: sql`${llmUsage.promptTokens} + excluded.prompt_tokens`,
            completionTokens: sql`${llmUsage.completionTokens} + excluded.completion_tokens`,
            calls: sql`${llmUsage.calls} + 1`,
          },
        });
      // Each call is its own billable event: a new id, since the call happened once.
      if (tokens > 0) await meterLlmTokens(tx, { eId: meter.eId, answerId: randomUUID(), tokens, at: new Date() });
    });
  }

  async tokensToday(eId: string, agentId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<string>`coalesce(sum(${llmUsage.promptTokens} + ${llmUsage.completionTokens}), 0)` })
      .from(llmUsage)
      .where(and(eq(llmUsage.eId, eId), eq(llmUsage.agentId, agentId), eq(llmUsage.day, today())));
    return Number(row?.n ?? 0);
  }
}
