import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';

export interface UsageRow {
  day: string;
  service: string;
  billableUnits: number;
  totalUnits: number;
  amountMicros: number;
}

/** Metered use per UTC day and service in `[from, to]` (days, inclusive), oldest first. */
export async function usageByDay(db: Db, eId: string, from: string, to: string): Promise<UsageRow[]> {
  const result = await db.execute(sql`
    SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, service,
      coalesce(sum(units) FILTER (WHERE billable), 0)::bigint AS billable_units, sum(units)::bigint AS total_units, sum(amount_micros)::bigint AS amount
    FROM billing_events
    WHERE e_id = ${eId}::uuid AND occurred_at >= ${from}::date AT TIME ZONE 'UTC' AND occurred_at < (${to}::date + 1) AT TIME ZONE 'UTC'
    GROUP BY 1, 2 ORDER BY 1, 2`);
  return (result as unknown as { rows: { day: string; service: string; billable_units: string; total_units: string; amount: string }[] }).rows.map((r) => ({
    day: r.day,
    service: r.service,
    billableUnits: Number(r.billable_units),
    totalUnits: Number(r.total_units),
    amountMicros: Number(r.amount),
  }));
}

export interface MonthRow {
  period: string;
  totalUnits: number;
  amountMicros: number;
}

/** Metered use per UTC month, newest first. */
export async function usageByMonth(db: Db, eId: string, offset: number, limit: number): Promise<MonthRow[]> {
  const result = await db.execute(sql`
    SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM') AS period, sum(units)::bigint AS total_units, sum(amount_micros)::bigint AS amount
    FROM billing_events WHERE e_id = ${eId}::uuid
    GROUP BY 1 ORDER BY 1 DESC OFFSET ${offset} LIMIT ${limit}`);
  return (result as unknown as { rows: { period: string; total_units: string; amount: string }[] }).rows.map((r) => ({
    period: r.period,
    totalUnits: Number(r.total_units),
    amountMicros: Number(r.amount),
  }));
}

export interface LedgerRow {
  id: string;
  amountMicros: number;
  balanceMicros: number;
  description: string;
  createdAt: string;
}

/**
 * The ledger newest first: credits one by one, a prepaid account's per-event debits gathered per UTC day and service
 * (one line "WhatsApp marketing template × 120" rather than 120), each with the balance after it.
 */
export async function ledgerPage(db: Db, eId: string, offset: number, limit: number): Promise<{ rows: LedgerRow[]; counts: Map<string, number> }> {
  const result = await db.execute(sql`
    WITH keyed AS (
      SELECT id, amount_micros, description, created_at, reason_key LIKE 'event:%' AS debit,
        CASE WHEN reason_key LIKE 'event:%' THEN 'debit:' || description || ':' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') ELSE reason_key END AS line
      FROM wallet_entries WHERE e_id = ${eId}::uuid
    ), lines AS (
      SELECT min(id::text) AS id, sum(amount_micros)::bigint AS amount, min(description) AS description, count(*)::int AS n,
        CASE WHEN bool_or(debit) THEN max(created_at) ELSE min(created_at) END AS at
      FROM keyed GROUP BY line
    ), running AS (
      SELECT id, amount, description, n, at, sum(amount) OVER (ORDER BY at, id ROWS UNBOUNDED PRECEDING)::bigint AS balance FROM lines
    )
    SELECT * FROM running ORDER BY at DESC, id DESC OFFSET ${offset} LIMIT ${limit}`);
  const rows = (result as unknown as { rows: { id: string; amount: string; description: string; n: number; at: string | Date; balance: string }[] }).rows;
  return {
    rows: rows.map((r) => ({
      id: r.id,
      amountMicros: Number(r.amount),
      balanceMicros: Number(r.balance),
      description: r.description,
      createdAt: new Date(r.at).toISOString(),
    })),
    counts: new Map(rows.map((r) => [r.id, r.n])),
  };
}
