import {
  BILLING_SERVICE_LABELS,
  BILLING_SERVICES,
  BILLING_SERVICE_UNITS,
  currencySymbolOf,
  type BillingService,
  type ConsumptionReply,
  type Invoice,
  type LedgerEntry,
  type RateCard,
} from '@parley/sdk/contract/billing';
import { BroadcastMessages } from '@parley/sdk/contract/broadcasts';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { findTemplateOfChannel } from '../templates/queries.js';
import { accountOf, balanceMicros, rateUpdatedAt, ratesOf } from './account-queries.js';
import { priceOfCategory, spendableMicros } from './broadcast-budget.js';
import { ledgerPage, usageByDay, usageByMonth } from './consumption-queries.js';
import { fromMicros, MICROS } from './rates.js';

const round6 = (n: number) => Math.round(n * MICROS) / MICROS;
const money = (micros: number) => round6(fromMicros(micros));
const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;
const DAY_MS = 86_400_000;

/** Reads of the billing screen and the top bar: status, consumption, rate card, invoices, ledger; the estimate. */
export class BillingReads {
  constructor(private readonly db: Db) {}

  /** Prepaid: the ledger's sum. Postpaid: minus this month's metered amount (what the next invoice will ask). */
  async walletBalance(eId: string): Promise<number> {
    const account = await accountOf(this.db, eId);
    if (account.accountType === 'Prepaid') return money(await balanceMicros(this.db, eId));
    const [month] = await usageByMonth(this.db, eId, 0, 1);
    return month && month.period === today().slice(0, 7) ? -money(month.amountMicros) : 0;
  }

  async accountStatus(auth: AuthContext) {
    const account = await accountOf(this.db, auth.eId);
    return {
      requestType: 'get_enterprise_account_status' as const,
      accountStatus: account.accountStatus,
      accountType: account.accountType,
      walletBalance: await this.walletBalance(auth.eId),
      currencyCode: account.currencyCode,
      currencySymbol: currencySymbolOf(account.currencyCode),
    };
  }

  async consumption(auth: AuthContext, fromDate = monthStart(), toDate = today()): Promise<ConsumptionReply> {
    const span = (Date.parse(toDate) - Date.parse(fromDate)) / DAY_MS;
    if (!Number.isFinite(span)) throw ApiError.field('fromDate', 'Invalid Date Format');
    if (span < 0) throw ApiError.field('toDate', 'To date must be on or after the from date');
    if (span > 366) throw ApiError.field('toDate', 'Choose at most 366 days');
    const account = await accountOf(this.db, auth.eId);
    const rows = await usageByDay(this.db, auth.eId, fromDate, toDate);
    const zero = () => ({ billableUnits: 0, totalUnits: 0, amountMicros: 0 });
    const totals = new Map<string, ReturnType<typeof zero>>(BILLING_SERVICES.map((s) => [s, zero()]));
    const days = new Map<string, Map<string, ReturnType<typeof zero>>>();
    for (const r of rows) {
      const t = totals.get(r.service) ?? zero();
      t.billableUnits += r.billableUnits;
      t.totalUnits += r.totalUnits;
      t.amountMicros += r.amountMicros;
      totals.set(r.service, t);
      const d = days.get(r.day) ?? new Map();
      d.set(r.service, { billableUnits: r.billableUnits, totalUnits: r.totalUnits, amountMicros: r.amountMicros });
      days.set(r.day, d);
    }
    const services = (m: Map<string, ReturnType<typeof zero>>) =>
      [...m].map(([planEntityId, v]) => ({
        planEntityId: planEntityId as BillingService,
        billableUnits: v.billableUnits,
        totalUnits: v.totalUnits,
        amount: money(v.amountMicros),
      }));
    const sums = (list: ReturnType<typeof services>) => ({
      sumAllBillableUnits: list.reduce((a, s) => a + s.billableUnits, 0),
      sumAllTotalUnits: list.reduce((a, s) => a + s.totalUnits, 0),
      sumAllTotalAmount: round6(list.reduce((a, s) => a + s.amount, 0)),
    });
    const overall = services(totals);
    return {
      requestType: 'get_enterprise_consumption',
      fromDate,
      toDate,
      currencyCode: account.currencyCode,
      currencySymbol: currencySymbolOf(account.currencyCode),
      ...sums(overall),
      serviceConsumption: overall,
      days: [...days].map(([date, m]) => {
        const list = services(m);
        return { date, ...sums(list), serviceConsumption: list };
      }),
    };
  }

