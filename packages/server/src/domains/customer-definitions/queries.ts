import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { customerAttributeDefinitions as defs } from '../../db/schema.js';

export type DefinitionRow = typeof defs.$inferSelect;
export type DefinitionValues = Omit<typeof defs.$inferInsert, 'id' | 'eId' | 'index' | 'dataKey' | 'createdAt' | 'updatedAt'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

/** An enterprise's custom definitions in their order. */
export const listDefinitions = (db: Runner, eId: string) =>
  db.select().from(defs).where(eq(defs.eId, eId)).orderBy(asc(defs.index), asc(defs.createdAt), asc(defs.id));

export async function findDefinition(db: Runner, eId: string, id: string): Promise<DefinitionRow | null> {
  const [row] = await db
    .select()
    .from(defs)
    .where(and(eq(defs.id, id), eq(defs.eId, eId)));
  return row ?? null;
}

export async function countDefinitions(db: Runner, eId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(defs).where(eq(defs.eId, eId));
  return row?.n ?? 0;
}

/** Whether another definition of the enterprise has this field name, compared case-insensitively. */
export async function fieldNameTaken(db: Runner, eId: string, fieldName: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: defs.id })
    .from(defs)
    .where(and(eq(defs.eId, eId), sql`lower(${defs.fieldName}) = lower(${fieldName})`, exceptId ? ne(defs.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Serialises the writes of one enterprise's definitions (create's index, reorder, delete's renumbering). */
export const lockDefinitions = (tx: Tx, eId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer_definitions:${eId}`}))`);

export async function insertDefinition(tx: Tx, eId: string, values: DefinitionValues): Promise<DefinitionRow> {
  const [{ next } = { next: 0 }] = await tx
    .select({ next: sql<number>`coalesce(max(${defs.index}) + 1, 0)::int` })
    .from(defs)
    .where(eq(defs.eId, eId));
  const [row] = await tx
    .insert(defs)
    .values({ ...values, eId, index: next })
    .returning();
  return row!;
}

export async function updateDefinition(db: Runner, eId: string, id: string, values: DefinitionValues): Promise<DefinitionRow | null> {
  const [row] = await db
    .update(defs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(defs.id, id), eq(defs.eId, eId)))
    .returning();
  return row ?? null;
}

export async function deleteDefinition(tx: Tx, eId: string, id: string): Promise<boolean> {
  const gone = await tx
    .delete(defs)
    .where(and(eq(defs.id, id), eq(defs.eId, eId)))
    .returning({ id: defs.id });
  return gone.length > 0;
}

/** Gives the rows, in this order, the indexes 0, 1, 2, ... (only those that change are written). */
export async function renumber(tx: Tx, eId: string, ordered: readonly DefinitionRow[]) {
  for (const [i, row] of ordered.entries()) {
    if (row.index !== i)
      await tx
        .update(defs)
        .set({ index: i })
        .where(and(eq(defs.id, row.id), eq(defs.eId, eId)));
  }
}
