import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { agents, embedKeys } from '../../db/schema.js';

export type EmbedKeyRow = typeof embedKeys.$inferSelect;
export type NewEmbedKey = typeof embedKeys.$inferInsert;

/** Not revoked and not expired at `now`. */
const live = (now: Date) => and(isNull(embedKeys.revokedAt), or(isNull(embedKeys.expiresAt), gt(embedKeys.expiresAt, now)));

export async function insertKey(db: Db, values: NewEmbedKey): Promise<EmbedKeyRow> {
  const [row] = await db.insert(embedKeys).values(values).returning();
  return row!;
}

export async function listKeys(db: Db, eId: string, from: number, limit: number): Promise<EmbedKeyRow[]> {
  return db.select().from(embedKeys).where(eq(embedKeys.eId, eId)).orderBy(desc(embedKeys.createdAt), desc(embedKeys.id)).limit(limit).offset(from);
}

/** Revokes once: a second revocation keeps the first time. Null for an id that is not the enterprise's. */
export async function revokeKey(db: Db, eId: string, id: string, now: Date): Promise<EmbedKeyRow | null> {
  const [row] = await db
    .update(embedKeys)
    .set({ revokedAt: sql`coalesce(${embedKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(embedKeys.id, id), eq(embedKeys.eId, eId)))
    .returning();
  return row ?? null;
}

/** The live key with this secret hash, in any enterprise (the key itself names its enterprise). */
export async function findLiveKey(db: Db, secretHash: string, now: Date): Promise<EmbedKeyRow | null> {
  const [row] = await db
    .select()
    .from(embedKeys)
    .where(and(eq(embedKeys.secretHash, secretHash), live(now)))
    .limit(1);
  return row ?? null;
}

/** Whether any live key, of any enterprise, lists this origin: what a CORS preflight is answered by. */
export async function originHasLiveKey(db: Db, origin: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: embedKeys.id })
    .from(embedKeys)
    .where(and(sql`${embedKeys.allowedOrigins} @> ${JSON.stringify([origin])}::jsonb`, live(now)))
    .limit(1);
  return Boolean(row);
}

/** Records a use, at most once per `everyMs` per key (the condition makes concurrent touches one write). */
export async function touchKey(db: Db, id: string, now: Date, everyMs: number): Promise<void> {
  await db
    .update(embedKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(embedKeys.id, id), or(isNull(embedKeys.lastUsedAt), lt(embedKeys.lastUsedAt, new Date(now.getTime() - everyMs)))));
}

/** Which of these agent ids are agents of the enterprise. */
export async function agentIdsOf(db: Db, eId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.eId, eId), inArray(agents.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}
