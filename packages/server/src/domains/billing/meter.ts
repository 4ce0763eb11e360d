import { sql, type SQL } from 'drizzle-orm';
import type { BillingService } from '@parley/sdk/contract/billing';
import type { Db } from '../../db/database.js';
import type { Tx } from '../channels/status-batch.js';
import { defaultRateRows } from './rates.js';

/** One billable event as its writer knows it: `(eId, source, sourceId)` names it once and for all. */
export interface MeterRow {
  eId: string;
  service: BillingService;
  /** What kind of thing it is: `whatsapp_message`, `nlu_turn`, `llm_tokens`. */
  source: string;
  sourceId: string;
  units: number;
  billable: boolean;
  occurredAt: Date;
}

// Constants of this file, never input: written into the statement so the hot paths send no extra parameters.
const DEFAULTS = sql.raw(
  `(VALUES ${defaultRateRows()
    .map(([c, s, p]) => `('${c}', '${s}', ${p}::bigint)`)
    .join(', ')}) AS d(currency, service, price)`,
);

/**
 * The metering CTEs over `rows`, a query of `(e_id uuid, service text, source text, source_id text, units int,
 * billable boolean, occurred_at timestamptz)`: `metered` inserts each event once (ON CONFLICT DO NOTHING on its key)
 * priced by the enterprise's rate card (else the default card of its currency), and `debited` writes a prepaid
 * account's debit for each event this statement inserted, keyed `event:<source>:<source id>` (unique too). One
 * statement, so the event and its debit commit together or not at all; a repeat inserts neither.
 */
export const meterCtes = (rows: SQL) => sql`
  metered_rows AS (
    SELECT DISTINCT ON (e_id, source, source_id) * FROM (${rows}) r
  ), metered AS (
    INSERT INTO billing_events (e_id, service, source, source_id, units, billable, unit_price_micros, amount_micros, currency_code, occurred_at)
    SELECT v.e_id, v.service, v.source, v.source_id, v.units, v.billable, p.price,
      CASE WHEN v.billable THEN round(v.units::numeric * p.price / CASE WHEN v.service = 'LLM_TOKENS' THEN 1000 ELSE 1 END)::bigint ELSE 0 END,
      p.currency, v.occurred_at
    FROM metered_rows v
    LEFT JOIN billing_accounts a ON a.e_id = v.e_id
    CROSS JOIN LATERAL (
      SELECT coalesce(a.currency_code, 'INR') AS currency,
        coalesce(
          (SELECT r.unit_price_micros FROM billing_rates r WHERE r.e_id = v.e_id AND r.service = v.service),
          (SELECT d.price FROM ${DEFAULTS} WHERE d.currency = coalesce(a.currency_code, 'INR') AND d.service = v.service),
          0) AS price
    ) p
    ON CONFLICT (e_id, source, source_id) DO NOTHING
    RETURNING e_id, service, source, source_id, amount_micros
  ), debited AS (
    INSERT INTO wallet_entries (e_id, amount_micros, reason_key, description)
    SELECT m.e_id, -m.amount_micros, 'event:' || m.source || ':' || m.source_id, m.service
    FROM metered m JOIN billing_accounts a ON a.e_id = m.e_id AND a.account_type = 'Prepaid'
    WHERE m.amount_micros > 0
    ON CONFLICT (e_id, reason_key) DO NOTHING
    RETURNING 1
  )`;

/** Meters these events (each once, whatever was metered before); returns how many were new. */
export async function meter(db: Db | Tx, rows: MeterRow[]): Promise<number> {
  if (!rows.length) return 0;
  const col = <V>(f: (r: MeterRow) => V) => sql.param(rows.map(f));
  const result = await db.execute(sql`
    WITH ${meterCtes(sql`
      SELECT * FROM unnest(${col((r) => r.eId)}::uuid[], ${col((r) => r.service)}::text[], ${col((r) => r.source)}::text[], ${col((r) => r.sourceId)}::text[],
        ${col((r) => r.units)}::int[], ${col((r) => r.billable)}::boolean[], ${col((r) => r.occurredAt.toISOString())}::timestamptz[])
        AS t(e_id, service, source, source_id, units, billable, occurred_at)`)}
    SELECT count(*)::int AS n FROM metered`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * The hook for LLM tokens, for the per-agent token accounting to call once per model answer (not wired yet: docs/
 * billing.md). `answerId` names the answer once and for all; tokens are priced per 1,000.
 */
export const meterLlmTokens = (db: Db | Tx, e: { eId: string; answerId: string; tokens: number; at: Date }) =>
  meter(db, [{ eId: e.eId, service: 'LLM_TOKENS', source: 'llm_tokens', sourceId: e.answerId, units: e.tokens, billable: true, occurredAt: e.at }]);
