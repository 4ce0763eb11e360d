import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { BillingTexts, currencySymbolOf, type BillingService } from '@parley/sdk/contract/billing';
import { Codes } from '@parley/sdk/contract/envelope';
import type { Db } from '../../db/database.js';
import { broadcastMessages, broadcasts, messageTemplates } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { accountOf, balanceMicros, ratesOf, type Account } from './account-queries.js';
import { fromMicros, serviceOfCategory } from './rates.js';

export interface BroadcastPrice {
  account: Account;
  service: BillingService;
  unitMicros: number;
}

/** What one message of a template costs this enterprise (its category's price on the rate card). */
export async function priceOfCategory(db: Db, eId: string, category: string | null | undefined): Promise<BroadcastPrice> {
  const account = await accountOf(db, eId);
  const service = serviceOfCategory(category);
  const rates = await ratesOf(db, eId, account.currencyCode);
  return { account, service, unitMicros: rates[service] };
}

/**
 * What the wallet still has to cover: this enterprise's broadcast messages handed to the vendor and not yet metered
 * (a message is metered when the vendor says it was delivered), each at `unitMicros`.
 */
async function inFlightMicros(db: Db, eId: string, unitMicros: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(broadcastMessages)
    .innerJoin(broadcasts, eq(broadcasts.id, broadcastMessages.broadcastId))
    .where(
      and(
        eq(broadcasts.eId, eId),
        // A message may wait a while for its delivery: broadcasts finished within the day still count.
        or(inArray(broadcasts.status, ['QUEUED', 'SENDING']), gt(broadcasts.completedAt, sql`now() - interval '1 day'`)),
        inArray(broadcastMessages.state, ['sending', 'accepted', 'sent']),
      ),
    );
  return (row?.n ?? 0) * unitMicros;
}

/** The balance a prepaid broadcast may still spend: the wallet less what is in flight. */
export async function spendableMicros(db: Db, eId: string, unitMicros: number): Promise<number> {
  return (await balanceMicros(db, eId)) - (await inFlightMicros(db, eId, unitMicros));
}

const money = (micros: number, currency: string) => `${currencySymbolOf(currency)} ${fromMicros(micros).toFixed(2)}`;

/**
 * Refuses, before anything is stored or sent, a prepaid enterprise's broadcast of `count` messages that its wallet
 * cannot cover (customer-master-and-broadcast 7, the estimate's `estimatedRate` against the balance); an inactive
 * account sends nothing.
 */
export async function assertAffordable(db: Db, eId: string, category: string, count: number) {
  const price = await priceOfCategory(db, eId, category);
  if (price.account.accountStatus === 'INACTIVE') throw new ApiError(Codes.VALIDATION_FAILED, BillingTexts.inactive, 400);
  if (price.account.accountType !== 'Prepaid' || count === 0) return;
  const needed = count * price.unitMicros;
  const spendable = await spendableMicros(db, eId, price.unitMicros);
  if (needed > spendable) {
    throw new ApiError(
      Codes.VALIDATION_FAILED,
      BillingTexts.insufficientBalance(money(needed, price.account.currencyCode), money(Math.max(0, spendable), price.account.currencyCode)),
      400,
    );
  }
}

/**
 * The sender's check before each batch it claims: how many more messages a prepaid wallet covers (a postpaid one is
 * never held back), and, once it covers none, the broadcast's remaining recipients marked failed with
 * BillingTexts.walletExhausted: kept in its message list, never sent, and counted as failed.
 */
export class BroadcastBudget {
  private price: BroadcastPrice | null = null;

  constructor(
    private readonly db: Db,
    private readonly eId: string,
    private readonly broadcastId: string,
    private readonly templateId: string | null,
  ) {}

  private async priced(): Promise<BroadcastPrice> {
    if (this.price) return this.price;
    const [t] = this.templateId
      ? await this.db.select({ category: messageTemplates.category }).from(messageTemplates).where(eq(messageTemplates.id, this.templateId))
      : [];
    this.price = await priceOfCategory(this.db, this.eId, t?.category);
    return this.price;
  }

  /** Up to `wanted`: how many messages may be claimed now. */
  async allowance(wanted: number): Promise<number> {
    const price = await this.priced();
    if (price.account.accountType !== 'Prepaid' || price.unitMicros <= 0) return wanted;
    const spendable = await spendableMicros(this.db, this.eId, price.unitMicros);
    return Math.max(0, Math.min(wanted, Math.floor(spendable / price.unitMicros)));
  }

  /** The wallet covers no more: what is still queued is failed (not sent), and says why. Returns how many. */
  async stop(): Promise<number> {
    const rows = await this.db
      .update(broadcastMessages)
      .set({ state: 'failed', errorTitle: BillingTexts.walletExhausted, statusAt: new Date() })
      .where(and(eq(broadcastMessages.broadcastId, this.broadcastId), eq(broadcastMessages.state, 'queued')))
      .returning({ id: broadcastMessages.id });
    return rows.length;
  }
}
