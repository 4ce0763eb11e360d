import { sql } from 'drizzle-orm';
import type { StatusItem, Tx } from '../channels/status-batch.js';
import { isUuid } from '../customers/queries.js';
import { meterCtes } from './meter.js';

/**
 * Meters a WhatsApp message once its vendor says it was delivered (or read, when `delivered` never came): Meta charges
 * delivered messages only, so one sent and then failed (131026, undeliverable) costs nothing.
 */
const WENT = new Set(['delivered', 'read']);

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

/**
 * Meters the WhatsApp messages these new status events show delivered, in the webhook's own transaction: one event per
 * message (`whatsapp_message`, `<channel id>:<wamid>`), however many statuses and retries name it. The price is the
 * vendor's `pricing.category` and `pricing.billable` where the status carries them (Meta's do on delivered);
 * otherwise the category of the template the message was sent with (a broadcast's, by the id it carries back, or a
 * recorded send's), and a message sent with no template is a service message (an agent's reply in the window).
 * Failed messages are not charged (Meta charges none).
 */
export async function meterStatuses(tx: Tx, fresh: StatusItem[]): Promise<number> {
  const seen = new Set<string>();
  const rows = fresh.flatMap(({ channel, event }) => {
    const key = `${channel.id}:${event.messageId}`;
    if (!WENT.has(event.status) || seen.has(key)) return [];
    seen.add(key);
    const pricing = obj(obj(event.raw).pricing);
    const category = typeof pricing.category === 'string' ? pricing.category : null;
    const callback = event.callbackData && isUuid(event.callbackData) ? event.callbackData.toLowerCase() : null;
    return [
      {
        eId: channel.eId,
        channelId: channel.id,
        wamid: event.messageId,
        category,
        billable: pricing.billable !== false,
        callback,
        at: new Date(event.timestamp * 1000).toISOString(),
      },
    ];
  });
  if (!rows.length) return 0;
  const col = <V>(f: (r: (typeof rows)[number]) => V) => sql.param(rows.map(f));
  const result = await tx.execute(sql`
    WITH v AS (
      SELECT * FROM unnest(${col((r) => r.eId)}::uuid[], ${col((r) => r.channelId)}::uuid[], ${col((r) => r.wamid)}::text[], ${col((r) => r.category)}::text[],
        ${col((r) => r.billable)}::boolean[], ${col((r) => r.callback)}::uuid[], ${col((r) => r.at)}::timestamptz[])
        AS t(e_id, channel_id, wamid, category, billable, callback_id, occurred_at)
    ), priced AS (
      SELECT v.e_id, lower(coalesce(v.category, bc.category, cc.category, 'service')) AS category, v.channel_id, v.wamid, v.billable, v.occurred_at
      FROM v
      LEFT JOIN LATERAL (
        SELECT t.category FROM broadcast_messages bm JOIN broadcasts b ON b.id = bm.broadcast_id JOIN message_templates t ON t.id = b.template_id
        WHERE bm.id = v.callback_id AND bm.e_id = v.e_id
      ) bc ON true
      LEFT JOIN LATERAL (
        SELECT t.category FROM channel_messages cm JOIN message_templates t ON t.channel_id = cm.channel_id AND t.name = cm.template_name
        WHERE cm.channel_id = v.channel_id AND cm.wamid = v.wamid LIMIT 1
      ) cc ON true
    ), ${meterCtes(sql`
      SELECT e_id,
        CASE WHEN category LIKE 'marketing%' THEN 'WHATSAPP_MARKETING' WHEN category LIKE 'utility%' THEN 'WHATSAPP_UTILITY'
             WHEN category LIKE 'authentication%' THEN 'WHATSAPP_AUTHENTICATION' ELSE 'WHATSAPP_SERVICE' END AS service,
        'whatsapp_message' AS source, channel_id::text || ':' || wamid AS source_id, 1 AS units, billable, occurred_at
      FROM priced`)}
    SELECT count(*)::int AS n FROM metered`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}
