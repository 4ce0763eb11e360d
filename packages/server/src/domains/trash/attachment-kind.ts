import { and, eq } from 'drizzle-orm';
import { artifacts, buckets } from '../../db/schema.js';
import { insertSnapshot, rowsOf, type Snapshot, type TrashKind } from './snapshot.js';

/** An attachment's row; its stored file stays where it is until the purge (or Delete forever) removes it. */
export const attachmentKind: TrashKind = {
  async capture(tx, eId, objectId) {
    const [row] = await tx
      .select()
      .from(artifacts)
      .where(and(eq(artifacts.id, objectId), eq(artifacts.eId, eId)));
    return row ? { name: row.name, snapshot: { tables: [{ table: 'artifacts', rows: [row] }] } } : null;
  },

  conflict: async () => null,

  /** A bucket deleted meanwhile leaves the attachment in no bucket, as deleting a bucket does to live ones. */
  async restore(tx, eId, snapshot) {
    const row = rowsOf(snapshot, 'artifacts')[0] ?? {};
    let bucketId = typeof row.bucketId === 'string' ? row.bucketId : null;
    if (bucketId) {
      const [bucket] = await tx
        .select({ id: buckets.id })
        .from(buckets)
        .where(and(eq(buckets.id, bucketId), eq(buckets.eId, eId)));
      if (!bucket) bucketId = null;
    }
    await insertSnapshot(tx, eId, { tables: [{ table: 'artifacts', rows: [{ ...row, bucketId }] }] });
  },
};

/** The stored file a trashed attachment keeps, if it is a file. */
export const storageKeyOf = (snapshot: Snapshot): string | null => {
  const key = rowsOf(snapshot, 'artifacts')[0]?.storageKey;
  return typeof key === 'string' && key ? key : null;
};
