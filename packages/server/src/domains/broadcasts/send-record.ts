import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { lockMessages } from '../channels/status-batch.js';
import { advances, type MessageStatus } from '../channels/status-events.js';
import { ChatMessageStatus } from '@parley/sdk/contract/chats';
import { chatBroadcastTransId } from '../chats/template-send.js';

const CHAT_STATUS: Partial<Record<MessageStatus, number>> = {
  delivered: ChatMessageStatus.DELIVERED,
  read: ChatMessageStatus.READ,
  failed: ChatMessageStatus.FAILED,
};

export interface Accepted {
  /** The broadcast message's id (our `biz_opaque_callback_data`). */
  id: string;
  wamid: string;
  recipient: string;
}

export interface Refused {
  id: string;
  code: number | null;
  title: string;
}

export interface SendTarget {
  eId: string;
  channelId: string;
  broadcastId: string;
  templateName: string;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

interface Fold {
  status: MessageStatus;
  at: Date | null;
  errorCode: number | null;
  errorTitle: string | null;
}

/** Where a message stands after its events, in the order they happened, from `accepted` (the webhook's own rule). */
export function foldEvents(events: { status: string; occurred_at: Date | string; error_code: number | null; error_title: string | null }[]): Fold {
  const out: Fold = { status: 'accepted', at: null, errorCode: null, errorTitle: null };
  for (const e of events) {
    const next = e.status as MessageStatus;
    if (!advances(out.status, next)) continue;
    Object.assign(out, { status: next, at: new Date(e.occurred_at), errorCode: e.error_code, errorTitle: e.error_title });
  }
  return out;
}

/**
 * Records messages the vendor accepted, in one transaction: their `channel_messages` rows (so later webhooks move
 * them) with the events that already came applied, and the broadcast messages' wamid and state. Each wamid is locked
 * as the webhook locks it (status-batch.ts), so an event arriving meanwhile waits and then finds the row.
 */
export async function recordAccepted(db: Db, target: SendTarget, items: Accepted[]) {
  if (!items.length) return;
  const wamids = items.map((i) => i.wamid);
  await db.transaction(async (tx) => {
    await lockMessages(
      tx,
      wamids.map((w) => `${target.channelId}:${w}`),
    );
    const early = rowsOf<{ wamid: string; status: string; occurred_at: Date; error_code: number | null; error_title: string | null }>(
      await tx.execute(sql`
        select wamid, status, occurred_at, error_code, error_title from channel_message_events
        where channel_id = ${target.channelId}::uuid and wamid = any(${sql.param(wamids)}::text[]) order by occurred_at`),
    );
    const byWamid = new Map<string, typeof early>();
    for (const e of early) byWamid.set(e.wamid, [...(byWamid.get(e.wamid) ?? []), e]);
    const folds = items.map((i) => foldEvents(byWamid.get(i.wamid) ?? []));
    await tx.execute(sql`
      insert into channel_messages (e_id, channel_id, wamid, recipient, template_name, source_type, source_id, status, status_at, error_code, error_title)
      select ${target.eId}::uuid, ${target.channelId}::uuid, wamid, recipient, ${target.templateName}, 'broadcast', ${target.broadcastId}, status, coalesce(at, now()), code, title
      from unnest(${sql.param(wamids)}::text[], ${sql.param(items.map((i) => i.recipient))}::text[], ${sql.param(folds.map((f) => f.status))}::text[],
        ${sql.param(folds.map((f) => f.at?.toISOString() ?? null))}::timestamptz[], ${sql.param(folds.map((f) => f.errorCode))}::int[],
        ${sql.param(folds.map((f) => f.errorTitle))}::text[]) as t(wamid, recipient, status, at, code, title)
      on conflict do nothing`);
    // A webhook that came first may have moved the message on already (by its callback data): that state stays. One
    // noted `accepted` a moment ago (noteAccepted) still takes what earlier events without callback data tell.
    await tx.execute(sql`
      update broadcast_messages b set wamid = coalesce(b.wamid, t.wamid),
        state = case when b.state in ('queued', 'sending') or (b.state = 'accepted' and t.state <> 'accepted') then t.state else b.state end,
        error_code = case when b.state in ('queued', 'sending') or (b.state = 'accepted' and t.state <> 'accepted') then t.code else b.error_code end,
        error_title = case when b.state in ('queued', 'sending') or (b.state = 'accepted' and t.state <> 'accepted') then t.title else b.error_title end,
        status_at = case when b.state in ('queued', 'sending') or (b.state = 'accepted' and t.state <> 'accepted') then coalesce(t.at, now()) else b.status_at end
      from unnest(${sql.param(items.map((i) => i.id))}::uuid[], ${sql.param(wamids)}::text[], ${sql.param(folds.map((f) => f.status))}::text[],
        ${sql.param(folds.map((f) => f.at?.toISOString() ?? null))}::timestamptz[], ${sql.param(folds.map((f) => f.errorCode))}::int[],
        ${sql.param(folds.map((f) => f.errorTitle))}::text[]) as t(id, wamid, state, at, code, title)
      where b.id = t.id`);
    // A template sent from a chat (one recipient) is also on the chat's thread: it takes the vendor's id there too,
    // so later statuses move its ticks, and what already came with it.
    const first = folds[0]!;
    await tx.execute(sql`
      update chat_messages set trans_id = ${items[0]!.wamid},
        status = coalesce(${CHAT_STATUS[first.status] ?? null}::int, status),
        channel_error_code = ${first.errorCode}::int, channel_error_desc = ${first.errorTitle}
      where channel_id = ${target.channelId}::uuid and trans_id = ${chatBroadcastTransId(target.broadcastId)}`);
  });
}

/**
 * The vendor's answers, on the broadcast's own rows only: one UPDATE that takes none of the locks the webhook's
 * status batches hold (recordAccepted waits for those), so a crash a moment later finds the wamid already stored.
 */
export async function noteAccepted(db: Db, items: Accepted[]) {
  if (!items.length) return;
  await db.execute(sql`
    update broadcast_messages b set wamid = coalesce(b.wamid, t.wamid),
      state = case when b.state = 'sending' then 'accepted' else b.state end,
      status_at = case when b.state = 'sending' then now() else b.status_at end
    from unnest(${sql.param(items.map((i) => i.id))}::uuid[], ${sql.param(items.map((i) => i.wamid))}::text[]) as t(id, wamid)
    where b.id = t.id`);
}

/** The vendor refused these for good (not a rate limit): failed with its code and text. */
export async function recordRefused(db: Db, items: Refused[]) {
  if (!items.length) return;
  await db.execute(sql`
    update broadcast_messages b set state = 'failed', error_code = t.code, error_title = t.title, status_at = now()
    from unnest(${sql.param(items.map((i) => i.id))}::uuid[], ${sql.param(items.map((i) => i.code))}::int[], ${sql.param(items.map((i) => i.title))}::text[]) as t(id, code, title)
    where b.id = t.id and b.state = 'sending'`);
  // A template sent from a chat shows the refusal on the chat's thread.
  await db.execute(sql`
    update chat_messages c set status = ${ChatMessageStatus.FAILED}, channel_error_code = t.code, channel_error_desc = t.title
    from broadcast_messages b, unnest(${sql.param(items.map((i) => i.id))}::uuid[], ${sql.param(items.map((i) => i.code))}::int[], ${sql.param(items.map((i) => i.title))}::text[]) as t(id, code, title)
    where b.id = t.id and c.channel_id = (select channel_id from broadcasts where id = b.broadcast_id) and c.trans_id = 'broadcast:' || b.broadcast_id::text`);
}

/** Certainly not accepted (a rate limit, a connection never made): queued again, to be sent again. */
export async function requeue(db: Db, ids: string[]) {
  if (!ids.length) return;
  await db.execute(sql`update broadcast_messages set state = 'queued', handed_at = null where id = any(${sql.param(ids)}::uuid[]) and state = 'sending'`);
}

export interface Claimed {
  id: string;
  recipient: string;
  components: unknown[];
  attempts: number;
}

/**
 * The next queued messages, marked `sending` with one more attempt but not handed (handed_at null): after a crash a
 * claimed message that was never handed is queued again, as nothing of it can have reached the vendor. SKIP LOCKED
 * lets a second worker (a takeover) never claim the same row.
 */
export async function claim(db: Db, broadcastId: string, limit: number): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    await db.execute(sql`
      update broadcast_messages m set state = 'sending', attempts = m.attempts + 1, handed_at = null
      where m.id in (select id from broadcast_messages where broadcast_id = ${broadcastId}::uuid and state = 'queued' limit ${limit} for update skip locked)
      returning m.id, m.recipient, m.components, m.attempts`),
  );
}

