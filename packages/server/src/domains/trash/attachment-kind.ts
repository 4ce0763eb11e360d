import { and, eq } from 'drizzle-orm';
import { TrashTexts } from '@parley/sdk/contract/trash-texts';
import { artifacts, buckets } from '../../db/schema.js';
import { rowsOf, type Snapshot, type TrashKind } from './snapshot.js';

/** An attachment's row; its stored file stays where it is until the purge (or Delete forever) removes it. */
export const attachmentKind: TrashKind = {
  async capture(tx, eId, objectId) {
    const [row] = await tx.select().from(artifacts).where(and(eq(artifacts.id, objectId), eq(artifacts.eId, eId)));
    return row ? { name: row.name, snapshot: { tables: [{ table: 'artifacts', rows: [row] }] } } : null;
  },

  async conflict(db, eId, snapshot) {
    const bucketId = rowsOf(snapshot, 'artifacts')[0]?.bucketId;
    if (typeof bucketId !== 'string') return null;
    const [bucket] = await db.select({ id: buckets.id }).from(buckets).where(and(eq(buckets.id, bucketId), eq(buckets.eId, eId)));
    return bucket ? null : TrashTexts.attachmentBucketGone;
  },
};

/** The stored file a trashed attachment keeps, if it is a file. */
export const storageKeyOf = (snapshot: Snapshot): string | null => {
  const key = rowsOf(snapshot, 'artifacts')[0]?.storageKey;
  return typeof key === 'string' && key ? key : null;
};
