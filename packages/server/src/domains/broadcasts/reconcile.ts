import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { recordAccepted, type SendTarget } from './send-record.js';

export interface ReconcileOptions {
  /** How long webhooks may take to tell a message's fate, counted from now (the process was down meanwhile). */
  waitMs: number;
  pollMs: number;
  /** Handovers before a message with no answer is given up as failed rather than sent again. */
  maxAttempts: number;
}

/** Cloud API status webhooks usually follow an accepted send within seconds; Meta retries them for days. */
export const RECONCILE: ReconcileOptions = { waitMs: 15_000, pollMs: 500, maxAttempts: 5 };

export const NO_ANSWER = 'The vendor did not answer';

type Rows<T> = { rows: T[] };

/**
 * Settles every message of the broadcast left in `sending`, whose fate is unknown: handed to the vendor by a process
 * that died (or whose call got no answer) before the reply was recorded. Every status webhook echoes the message's id
 * (`biz_opaque_callback_data`), so a message with any event was accepted: its wamid and status are recorded and it is
 * never sent again. A message with none after `waitMs` is taken as never accepted and queued again (failed after
 * `maxAttempts`). The window left: a vendor that accepted a message and then sent no webhook at all within `waitMs`
 * gets it twice.
 */
export async function reconcile(db: Db, target: SendTarget, opts: ReconcileOptions = RECONCILE): Promise<{ found: number; requeued: number; failed: number }> {
  const deadline = Date.now() + opts.waitMs;
  let found = 0;
  for (;;) {
    const unknown = (
      (await db.execute(sql`select id, recipient, attempts from broadcast_messages where broadcast_id = ${target.broadcastId}::uuid and state = 'sending'`)) as unknown as Rows<{
        id: string;
        recipient: string;
        attempts: number;
      }>
    ).rows;
    if (!unknown.length) return { found, requeued: 0, failed: 0 };
    const seen = (
      (await db.execute(sql`
        select distinct on (callback_data) callback_data as id, wamid from channel_message_events
        where channel_id = ${target.channelId}::uuid and callback_data = any(${sql.param(unknown.map((u) => u.id))}::text[])
        order by callback_data, occurred_at`)) as unknown as Rows<{ id: string; wamid: string }>
    ).rows;
    const wamidOf = new Map(seen.map((s) => [s.id, s.wamid]));
    const settled = unknown.flatMap((u) => (wamidOf.has(u.id) ? [{ id: u.id, wamid: wamidOf.get(u.id)!, recipient: u.recipient }] : []));
    await recordAccepted(db, target, settled);
    found += settled.length;
    const still = unknown.filter((u) => !wamidOf.has(u.id));
    if (!still.length) return { found, requeued: 0, failed: 0 };
    if (Date.now() >= deadline) {
      const giveUp = still.filter((u) => u.attempts >= opts.maxAttempts).map((u) => u.id);
      const again = still.filter((u) => u.attempts < opts.maxAttempts).map((u) => u.id);
      await db.execute(sql`update broadcast_messages set state = 'queued' where id = any(${sql.param(again)}::uuid[]) and state = 'sending'`);
      await db.execute(sql`
        update broadcast_messages set state = 'failed', error_code = 0, error_title = ${NO_ANSWER}, status_at = now()
        where id = any(${sql.param(giveUp)}::uuid[]) and state = 'sending'`);
      return { found, requeued: again.length, failed: giveUp.length };
    }
    await new Promise((r) => setTimeout(r, opts.pollMs));
  }
}
