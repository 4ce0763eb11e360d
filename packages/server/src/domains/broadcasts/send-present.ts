import { asc, eq } from 'drizzle-orm';
import type { BroadcastDetail } from '@parley/sdk/contract/broadcasts';
import type { Db } from '../../db/database.js';
import { broadcastMessages, broadcasts } from '../../db/schema.js';
import { detail } from './present.js';

/** Numbers the send's reply lists at most: the rest are in the message list. */
const PHONES_SHOWN = 1000;

/** The stored broadcast as the send answers it (`data`, the details' shape). */
export async function sentDetail(db: Db, id: string): Promise<BroadcastDetail> {
  const [b] = await db.select().from(broadcasts).where(eq(broadcasts.id, id));
  const phones = await db
    .select({ recipient: broadcastMessages.recipient })
    .from(broadcastMessages)
    .where(eq(broadcastMessages.broadcastId, id))
    .orderBy(asc(broadcastMessages.createdAt), asc(broadcastMessages.recipient))
    .limit(PHONES_SHOWN);
  return detail(
    b!,
    phones.map((p) => p.recipient),
  );
}
