import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { lockMessages } from '../channels/status-batch.js';
import { advances, type MessageStatus } from '../channels/status-events.js';

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
    // A webhook that came first may have moved the message on already (by its callback data): that state stays.
    await tx.execute(sql`
      update broadcast_messages b set wamid = coalesce(b.wamid, t.wamid),
        state = case when b.state in ('queued', 'sending') then t.state else b.state end,
        error_code = case when b.state in ('queued', 'sending') then t.code else b.error_code end,
        error_title = case when b.state in ('queued', 'sending') then t.title else b.error_title end,
        status_at = case when b.state in ('queued', 'sending') then coalesce(t.at, now()) else b.status_at end
      from unnest(${sql.param(items.map((i) => i.id))}::uuid[], ${sql.param(wamids)}::text[], ${sql.param(folds.map((f) => f.status))}::text[],
        ${sql.param(folds.map((f) => f.at?.toISOString() ?? null))}::timestamptz[], ${sql.param(folds.map((f) => f.errorCode))}::int[],
        ${sql.param(folds.map((f) => f.errorTitle))}::text[]) as t(id, wamid, state, at, code, title)
      where b.id = t.id`);
  });
}

/** The vendor refused these for good (not a rate limit): failed with its code and text. */
export async function recordRefused(db: Db, items: Refused[]) {
  if (!items.length) return;
  await db.execute(sql`
    update broadcast_messages b set state = 'failed', error_code = t.code, error_title = t.title, status_at = now()
    from unnest(${sql.param(items.map((i) => i.id))}::uuid[], ${sql.param(items.map((i) => i.code))}::int[], ${sql.param(items.map((i) => i.title))}::text[]) as t(id, code, title)
    where b.id = t.id and b.state = 'sending'`);
}

/** Not accepted (a rate limit, or no answer and no webhook): queued again, to be sent again. */
export async function requeue(db: Db, ids: string[]) {
  if (!ids.length) return;
  await db.execute(sql`update broadcast_messages set state = 'queued' where id = any(${sql.param(ids)}::uuid[]) and state = 'sending'`);
}

export interface Claimed {
  id: string;
  recipient: string;
  components: unknown[];
  attempts: number;
}

/**
 * The next queued messages, marked `sending` with one more attempt and committed before any is handed to the vendor:
 * after a crash each of them is a trace to reconcile. SKIP LOCKED lets a second worker (a takeover) never claim the
 * same row.
 */
export async function claim(db: Db, broadcastId: string, limit: number): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    await db.execute(sql`
      update broadcast_messages m set state = 'sending', attempts = m.attempts + 1, handed_at = now()
      where m.id in (select id from broadcast_messages where broadcast_id = ${broadcastId}::uuid and state = 'queued' limit ${limit} for update skip locked)
      returning m.id, m.recipient, m.components, m.attempts`),
  );
}

/** Batches the job's writes: many sends, one statement per kind per write, one write at a time. */
export class SendRecorder {
  private accepted: Accepted[] = [];
  private refused: Refused[] = [];
  private requeued: string[] = [];
  private chain: Promise<void> = Promise.resolve();
  /** A write is waiting behind the one under way: it takes whatever is pending when it starts. */
  private waiting = false;
  private readonly timer: NodeJS.Timeout;
  /** The first write that failed: the job stops and pg-boss retries it (the rows stay `sending`, reconciled then). */
  failure: unknown;

  constructor(
    private readonly db: Db,
    private readonly target: SendTarget,
    private readonly onWritten: () => void,
    private readonly flushRows = 250,
    flushMs = 150,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), flushMs);
    this.timer.unref();
  }

  get pending() {
    return this.accepted.length + this.refused.length + this.requeued.length;
  }

  add(kind: 'accepted', item: Accepted): void;
  add(kind: 'refused', item: Refused): void;
  add(kind: 'requeued', item: string): void;
  add(kind: 'accepted' | 'refused' | 'requeued', item: Accepted | Refused | string) {
    if (kind === 'accepted') this.accepted.push(item as Accepted);
    else if (kind === 'refused') this.refused.push(item as Refused);
    else this.requeued.push(item as string);
    if (this.pending >= this.flushRows) void this.flush().catch(() => undefined);
  }

  /** Resolves when everything added so far is written. */
  flush(): Promise<void> {
    if (this.waiting) return this.chain;
    this.waiting = true;
    this.chain = this.chain.then(async () => {
      this.waiting = false;
      if (this.failure) throw this.failure;
      const { accepted, refused, requeued } = this;
      this.accepted = [];
      this.refused = [];
      this.requeued = [];
      if (!accepted.length && !refused.length && !requeued.length) return;
      try {
        await recordAccepted(this.db, this.target, accepted);
        await recordRefused(this.db, refused);
        await requeue(this.db, requeued);
      } catch (err) {
        this.failure = err;
        throw err;
      }
      this.onWritten();
    });
    return this.chain;
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}
