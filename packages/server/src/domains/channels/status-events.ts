import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { channelMessageEvents, channelMessages, messageTemplates } from '../../db/schema.js';
import type { WebhookEvent } from '../../vendors/vendor.js';
import type { Runner } from './queries.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type MessageStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';
export type StatusEvent = Extract<WebhookEvent, { kind: 'status' }>;
export type TemplateEvent = Extract<WebhookEvent, { kind: 'template' }>;
/** Which channel (and so which enterprise) an event belongs to. */
export interface ChannelRef {
  id: string;
  eId: string;
}

const RANK: Record<MessageStatus, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 };
const STATUSES = Object.keys(RANK) as MessageStatus[];

/**
 * Whether a message at `current` moves to `next`: only forward (accepted < sent < delivered < read), and failed is
 * final but never hides a read — a message the customer read was delivered, whatever a late failure says.
 */
export function advances(current: MessageStatus, next: MessageStatus): boolean {
  if (next === 'failed' && current === 'read') return false;
  return RANK[next] > RANK[current];
}

/** The statuses a message may be at for `next` to replace them, for an UPDATE that cannot move a message backwards. */
const replaceable = (next: MessageStatus) => STATUSES.filter((s) => advances(s, next));

/** Vendors deliver at least once and in any order: the same status twice has the same key and is stored once. */
export const eventKey = (e: Pick<StatusEvent, 'messageId' | 'status' | 'timestamp' | 'errorCode'>) =>
  `${e.messageId}:${e.status}:${e.timestamp}:${e.errorCode ?? ''}`;

/** The webhook and the sender meet on one message: one at a time, so an event is never applied to a row half-written. */
const lockMessage = (tx: Tx, channelId: string, wamid: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${channelId}:${wamid}`}))`);

interface Move {
  status: MessageStatus;
  at: Date;
  errorCode: number | null;
  errorTitle: string | null;
}

async function moveMessage(db: Runner, channelId: string, wamid: string, move: Move) {
  await db
    .update(channelMessages)
    .set({ status: move.status, statusAt: move.at, errorCode: move.errorCode, errorTitle: move.errorTitle })
    .where(and(eq(channelMessages.channelId, channelId), eq(channelMessages.wamid, wamid), inArray(channelMessages.status, replaceable(move.status))));
}

export type SentMessage = Omit<typeof channelMessages.$inferInsert, 'id' | 'status' | 'statusAt' | 'errorCode' | 'errorTitle' | 'createdAt'>;

/**
 * Records a message the vendor accepted, then applies the status events that may already have arrived for it (a fast
 * vendor's webhook can beat the sender's insert). Recording the same wamid again changes nothing.
 */
export async function recordSentMessage(db: Db, row: SentMessage) {
  return db.transaction(async (tx) => {
    await lockMessage(tx, row.channelId, row.wamid);
    await tx.insert(channelMessages).values(row).onConflictDoNothing();
    const early = await tx
      .select()
      .from(channelMessageEvents)
      .where(and(eq(channelMessageEvents.channelId, row.channelId), eq(channelMessageEvents.wamid, row.wamid)))
      .orderBy(asc(channelMessageEvents.occurredAt));
    for (const e of early) {
      if (e.status in RANK)
        await moveMessage(tx, row.channelId, row.wamid, {
          status: e.status as MessageStatus,
          at: e.occurredAt,
          errorCode: e.errorCode,
          errorTitle: e.errorTitle,
        });
    }
    const [saved] = await tx
      .select()
      .from(channelMessages)
      .where(and(eq(channelMessages.channelId, row.channelId), eq(channelMessages.wamid, row.wamid)));
    return saved!;
  });
}

/**
 * A template's review result (APPROVED, REJECTED, PAUSED, ...) for the channel's template of that vendor id, or of
 * that name and language when the vendor id was never stored. Resolves to the templates it changed.
 */
export async function recordTemplateEvent(db: Runner, channel: ChannelRef, event: TemplateEvent) {
  // Meta says "NONE" where there is no reason.
  const reason = event.reason && event.reason !== 'NONE' ? event.reason : null;
  const byName = and(eq(messageTemplates.name, event.name), eq(messageTemplates.language, event.language));
  return db
    .update(messageTemplates)
    .set({ status: event.status, rejectedReason: reason, updatedAt: new Date() })
    .where(
      and(
        eq(messageTemplates.channelId, channel.id),
        event.vendorTemplateId ? or(eq(messageTemplates.vendorTemplateId, event.vendorTemplateId), byName) : byName,
      ),
    )
    .returning({ id: messageTemplates.id, name: messageTemplates.name, status: messageTemplates.status });
}