/**
 * Committed just before these messages' requests go out: from here on the vendor may have them, and a crash leaves
 * them of unknown fate, never to be sent again without the vendor's word. The sender marks a few at a time, so at
 * most those marked and not yet sent, plus the calls in flight, can be unknown.
 */
export async function markHanded(db: Db, ids: string[]) {
  if (!ids.length) return;
  await db.execute(sql`update broadcast_messages set handed_at = now() where id = any(${sql.param(ids)}::uuid[]) and state = 'sending'`);
}

/** One write at a time; a write asked for while one runs takes everything pending when it starts. */
class Coalesced<T> {
  private items: T[] = [];
  private chain: Promise<void> = Promise.resolve();
  private waiting = false;
  failure: unknown;

  constructor(private readonly write: (items: T[]) => Promise<void>) {}

  get size() {
    return this.items.length;
  }

  push(item: T) {
    this.items.push(item);
  }

  /** Resolves when everything pushed so far is written. */
  flush(): Promise<void> {
    if (this.waiting) return this.chain;
    this.waiting = true;
    this.chain = this.chain.then(async () => {
      this.waiting = false;
      if (this.failure) throw this.failure;
      const items = this.items;
      this.items = [];
      if (!items.length) return;
      try {
        await this.write(items);
      } catch (err) {
        this.failure = err;
        throw err;
      }
    });
    return this.chain;
  }
}

