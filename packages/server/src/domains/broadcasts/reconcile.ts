import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { recordAccepted, requeue, type SendTarget } from './send-record.js';

export interface ReconcileOptions {
  /** How long webhooks may take to tell a handed message's fate, counted from now (the process was down meanwhile). */
  waitMs: number;
  pollMs: number;
}

/** Cloud API status webhooks usually follow an accepted send within seconds; Meta retries them for days. */
export const RECONCILE: ReconcileOptions = { waitMs: 15_000, pollMs: 500 };

/**
 * The title of a message handed to the vendor whose answer never came and of which no webhook spoke: the vendor may
 * have it, and a Cloud API send has no idempotency key, so sending it again could reach the customer twice. Failed
 * with this title it is shown as failed; a webhook that names it later still moves it on (send-status.ts).
 */
export const NOT_SENT_AGAIN = 'The vendor did not answer; not sent again to avoid a duplicate';

type Rows<T> = { rows: T[] };

/**
 * Settles every message of the broadcast left in `sending`. One claimed but never handed (handed_at null) cannot
 * have reached the vendor: it is queued again at once. One handed may have: every status webhook echoes the
 * message's id (`biz_opaque_callback_data`), so a message with any event was accepted and its wamid and status are
 * recorded. One with none after `waitMs` is failed with NOT_SENT_AGAIN, never sent again: only the vendor's own
 * refusal (send-job.ts) or a request that never left lets a message go twice.
 */
export async function reconcile(db: Db, target: SendTarget, opts: ReconcileOptions = RECONCILE): Promise<{ found: number; requeued: number; failed: number }> {
  const deadline = Date.now() + opts.waitMs;
  const never = (
    (await db.execute(sql`
      select id from broadcast_messages where broadcast_id = ${target.broadcastId}::uuid and state = 'sending' and handed_at is null`)) as unknown as Rows<{
      id: string;
    }>
  ).rows.map((r) => r.id);
  await requeue(db, never);
  let found = 0;
  for (;;) {
    const unknown = (
      (await db.execute(sql`
        select id, recipient from broadcast_messages
        where broadcast_id = ${target.broadcastId}::uuid and state = 'sending' and handed_at is not null`)) as unknown as Rows<{
        id: string;
        recipient: string;
      }>
    ).rows;
    if (!unknown.length) return { found, requeued: never.length, failed: 0 };
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
    const still = unknown.filter((u) => !wamidOf.has(u.id)).map((u) => u.id);
    if (!still.length) return { found, requeued: never.length, failed: 0 };
    if (Date.now() >= deadline) {
      await db.execute(sql`
        update broadcast_messages set state = 'failed', error_code = null, error_title = ${NOT_SENT_AGAIN}, status_at = now()
        where id = any(${sql.param(still)}::uuid[]) and state = 'sending'`);
      return { found, requeued: never.length, failed: still.length };
    }
    await new Promise((r) => setTimeout(r, opts.pollMs));
  }
}
