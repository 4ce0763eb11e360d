import { and, eq, sql } from 'drizzle-orm';
import { BILLING_SERVICES, type AccountStatus, type AccountType, type BillingService, type CurrencyCode } from '@parley/sdk/contract/billing';
import type { Db } from '../../db/database.js';
import { billingAccounts, billingRates, walletEntries } from '../../db/schema.js';
import type { Tx } from '../channels/status-batch.js';
import { DEFAULT_RATES, toMicros } from './rates.js';

export interface Account {
  accountType: AccountType;
  accountStatus: AccountStatus;
  currencyCode: CurrencyCode;
  /** Whether the enterprise has an account row (otherwise the defaults below apply). */
  exists: boolean;
}

/** An enterprise without an account row is Postpaid, ACTIVE, INR: nothing is held back until billing is set up. */
export async function accountOf(db: Db | Tx, eId: string): Promise<Account> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.eId, eId));
  if (!row) return { accountType: 'Postpaid', accountStatus: 'ACTIVE', currencyCode: 'INR', exists: false };
  return {
    accountType: row.accountType === 'Prepaid' ? 'Prepaid' : 'Postpaid',
    accountStatus: row.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    currencyCode: row.currencyCode === 'USD' ? 'USD' : 'INR',
    exists: true,
  };
}

/** The wallet's balance in micros: the sum of its ledger. */
export async function balanceMicros(db: Db | Tx, eId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${walletEntries.amountMicros}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.eId, eId));
  return Number(row?.n ?? 0);
}

/** The unit price of each service (micros), the enterprise's own where set, else the default card of its currency. */
export async function ratesOf(db: Db | Tx, eId: string, currency: CurrencyCode): Promise<Record<BillingService, number>> {
  const own = await db.select().from(billingRates).where(eq(billingRates.eId, eId));
  const byService = new Map(own.map((r) => [r.service, Number(r.unitPriceMicros)]));
  return Object.fromEntries(BILLING_SERVICES.map((s) => [s, byService.get(s) ?? toMicros(DEFAULT_RATES[currency][s])])) as Record<BillingService, number>;
}

export async function rateUpdatedAt(db: Db | Tx, eId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${billingRates.updatedAt})` })
    .from(billingRates)
    .where(eq(billingRates.eId, eId));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Sets up (or changes) an enterprise's account and rate card; `rates` in currency units, missing services from the
 * default card. Used by the demo seed and tests (the platform operator's screen for it is not built).
 */
export async function setUpAccount(
  db: Db,
  eId: string,
  opts: { accountType: AccountType; currencyCode: CurrencyCode; status?: AccountStatus; rates?: Partial<Record<BillingService, number>> },
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(billingAccounts)
      .values({ eId, accountType: opts.accountType, currencyCode: opts.currencyCode, status: opts.status ?? 'ACTIVE' })
      .onConflictDoUpdate({
        target: billingAccounts.eId,
        set: { accountType: opts.accountType, currencyCode: opts.currencyCode, status: opts.status ?? 'ACTIVE', updatedAt: new Date() },
      });
    for (const service of BILLING_SERVICES) {
      const price = toMicros(opts.rates?.[service] ?? DEFAULT_RATES[opts.currencyCode][service]);
      await tx
        .insert(billingRates)
        .values({ eId, service, unitPriceMicros: price })
        .onConflictDoUpdate({ target: [billingRates.eId, billingRates.service], set: { unitPriceMicros: price, updatedAt: new Date() } });
    }
  });
}

/** Writes a credit once per `reasonKey`; true when this call wrote it. */
export async function credit(db: Db | Tx, eId: string, amountMicros: number, reasonKey: string, description: string): Promise<boolean> {
  const rows = await db.insert(walletEntries).values({ eId, amountMicros, reasonKey, description }).onConflictDoNothing().returning({ id: walletEntries.id });
  return rows.length > 0;
}

export async function hasEntry(db: Db | Tx, eId: string, reasonKey: string): Promise<boolean> {
  const rows = await db
    .select({ id: walletEntries.id })
    .from(walletEntries)
    .where(and(eq(walletEntries.eId, eId), eq(walletEntries.reasonKey, reasonKey)));
  return rows.length > 0;
}
