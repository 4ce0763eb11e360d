import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DeliveryReportQuery, DeliveryRow, DeliveryStatus } from '@parley/sdk/contract/reports';
import type { Db } from '../../db/database.js';
import { containing } from '../../db/like-pattern.js';
import { broadcasts, channelMessageEvents, channelMessages, channels } from '../../db/schema.js';

export type DeliveryFilters = Omit<DeliveryReportQuery, 'from' | 'perPage'>;
type Cursor = { createdAt: Date; id: string };

/** `channel_messages.source_type` of each report source (broadcasts/send-record.ts, chats/replies.ts). */
const SOURCE_TYPE = { broadcast: 'broadcast', chat: 'CHAT' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The messages the vendor took from the enterprise (a broadcast's, an agent's in a chat), newest first, with their
 * channel and, for a broadcast's, its name. `after` continues past a row (the CSV's batches).
 */
export function deliveryRows(db: Db, eId: string, f: DeliveryFilters, after?: Cursor) {
  const digits = f.customerNumber?.replace(/\D/g, '');
  const where: (SQL | undefined)[] = [
    eq(channelMessages.eId, eId),
    f.source ? eq(channelMessages.sourceType, SOURCE_TYPE[f.source]) : inArray(channelMessages.sourceType, Object.values(SOURCE_TYPE)),
    f.channelId ? eq(channelMessages.channelId, f.channelId) : undefined,
    digits ? ilike(channelMessages.recipient, containing(digits)) : f.customerNumber ? sql`false` : undefined,
    f.status ? eq(channelMessages.status, f.status.toLowerCase()) : undefined,
    f.messageId
      ? UUID.test(f.messageId)
        ? or(eq(channelMessages.wamid, f.messageId), eq(channelMessages.id, f.messageId))
        : eq(channelMessages.wamid, f.messageId)
      : undefined,
    f.fromDate ? gte(channelMessages.createdAt, new Date(f.fromDate)) : undefined,
    f.toDate ? lte(channelMessages.createdAt, new Date(f.toDate)) : undefined,
    after
      ? or(lt(channelMessages.createdAt, after.createdAt), and(eq(channelMessages.createdAt, after.createdAt), lt(channelMessages.id, after.id)))
      : undefined,
  ];
  return withChannel(db)
    .where(and(...where))
    .orderBy(desc(channelMessages.createdAt), desc(channelMessages.id));
}

const withChannel = (db: Db) =>
  db
    .select({ m: channelMessages, channelName: channels.name, contactId: channels.contactId, broadcastName: broadcasts.name })
    .from(channelMessages)
    .innerJoin(channels, and(eq(channels.id, channelMessages.channelId), eq(channels.eId, channelMessages.eId)))
    .leftJoin(
      broadcasts,
      and(
        eq(channelMessages.sourceType, SOURCE_TYPE.broadcast),
        eq(sql`${broadcasts.id}::text`, channelMessages.sourceId),
        eq(broadcasts.eId, channelMessages.eId),
      ),
    );

export type DeliveryDbRow = Awaited<ReturnType<typeof deliveryRows>>[number];

export function shapeRow({ m, channelName, contactId, broadcastName }: DeliveryDbRow): DeliveryRow {
  return {
    id: m.id,
    source: m.sourceType === SOURCE_TYPE.broadcast ? 'broadcast' : 'chat',
    sourceId: m.sourceId,
    sourceName: broadcastName,
    channelId: m.channelId,
    channelName,
    from: contactId ?? '',
    to: m.recipient,
    templateName: m.templateName,
    currentDeliveryStatus: m.status.toUpperCase() as DeliveryStatus,
    currentDeliveryStatusTime: m.statusAt.toISOString(),
    sentOn: m.createdAt.toISOString(),
    channelMessageId: m.wamid,
    errorCode: m.errorCode,
    errorTitle: m.errorTitle,
  };
}

export async function findDelivery(db: Db, eId: string, id: string): Promise<DeliveryDbRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await withChannel(db).where(
    and(eq(channelMessages.eId, eId), eq(channelMessages.id, id), inArray(channelMessages.sourceType, Object.values(SOURCE_TYPE))),
  );
  return row ?? null;
}

/** A message has a handful of statuses; a vendor repeating itself must not make the dialog unbounded. */
const MAX_EVENTS = 200;

export function deliveryEvents(db: Db, m: typeof channelMessages.$inferSelect) {
  return db
    .select()
    .from(channelMessageEvents)
    .where(and(eq(channelMessageEvents.eId, m.eId), eq(channelMessageEvents.channelId, m.channelId), eq(channelMessageEvents.wamid, m.wamid)))
    .orderBy(asc(channelMessageEvents.occurredAt), asc(channelMessageEvents.receivedAt))
    .limit(MAX_EVENTS);
}
