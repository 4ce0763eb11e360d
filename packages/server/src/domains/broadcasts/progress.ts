import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../realtime/event-bus.js';

/** Counters and events at most this often per broadcast: a browser needs a few updates a second, not thousands. */
export const PROGRESS_MS = 400;

export const BROADCAST_STATUS_EVENT = 'broadcast.status';
export const BROADCAST_MESSAGE_EVENT = 'broadcast.message';

export interface Counts {
  total: number;
  accepted: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}

interface Pending {
  eId: string;
  timer: NodeJS.Timeout | undefined;
  /** The latest message change not yet published (the newest wins: the screen reloads what it shows). */
  message: { messageId: string; status: string } | undefined;
}

/**
 * A broadcast's counters are recounted from its messages (one aggregate over its index), never incremented: a
 * replayed webhook or a resumed job cannot count twice. Recounts and their `broadcast.status` / `broadcast.message`
 * events are throttled per broadcast; `flush` does it at once (start, end).
 */
export class BroadcastProgress {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly db: Db,
    private readonly events: EventBus | undefined,
  ) {}

  /** Something changed: recount within PROGRESS_MS. */
  touch(broadcastId: string, eId: string, message?: { messageId: string; status: string }) {
    let p = this.pending.get(broadcastId);
    if (!p) this.pending.set(broadcastId, (p = { eId, timer: undefined, message: undefined }));
    if (message) p.message = message;
    if (p.timer) return;
    p.timer = setTimeout(() => void this.flush(broadcastId, eId).catch(() => undefined), PROGRESS_MS);
    p.timer.unref();
  }

  async flush(broadcastId: string, eId: string): Promise<{ status: string; counts: Counts } | null> {
    const p = this.pending.get(broadcastId);
    if (p?.timer) clearTimeout(p.timer);
    this.pending.delete(broadcastId);
    const now = await recount(this.db, broadcastId);
    if (!now || !this.events) return now;
    await this.events.publish({ type: BROADCAST_STATUS_EVENT, eId, data: { broadcastId, status: now.status, counts: now.counts } }).catch(() => undefined);
    if (p?.message) await this.events.publish({ type: BROADCAST_MESSAGE_EVENT, eId, data: { broadcastId, ...p.message } }).catch(() => undefined);
    return now;
  }
}

/** accepted, sent, delivered and read count the messages that got at least that far; failed those that failed. */
export async function recount(db: Db, broadcastId: string): Promise<{ status: string; counts: Counts } | null> {
  const result = await db.execute(sql`
    update broadcasts b set total = c.total, accepted = c.accepted, sent = c.sent, delivered = c.delivered, read = c.read, failed = c.failed
    from (
      select count(*)::int as total,
        count(*) filter (where state in ('accepted', 'sent', 'delivered', 'read'))::int as accepted,
        count(*) filter (where state in ('sent', 'delivered', 'read'))::int as sent,
        count(*) filter (where state in ('delivered', 'read'))::int as delivered,
        count(*) filter (where state = 'read')::int as read,
        count(*) filter (where state = 'failed')::int as failed
      from broadcast_messages where broadcast_id = ${broadcastId}::uuid
    ) c
    where b.id = ${broadcastId}::uuid
    returning b.status, b.total, b.accepted, b.sent, b.delivered, b.read, b.failed`);
  const row = (result as unknown as { rows: (Counts & { status: string })[] }).rows[0];
  if (!row) return null;
  const { status, ...counts } = row;
  return { status, counts };
}

const instances = new WeakMap<Db, BroadcastProgress>();

/** One throttle per database in a process, shared by the send job and the webhook endpoint. */
export function progressFor(db: Db, events: EventBus | undefined): BroadcastProgress {
  let p = instances.get(db);
  if (!p) instances.set(db, (p = new BroadcastProgress(db, events)));
  return p;
}
