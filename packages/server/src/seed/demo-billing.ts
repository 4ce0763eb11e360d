import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { credit, setUpAccount } from '../domains/billing/account-queries.js';
import { meterCtes } from '../domains/billing/meter.js';
import { toMicros } from '../domains/billing/rates.js';

/** The demo wallet's opening balance (INR): room for every demo and test broadcast many times over. */
export const DEMO_OPENING_BALANCE = 10_000;

/**
 * The demo's billing (docs/billing.md): a prepaid INR account on the default rate card with an opening credit, and
 * the bot turns the demo already holds (seeded conversations, written without the turn store) metered as the turn
 * store meters them, on the days they happened. The demo broadcast sent at first start is metered live from its
 * webhooks. Safe to run again: the account and rates are upserts, the credit and each turn have their unique keys.
 */
export async function seedDemoBilling(db: Db, eId: string) {
  await setUpAccount(db, eId, { accountType: 'Prepaid', currencyCode: 'INR' });
  await credit(db, eId, toMicros(DEMO_OPENING_BALANCE), 'demo:opening-balance', 'Opening balance (demo)');
  await db.execute(sql`
    WITH ${meterCtes(sql`
      SELECT e_id, 'NLU_TURN' AS service, 'nlu_turn' AS source, id::text AS source_id, 1 AS units, true AS billable, created_at AS occurred_at
      FROM conversation_messages WHERE e_id = ${eId}::uuid`)}
    SELECT count(*) FROM metered`);
}
