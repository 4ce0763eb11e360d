import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { advances, type ChannelRef, type MessageStatus, type StatusEvent } from '../channels/status-events.js';
import { isUuid } from '../customers/queries.js';
import { progressFor } from './progress.js';

const FORWARD: MessageStatus[] = ['accepted', 'sent', 'delivered', 'read', 'failed'];
/** The states a broadcast message may be in for `next` to replace: before the vendor's answer, or behind `next`. */
const replaceable = (next: MessageStatus) => ['queued', 'sending', ...FORWARD.filter((s) => advances(s, next))];

/**
 * A stored status event moves its broadcast message (found by the id it carries back as callback data, else by its
 * wamid) only forward, as channel messages move. A message still `sending` learns its wamid here: the vendor took it,
 * whatever happened to the sender's reply. The broadcast's counters follow (throttled).
 */
export async function applyStatusToBroadcast(db: Db, events: EventBus | undefined, channel: ChannelRef, event: StatusEvent) {
  const at = new Date(event.timestamp * 1000);
  const match = event.callbackData && isUuid(event.callbackData) ? sql`id = ${event.callbackData}::uuid` : sql`wamid = ${event.messageId}`;
  const result = await db.execute(sql`
    update broadcast_messages set state = ${event.status}, wamid = coalesce(wamid, ${event.messageId}), status_at = ${at.toISOString()}::timestamptz,
      error_code = ${event.errorCode}, error_title = ${event.errorTitle}
    where ${match} and e_id = ${channel.eId}::uuid and state = any(${sql.param(replaceable(event.status))}::text[])
      and (wamid is null or wamid = ${event.messageId})
    returning id, broadcast_id`);
  const rows = (result as unknown as { rows: { id: string; broadcast_id: string }[] }).rows;
  for (const r of rows) progressFor(db, events).touch(r.broadcast_id, channel.eId, { messageId: r.id, status: event.status.toUpperCase() });
}