  async rateCard(auth: AuthContext): Promise<RateCard> {
    const account = await accountOf(this.db, auth.eId);
    const rates = await ratesOf(this.db, auth.eId, account.currencyCode);
    const updated = await rateUpdatedAt(this.db, auth.eId);
    return {
      currencyCode: account.currencyCode,
      currencySymbol: currencySymbolOf(account.currencyCode),
      accountType: account.accountType,
      rates: BILLING_SERVICES.map((s) => ({ planEntityId: s, name: BILLING_SERVICE_LABELS[s], unit: BILLING_SERVICE_UNITS[s], unitPrice: money(rates[s]) })),
      updatedOn: (updated ?? new Date(0)).toISOString(),
    };
  }

  async invoices(auth: AuthContext, from: number, perPage: number): Promise<{ items: Invoice[]; more: boolean }> {
    const account = await accountOf(this.db, auth.eId);
    const months = await usageByMonth(this.db, auth.eId, from, perPage + 1);
    const current = today().slice(0, 7);
    const items = months.slice(0, perPage).map((m) => ({
      id: `INV-${m.period}`,
      period: m.period,
      currencyCode: account.currencyCode,
      currencySymbol: currencySymbolOf(account.currencyCode),
      totalUnits: m.totalUnits,
      amount: money(m.amountMicros),
      status: m.period === current ? ('open' as const) : account.accountType === 'Prepaid' ? ('paid' as const) : ('due' as const),
    }));
    return { items, more: months.length > perPage };
  }

  async ledger(auth: AuthContext, from: number, perPage: number): Promise<{ items: LedgerEntry[]; more: boolean }> {
    const { rows, counts } = await ledgerPage(this.db, auth.eId, from, perPage + 1);
    const items = rows.slice(0, perPage).map((r) => {
      const service = (BILLING_SERVICES as readonly string[]).includes(r.description) ? (r.description as BillingService) : null;
      return {
        id: r.id,
        kind: r.amountMicros >= 0 ? ('credit' as const) : ('debit' as const),
        amount: money(Math.abs(r.amountMicros)),
        balance: money(r.balanceMicros),
        description: service ? `${BILLING_SERVICE_LABELS[service]} × ${counts.get(r.id) ?? 1}` : r.description,
        createdOn: r.createdAt,
      };
    });
    return { items, more: rows.length > perPage };
  }

  /** The campaign estimate (customer-master-and-broadcast 7): the template's category priced for every recipient. */
  async estimate(auth: AuthContext, input: { channelId: string; templateId: string; noOfRecipients: number }) {
    const template = await findTemplateOfChannel(this.db, auth.eId, input.channelId, input.templateId.trim(), false);
    if (!template) throw ApiError.notFound(BroadcastMessages.templateNotFound);
    const price = await priceOfCategory(this.db, auth.eId, template.category);
    const needed = price.unitMicros * input.noOfRecipients;
    const prepaid = price.account.accountType === 'Prepaid';
    const spendable = prepaid ? await spendableMicros(this.db, auth.eId, price.unitMicros) : 0;
    return {
      currencySymbol: currencySymbolOf(price.account.currencyCode),
      estimatedRate: money(needed),
      currencyCode: price.account.currencyCode,
      planEntityId: price.service,
      unitPrice: money(price.unitMicros),
      noOfRecipients: input.noOfRecipients,
      accountType: price.account.accountType,
      walletBalance: await this.walletBalance(auth.eId),
      affordable: price.account.accountStatus === 'ACTIVE' && (!prepaid || needed <= spendable),
    };
  }
}
