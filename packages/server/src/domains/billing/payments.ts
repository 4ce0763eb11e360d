import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { BillingTexts, currencySymbolOf, type PaymentStatus, type Recharge } from '@parley/sdk/contract/billing';
import { Codes } from '@parley/sdk/contract/envelope';
import type { Db } from '../../db/database.js';
import { paymentLinks, users } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { PaymentProviderError } from '../../vendors/razorpay-links.js';
import { accountOf, credit } from './account-queries.js';
import type { PaymentSetup } from './payment-setup.js';
import type { BillingReads } from './service.js';

/** How long a payment link stays payable. */
const LINK_HOURS = 24;

type LinkRow = typeof paymentLinks.$inferSelect;

const refused = (message: string) => new ApiError(Codes.VALIDATION_FAILED, message, 400);

/** Razorpay's link statuses as the payment page shows them: not paid yet is pending (platform-shell 2.6). */
export function pageStatusOf(status: string): PaymentStatus {
  if (status === 'paid' || status === 'expired' || status === 'cancelled') return status;
  return 'pending';
}

function present(row: LinkRow): Recharge {
  return {
    id: row.id,
    referenceId: row.referenceId,
    paymentLinkId: row.linkId,
    url: row.url,
    amount: row.amountMinor / 100,
    currencyCode: row.currencyCode === 'USD' ? 'USD' : 'INR',
    currencySymbol: currencySymbolOf(row.currencyCode),
    status: row.status === 'created' ? 'created' : pageStatusOf(row.status),
    paymentId: row.paymentId,
    createdBy: row.createdByName,
    createdOn: row.createdAt.toISOString(),
    creditedOn: row.creditedAt?.toISOString() ?? null,
    expireBy: row.expireBy?.toISOString() ?? null,
  };
}

/** Recharges: a payment link per recharge, and the provider's redirect verified and credited once. */
export class Payments {
  constructor(
    private readonly db: Db,
    private readonly setup: PaymentSetup,
    private readonly reads: BillingReads,
  ) {}

  async recharge(auth: AuthContext, amount: number, mobileNumber?: string): Promise<Recharge> {
    const links = this.setup.links;
    if (!links) throw new ApiError(Codes.NOT_CONFIGURED, BillingTexts.providerNotConfigured, 200);
    const account = await accountOf(this.db, auth.eId);
    if (account.accountType !== 'Prepaid') throw refused(BillingTexts.postpaidRecharge);
    const amountMinor = Math.round(amount * 100);
    // Razorpay takes up to 40 characters; unique over every enterprise (the redirect names it).
    const referenceId = `rch_${randomBytes(12).toString('hex')}`;
    let link;
    try {
      link = await links.createLink({
        amountMinor,
        currency: account.currencyCode,
        referenceId,
        description: `Parley wallet recharge`,
        callbackUrl: this.setup.callbackUrl,
        expireBy: new Date(Date.now() + LINK_HOURS * 3_600_000),
        ...(mobileNumber ? { contact: mobileNumber } : {}),
      });
    } catch (err) {
      if (err instanceof PaymentProviderError) throw new ApiError(Codes.INTERNAL, BillingTexts.providerUnavailable, 502);
      throw err;
    }
    const [user] = await this.db.select({ name: users.name }).from(users).where(eq(users.id, auth.uId));
    const [row] = await this.db
      .insert(paymentLinks)
      .values({
        eId: auth.eId,
        referenceId,
        linkId: link.id,
        url: link.shortUrl,
        amountMinor,
        currencyCode: account.currencyCode,
        status: link.status,
        mobileNumber: mobileNumber ?? null,
        createdBy: auth.uId,
        createdByName: user?.name ?? null,
        expireBy: link.expireBy,
      })
      .returning();
    return present(row!);
  }

  async list(auth: AuthContext, from: number, perPage: number) {
    const rows = await this.db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.eId, auth.eId))
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
      .offset(from)
      .limit(perPage + 1);
    return { items: rows.slice(0, perPage).map(present), more: rows.length > perPage };
  }

  /**
   * `update_payment_status`: the redirect's parameters, verified against our key secret (constant time) and against the
   * link this enterprise made. A paid link credits the wallet with the amount we asked for (never one the query
   * names), once: the link's `credited_at` and the ledger's `payment:<link id>` key both admit a single credit.
   */
  async updateStatus(
    auth: AuthContext,
    p: {
      razorpay_payment_link_status: string;
      razorpay_payment_id: string;
      razorpay_payment_link_id: string;
      razorpay_payment_link_reference_id: string;
      razorpay_signature: string;
    },
  ) {
    const links = this.setup.links;
    if (!links) throw new ApiError(Codes.NOT_CONFIGURED, BillingTexts.providerNotConfigured, 200);
    const [row] = await this.db
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.eId, auth.eId), eq(paymentLinks.linkId, p.razorpay_payment_link_id)));
    if (!row) throw refused(BillingTexts.unknownLink);
    const params = {
      linkId: p.razorpay_payment_link_id,
      referenceId: p.razorpay_payment_link_reference_id,
      status: p.razorpay_payment_link_status,
      paymentId: p.razorpay_payment_id,
    };
    if (!links.verifyCallback(params, p.razorpay_signature) || params.referenceId !== row.referenceId) throw refused(BillingTexts.forged);
    const status = pageStatusOf(p.razorpay_payment_link_status);
    let outcome: 'credited' | 'already_credited' | 'not_paid' = 'not_paid';
    if (status === 'paid') {
      outcome = await this.db.transaction(async (tx) => {
        const claimed = await tx
          .update(paymentLinks)
          .set({ status: 'paid', paymentId: params.paymentId, creditedAt: new Date() })
          .where(and(eq(paymentLinks.id, row.id), isNull(paymentLinks.creditedAt)))
          .returning({ id: paymentLinks.id });
        if (!claimed.length) return 'already_credited' as const;
        const wrote = await credit(tx, auth.eId, row.amountMinor * 10_000, `payment:${row.linkId}`, `Recharge ${row.referenceId} (${params.paymentId})`);
        return wrote ? ('credited' as const) : ('already_credited' as const);
      });
    } else {
      // Not paid: the link's status follows (a link credited already keeps `paid`).
      await this.db
        .update(paymentLinks)
        .set({ status })
        .where(and(eq(paymentLinks.id, row.id), isNull(paymentLinks.creditedAt), sql`${paymentLinks.status} <> 'paid'`));
    }
    const account = await accountOf(this.db, auth.eId);
    const message = outcome === 'credited' ? BillingTexts.credited : outcome === 'already_credited' ? BillingTexts.alreadyCredited : BillingTexts.notCredited;
    return {
      data: {
        requestType: 'update_payment_status' as const,
        status,
        outcome,
        amount: row.amountMinor / 100,
        currencyCode: account.currencyCode,
        currencySymbol: currencySymbolOf(account.currencyCode),
        walletBalance: await this.reads.walletBalance(auth.eId),
      },
      message,
    };
  }
}
