import { and, asc, desc, eq, gte, ilike, lte, or } from 'drizzle-orm';
import type { BROADCAST_SORTS } from '@parley/sdk/contract/broadcasts';
import type { ListSort } from '@parley/sdk/contract/paging';
import type { Db } from '../../db/database.js';
import { byText, listOrder } from '../../db/list-order.js';
import { containing } from '../../db/like-pattern.js';
import { broadcastMessages, broadcasts, channelMessageEvents, channels } from '../../db/schema.js';

export type BroadcastRow = typeof broadcasts.$inferSelect;
export type BroadcastMessageRow = typeof broadcastMessages.$inferSelect;
export type EventRow = typeof channelMessageEvents.$inferSelect;

export interface HistoryFilter extends ListSort<(typeof BROADCAST_SORTS)[number]> {
  name?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
}

/** One page of the history, newest first or in the header's order; one row more than asked tells whether there is a next page. */
export function listBroadcasts(db: Db, eId: string, f: HistoryFilter, from: number, perPage: number): Promise<BroadcastRow[]> {
  const name = f.name?.trim();
  return db
    .select()
    .from(broadcasts)
    .where(
      and(
        eq(broadcasts.eId, eId),
        name ? ilike(broadcasts.name, containing(name)) : undefined,
        f.since ? gte(broadcasts.createdAt, f.since) : undefined,
        f.until ? lte(broadcasts.createdAt, f.until) : undefined,
      ),
    )
    .orderBy(
      ...listOrder(f, { name: byText(broadcasts.name), channel: byText(broadcasts.channelName), created: broadcasts.createdAt }, broadcasts.id, [
        desc(broadcasts.createdAt),
        desc(broadcasts.id),
      ]),
    )
    .limit(perPage + 1)
    .offset(from);
}

export async function findBroadcast(db: Db, eId: string, id: string): Promise<BroadcastRow | null> {
  const [row] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.eId, eId), eq(broadcasts.id, id)));
  return row ?? null;
}

/** The number a broadcast's messages go out from: its channel's contact id ('' once the channel is gone). */
export async function senderOf(db: Db, b: BroadcastRow): Promise<string> {
  if (!b.channelId) return '';
  const [row] = await db
    .select({ contactId: channels.contactId })
    .from(channels)
    .where(and(eq(channels.id, b.channelId), eq(channels.eId, b.eId)));
  return row?.contactId ?? '';
}

/**
 * Recipients by number: a broadcast's recipients are all stored in one transaction (one timestamp), and the number is
 * what the unique (broadcast, recipient) index is ordered by, so a page of 100,000 needs no sort.
 */
const storedOrder = [asc(broadcastMessages.recipient)];

export async function recipientsOf(db: Db, b: BroadcastRow): Promise<string[]> {
  const rows = await db
    .select({ recipient: broadcastMessages.recipient })
    .from(broadcastMessages)
    .where(eq(broadcastMessages.broadcastId, b.id))
    .orderBy(...storedOrder);
  return rows.map((r) => r.recipient);
}

export function listMessages(db: Db, b: BroadcastRow, from: number, perPage: number): Promise<BroadcastMessageRow[]> {
  return db
    .select()
    .from(broadcastMessages)
    .where(and(eq(broadcastMessages.broadcastId, b.id), eq(broadcastMessages.eId, b.eId)))
    .orderBy(...storedOrder)
    .limit(perPage + 1)
    .offset(from);
}

export async function findMessage(db: Db, b: BroadcastRow, id: string): Promise<BroadcastMessageRow | null> {
  const [row] = await db
    .select()
    .from(broadcastMessages)
    .where(and(eq(broadcastMessages.broadcastId, b.id), eq(broadcastMessages.eId, b.eId), eq(broadcastMessages.id, id)));
  return row ?? null;
}

/** A message has a handful of statuses; a vendor repeating itself endlessly must not make the dialog unbounded. */
const MAX_EVENTS = 200;

/**
 * The vendor's status events of one message, oldest first: those for its wamid on the broadcast's channel, and those
 * carrying its own id as callback data (how a send whose reply was lost is still traced).
 */
export function eventsOf(db: Db, b: BroadcastRow, m: BroadcastMessageRow): Promise<EventRow[]> {
  const byWamid = m.wamid && b.channelId ? and(eq(channelMessageEvents.channelId, b.channelId), eq(channelMessageEvents.wamid, m.wamid)) : undefined;
  return db
    .select()
    .from(channelMessageEvents)
    .where(and(eq(channelMessageEvents.eId, b.eId), or(byWamid, eq(channelMessageEvents.callbackData, m.id))))
    .orderBy(asc(channelMessageEvents.occurredAt), asc(channelMessageEvents.receivedAt))
    .limit(MAX_EVENTS);
}
