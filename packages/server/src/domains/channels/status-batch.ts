import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { advances, eventKey, type ChannelRef, type MessageStatus, type StatusEvent } from './status-events.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** One status event for the channel it was verified for. */
export interface StatusItem {
  channel: ChannelRef;
  event: StatusEvent;
}
/** Work that must commit with the events (a broadcast's messages follow them): gets the events that were new. */
export type AfterStatuses<T> = (tx: Tx, fresh: StatusItem[]) => Promise<T>;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
const messageKey = (channelId: string, wamid: string) => `${channelId}:${wamid}`;

/**
 * The advisory locks of these messages (the sender takes the same ones when it records a message: send-record.ts), in
 * the order of the lock ids themselves, so two transactions locking overlapping sets never wait on each other in a
 * circle, hash collisions included.
 */
export async function lockMessages(tx: Tx, keys: string[]) {
  if (!keys.length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(h) from (select distinct hashtext(k) as h from unnest(${sql.param(keys)}::text[]) k order by 1) locks`);
}

/**
 * Stores status events once each and moves their messages forward, for many webhooks in one transaction (the
 * endpoint's group commit): one statement per kind of row, whatever the number of events. Events are applied in the
 * order given, by the same rule as one at a time (`advances`), so a batch ends where the events one by one would.
 * An event for a message not yet recorded is kept: the sender applies it when it records the message.
 */
export async function recordStatusEvents<T>(db: Db, items: StatusItem[], after: AfterStatuses<T>): Promise<{ fresh: StatusItem[]; after: T }> {
  return db.transaction(async (tx) => {
    await lockMessages(
      tx,
      items.map((i) => messageKey(i.channel.id, i.event.messageId)),
    );
    const col = <V>(f: (i: StatusItem) => V) => sql.param(items.map(f));
    const inserted = rowsOf<{ channel_id: string; event_key: string }>(
      await tx.execute(sql`
        insert into channel_message_events (e_id, channel_id, wamid, status, occurred_at, error_code, error_title, event_key, callback_data, raw)
        select * from unnest(${col((i) => i.channel.eId)}::uuid[], ${col((i) => i.channel.id)}::uuid[], ${col((i) => i.event.messageId)}::text[],
          ${col((i) => i.event.status)}::text[], ${col((i) => new Date(i.event.timestamp * 1000).toISOString())}::timestamptz[],
          ${col((i) => i.event.errorCode)}::int[], ${col((i) => i.event.errorTitle)}::text[], ${col((i) => eventKey(i.event))}::text[],
          ${col((i) => i.event.callbackData)}::text[], ${col((i) => JSON.stringify(i.event.raw ?? {}))}::jsonb[])
        on conflict do nothing
        returning channel_id, event_key`),
    );
    // The same event twice in one batch is inserted once: the first of them is the new one.
    const unclaimed = new Set(inserted.map((r) => `${r.channel_id}|${r.event_key}`));
    const fresh = items.filter((i) => unclaimed.delete(`${i.channel.id}|${eventKey(i.event)}`));
    await moveMessages(tx, fresh);
    return { fresh, after: await after(tx, fresh) };
  });
}

interface Moved {
  status: MessageStatus;
  at: string;
  code: number | null;
  title: string | null;
}

/** The recorded messages of these events, each moved by its events in order (never backwards), in one UPDATE. */
async function moveMessages(tx: Tx, fresh: StatusItem[]) {
  if (!fresh.length) return;
  const current = rowsOf<{ channel_id: string; wamid: string; status: string }>(
    await tx.execute(sql`
      select channel_id, wamid, status from channel_messages
      where (channel_id, wamid) in (select * from unnest(${sql.param(fresh.map((i) => i.channel.id))}::uuid[], ${sql.param(fresh.map((i) => i.event.messageId))}::text[]))`),
  );
  const state = new Map(
    current.map((r) => [
      messageKey(r.channel_id, r.wamid),
      { channelId: r.channel_id, wamid: r.wamid, status: r.status as MessageStatus, moved: undefined as Moved | undefined },
    ]),
  );
  for (const { channel, event } of fresh) {
    const s = state.get(messageKey(channel.id, event.messageId));
    if (!s || !advances(s.status, event.status)) continue;
    s.status = event.status;
    s.moved = { status: event.status, at: new Date(event.timestamp * 1000).toISOString(), code: event.errorCode, title: event.errorTitle };
  }
  const moves = [...state.values()].flatMap((s) => (s.moved ? [{ channelId: s.channelId, wamid: s.wamid, ...s.moved }] : []));
  if (!moves.length) return;
  const m = <V>(f: (x: (typeof moves)[number]) => V) => sql.param(moves.map(f));
  await tx.execute(sql`
    update channel_messages c set status = t.status, status_at = t.at, error_code = t.code, error_title = t.title
    from unnest(${m((x) => x.channelId)}::uuid[], ${m((x) => x.wamid)}::text[], ${m((x) => x.status)}::text[],
      ${m((x) => x.at)}::timestamptz[], ${m((x) => x.code)}::int[], ${m((x) => x.title)}::text[]) as t(channel_id, wamid, status, at, code, title)
    where c.channel_id = t.channel_id and c.wamid = t.wamid`);
}
