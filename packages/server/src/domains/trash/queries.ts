import { and, desc, eq, ilike, lt, sql } from 'drizzle-orm';
import type { TrashType } from '@parley/sdk/contract/trash-texts';
import type { Db } from '../../db/database.js';
import { containing } from '../../db/like-pattern.js';
import { trashItems, users } from '../../db/schema.js';
import type { Runner, Snapshot, Tx } from './snapshot.js';

export type TrashRow = typeof trashItems.$inferSelect;

export interface TrashFilter {
  type?: TrashType | undefined;
  name?: string | undefined;
}

/** Newest deletion first, with who deleted it; one row more than asked tells whether there is a next page. */
export function listTrash(db: Db, eId: string, f: TrashFilter, from: number, perPage: number) {
  return db
    .select({ item: trashItems, deletedByName: users.name })
    .from(trashItems)
    .leftJoin(users, eq(users.id, trashItems.deletedBy))
    .where(and(eq(trashItems.eId, eId), f.type ? eq(trashItems.type, f.type) : undefined, f.name ? ilike(trashItems.name, containing(f.name)) : undefined))
    .orderBy(desc(trashItems.deletedAt), desc(trashItems.id))
    .limit(perPage + 1)
    .offset(from);
}

export async function findTrashItem(db: Runner, eId: string, id: string): Promise<TrashRow | null> {
  const [row] = await db
    .select()
    .from(trashItems)
    .where(and(eq(trashItems.eId, eId), eq(trashItems.id, id)));
  return row ?? null;
}

/** Removes the item and answers it, or null when another call took it first (its row lock decides). */
export async function takeTrashItem(db: Runner, eId: string, id: string): Promise<TrashRow | null> {
  const [row] = await db
    .delete(trashItems)
    .where(and(eq(trashItems.eId, eId), eq(trashItems.id, id)))
    .returning();
  return row ?? null;
}

export async function insertTrashItem(
  tx: Tx,
  values: { eId: string; type: TrashType; objectId: string; name: string; snapshot: Snapshot; deletedBy: string | null; retentionDays: number },
) {
  const { retentionDays, snapshot, ...rest } = values;
  await tx.insert(trashItems).values({
    ...rest,
    snapshot: snapshot as unknown as Record<string, unknown>,
    purgeAfter: sql`now() + make_interval(days => ${retentionDays})`,
  });
}

/**
 * Takes up to `limit` items past their purge date, across enterprises. Each row is removed by one DELETE, so two
 * servers purging at once never both get the same item.
 */
export function takeExpired(db: Db, now: Date, limit: number): Promise<TrashRow[]> {
  const due = db.select({ id: trashItems.id }).from(trashItems).where(lt(trashItems.purgeAfter, now)).limit(limit);
  return db
    .delete(trashItems)
    .where(sql`${trashItems.id} in ${due}`)
    .returning();
}
