import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { containing } from '../../db/like-pattern.js';
import { artifacts, buckets } from '../../db/schema.js';
import { isUuid, type Viewer } from './queries.js';

export type BucketRow = typeof buckets.$inferSelect;

/** Public buckets of the enterprise, or the caller's own private ones (as with attachments). */
const visibleBucket = (v: Viewer) => and(eq(buckets.eId, v.eId), or(eq(buckets.isPublic, true), eq(buckets.createdBy, v.uId)));
const bucketsOf = (v: Viewer, isPublic: boolean) =>
  and(eq(buckets.eId, v.eId), isPublic ? eq(buckets.isPublic, true) : and(eq(buckets.isPublic, false), eq(buckets.createdBy, v.uId)));

export async function findBucket(db: Db, v: Viewer, id: string): Promise<BucketRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(buckets)
    .where(and(eq(buckets.id, id), visibleBucket(v)));
  return row ?? null;
}

/** Buckets of one visibility by name, each with how many attachments in it the caller can see. */
export function listBuckets(db: Db, v: Viewer, isPublic: boolean, search: string | undefined, from: number, limit: number) {
  // Qualified by hand: in a one-table select drizzle writes a bare "id", which inside the subquery would be the artifact's.
  const count = sql<number>`(select count(*)::int from ${artifacts} a where a.bucket_id = ${buckets}.id and (a.is_public or a.created_by = ${v.uId}))`;
  return db
    .select({ id: buckets.id, name: buckets.name, isPublic: buckets.isPublic, count })
    .from(buckets)
    .where(and(bucketsOf(v, isPublic), search?.trim() ? ilike(buckets.name, containing(search.trim())) : undefined))
    .orderBy(asc(sql`lower(${buckets.name})`), asc(buckets.id))
    .limit(limit)
    .offset(from);
}

export async function countIn(db: Db, v: Viewer, bucketId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(artifacts)
    .where(and(eq(artifacts.bucketId, bucketId), or(eq(artifacts.isPublic, true), eq(artifacts.createdBy, v.uId))));
  return row?.n ?? 0;
}

/** Whether another bucket of the same enterprise and visibility has this name (the unique index ignores case). */
export async function nameTaken(db: Db, eId: string, isPublic: boolean, name: string, except?: string) {
  const [row] = await db
    .select({ id: buckets.id })
    .from(buckets)
    .where(and(eq(buckets.eId, eId), eq(buckets.isPublic, isPublic), sql`lower(${buckets.name}) = lower(${name})`))
    .limit(1);
  return !!row && row.id !== except;
}

export async function insertBucket(db: Db, values: typeof buckets.$inferInsert): Promise<BucketRow> {
  const [row] = await db.insert(buckets).values(values).returning();
  return row!;
}

export async function renameBucket(db: Db, id: string, name: string): Promise<BucketRow> {
  const [row] = await db.update(buckets).set({ name }).where(eq(buckets.id, id)).returning();
  return row!;
}

export async function deleteBucket(db: Db, id: string) {
  // The foreign key takes the attachments out of the bucket (on delete set null); they stay in the library.
  await db.delete(buckets).where(eq(buckets.id, id));
}
