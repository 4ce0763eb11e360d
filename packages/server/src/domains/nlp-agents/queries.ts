import { and, desc, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import type { TrainingStatus } from '@parley/sdk/contract/nlp-agents';
import type { Db } from '../../db/database.js';
import { agents, intents, stories } from '../../db/schema.js';
import { containing } from '../../db/like-pattern.js';

export type AgentRow = typeof agents.$inferSelect;
export type StoryRow = typeof stories.$inferSelect;

/** Unique-violation from either engine (node-postgres errors, PGlite errors, or drizzle's wrapper around them). */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export async function findAgent(db: Db, eId: string, id: string): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.eId, eId)));
  return row ?? null;
}

export async function listAgents(db: Db, eId: string, name: string | undefined, from: number, limit: number) {
  return db
    .select()
    .from(agents)
    .where(and(eq(agents.eId, eId), name ? ilike(agents.name, containing(name)) : undefined))
    .orderBy(desc(agents.updatedAt), desc(agents.id))
    .limit(limit)
    .offset(from);
}

export async function agentStories(db: Db, eId: string, agentId: string): Promise<StoryRow[]> {
  return db
    .select()
    .from(stories)
    .where(and(eq(stories.agentId, agentId), eq(stories.eId, eId)))
    .orderBy(stories.createdAt, stories.id);
}

/** Stories other than the root, and intents: while an agent has any, it cannot be deleted (code 101). */
export async function countStoriesAndIntents(db: Db, agentId: string): Promise<number> {
  const [s] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stories)
    .where(and(eq(stories.agentId, agentId), isNotNull(stories.parentId)));
  const [i] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(intents)
    .where(eq(intents.agentId, agentId));
  return Number(s?.n ?? 0) + Number(i?.n ?? 0);
}

/** Anything a training would read changed: the agent card then shows that its model is out of date. */
export async function markDesignChanged(db: Db, agentId: string) {
  await db
    .update(agents)
    .set({ designVersion: sql`${agents.designVersion} + 1` })
    .where(eq(agents.id, agentId));
}

/** The card's training label: the state of the last training and whether the design moved on since. */
export const trainingOf = (a: AgentRow): TrainingStatus => ({
  status: a.trainingState,
  trainedAt: a.trainedAt?.toISOString() ?? null,
  changedSinceTraining: a.trainedVersion === null || a.trainedVersion !== a.designVersion,
  progress: a.trainingState === 'training' ? (a.trainingProgress ?? 0) : null,
  error: a.trainingState === 'failed' ? a.trainingError : null,
  resumed: a.trainingState === 'training' && a.trainingResumed,
});
