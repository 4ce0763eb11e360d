import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { StatusItem, Tx } from '../channels/status-batch.js';
import { advances, type MessageStatus } from '../channels/status-events.js';
import { isUuid } from '../customers/queries.js';
import { progressFor } from './progress.js';
import { NOT_SENT_AGAIN } from './reconcile.js';

/** Our message id when the event carries it back (callback data we did not write is ignored). */
const callbackIdOf = (i: StatusItem) => (i.event.callbackData && isUuid(i.event.callbackData) ? i.event.callbackData.toLowerCase() : null);

/**
 * Whether a broadcast message takes `next`: before the vendor's answer anything does, after it only forward. One given
 * up for want of an answer (NOT_SENT_AGAIN) had no answer either: a webhook naming it is the vendor's word that it
 * has it.
 */
const takes = (row: Row, next: MessageStatus) =>
  row.state === 'queued' ||
  row.state === 'sending' ||
  (row.state === 'failed' && row.error_title === NOT_SENT_AGAIN) ||
  advances(row.state as MessageStatus, next);

interface Row {
  id: string;
  broadcast_id: string;
  e_id: string;
  state: string;
  wamid: string | null;
  error_title: string | null;
  changed?: { at: string; code: number | null; title: string | null };
}

export interface BroadcastChange {
  id: string;
  broadcastId: string;
  eId: string;
  status: MessageStatus;
}

/**
 * New status events move their broadcast messages (found by the id each carries back as callback data, else by its
 * wamid) only forward, as channel messages move, in the transaction that stored the events. A message still
 * `sending` learns its wamid here: the vendor took it, whatever happened to the sender's reply.
 */
export async function applyStatusesToBroadcasts(tx: Tx, fresh: StatusItem[]): Promise<BroadcastChange[]> {
  const ids = [...new Set(fresh.flatMap((i) => callbackIdOf(i) ?? []))];
  const wamids = [...new Set(fresh.filter((i) => !callbackIdOf(i)).map((i) => i.event.messageId))];
  if (!ids.length && !wamids.length) return [];
  const rows = (
    (await tx.execute(sql`
      select id, broadcast_id, e_id, state, wamid, error_title from broadcast_messages
      where id = any(${sql.param(ids)}::uuid[]) or wamid = any(${sql.param(wamids)}::text[])
      for update`)) as unknown as { rows: Row[] }
  ).rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byWamid = new Map(rows.flatMap((r) => (r.wamid ? [[r.wamid, r] as const] : [])));
  for (const item of fresh) {
    const { channel, event } = item;
    const id = callbackIdOf(item);
    const row = id ? byId.get(id) : byWamid.get(event.messageId);
    if (!row || row.e_id !== channel.eId || (row.wamid !== null && row.wamid !== event.messageId) || !takes(row, event.status)) continue;
    row.state = event.status;
    row.error_title = event.errorTitle;
    row.wamid = event.messageId;
    row.changed = { at: new Date(event.timestamp * 1000).toISOString(), code: event.errorCode, title: event.errorTitle };
  }
  const moved = rows.filter((r) => r.changed);
  if (!moved.length) return [];
  const col = <V>(f: (r: Row) => V) => sql.param(moved.map(f));
  await tx.execute(sql`
    update broadcast_messages b set state = t.state, wamid = t.wamid, status_at = t.at, error_code = t.code, error_title = t.title
    from unnest(${col((r) => r.id)}::uuid[], ${col((r) => r.state)}::text[], ${col((r) => r.wamid)}::text[], ${col((r) => r.changed!.at)}::timestamptz[],
      ${col((r) => r.changed!.code)}::int[], ${col((r) => r.changed!.title)}::text[]) as t(id, state, wamid, at, code, title)
    where b.id = t.id`);
  return moved.map((r) => ({ id: r.id, broadcastId: r.broadcast_id, eId: r.e_id, status: r.state as MessageStatus }));
}

/** After the commit: the broadcasts' counters and live events follow (throttled). */
export function announceBroadcastChanges(db: Db, events: EventBus | undefined, changes: BroadcastChange[]) {
  const progress = progressFor(db, events);
  for (const c of changes) progress.touch(c.broadcastId, c.eId, { messageId: c.id, status: c.status.toUpperCase() });
}