type Answer = { kind: 'accepted'; item: Accepted } | { kind: 'refused'; item: Refused } | { kind: 'requeued'; item: string };

/**
 * Batches the job's writes in two lines. The vendor's answers go first, every `flushMs`, in statements that wait for
 * no lock a webhook holds: a wamid is stored within a fraction of a second of its answer, so a crash leaves few
 * accepted messages that only their webhooks can tell about. Their `channel_messages` rows follow on a line of their
 * own, which meets the webhook's status batches on the messages' locks (recordAccepted) and may fall behind without
 * holding the answers back.
 */
export class SendRecorder {
  private readonly answers: Coalesced<Answer>;
  private readonly channelRows: Coalesced<Accepted>;
  private readonly timer: NodeJS.Timeout;

  constructor(
    db: Db,
    target: SendTarget,
    onWritten: () => void,
    private readonly flushRows = 250,
    flushMs = 50,
  ) {
    this.channelRows = new Coalesced((items) => recordAccepted(db, target, items));
    this.answers = new Coalesced(async (items) => {
      const of = <K extends Answer['kind']>(kind: K) => items.flatMap((a) => (a.kind === kind ? [a.item as Extract<Answer, { kind: K }>['item']] : []));
      const accepted = of('accepted');
      await noteAccepted(db, accepted);
      await recordRefused(db, of('refused'));
      await requeue(db, of('requeued'));
      for (const a of accepted) this.channelRows.push(a);
      void this.channelRows.flush().catch(() => undefined);
      onWritten();
    });
    this.timer = setInterval(() => void this.flush().catch(() => undefined), flushMs);
    this.timer.unref();
  }

  /** The first write that failed: the job stops and pg-boss retries it (the rows stay `sending`, reconciled then). */
  get failure(): unknown {
    return this.answers.failure ?? this.channelRows.failure;
  }

  add(kind: 'accepted', item: Accepted): void;
  add(kind: 'refused', item: Refused): void;
  add(kind: 'requeued', item: string): void;
  add(kind: Answer['kind'], item: Accepted | Refused | string) {
    this.answers.push({ kind, item } as Answer);
    if (this.answers.size >= this.flushRows) void this.answers.flush().catch(() => undefined);
  }

  /** Resolves when everything added so far is written, channel rows included. */
  async flush(): Promise<void> {
    await this.answers.flush();
    await this.channelRows.flush();
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}
