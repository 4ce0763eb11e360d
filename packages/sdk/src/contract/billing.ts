import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageFrom } from './paging.js';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, BILLING_SERVICES, BillingTexts, CURRENCY_CODES, PAYMENT_STATUSES, RECHARGE_LIMITS } from './billing-texts.js';

/**
 * Billing (issue 37; platform-shell 2.6, 2.9, 3, 7.4; customer-master-and-broadcast 1 and 7). Amounts on the wire are
 * numbers in the currency's units (rupees or dollars, not paise), rounded to 6 decimals; the screens format them
 * (platform-shell 8). Days are UTC calendar days, `YYYY-MM-DD`.
 *
 * The wire-path decision (the spec says "path not shown" and "three operations to one generic call-api endpoint"):
 * the three operations share `POST e/enterprise/billing/call-api`, told apart by `requestType`; each reply echoes
 * `requestType` so a client narrows the union. The rest (rate card, recharges, invoices, ledger, estimate) are our own
 * paths beside it, shaped like the other admin calls. docs/billing.md records this.
 *
 * Permissions (platform-shell 6: ENTERPRISE.MANAGE_BILLING, ENTERPRISE.VIEW): reading status, consumption, rate card,
 * invoices and ledger needs either; a recharge and `update_payment_status` need MANAGE_BILLING.
 */
export * from './billing-texts.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Invalid Date Format' });
const currencyCode = z.enum(CURRENCY_CODES);
const service = z.enum(BILLING_SERVICES);

/** `get_enterprise_account_status` → the top bar's status badge, type and wallet (platform-shell 3 Account wallet). */
export const accountStatusReply = z.object({
  requestType: z.literal('get_enterprise_account_status'),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  accountType: z.enum(ACCOUNT_TYPES),
  /** Prepaid: what is left to spend; postpaid: minus what accrued since the last invoice. */
  walletBalance: z.number(),
  currencyCode,
  /** Rs. for INR, $ otherwise (platform-shell 8). */
  currencySymbol: z.string(),
});
export type AccountStatusReply = z.infer<typeof accountStatusReply>;

/** One service's use (platform-shell 3 Consumption `serviceConsumption[]`). */
export const serviceConsumption = z.object({
  planEntityId: service,
  /** Units charged (a vendor's free messages, `pricing.billable: false`, are counted but not charged). */
  billableUnits: z.number(),
  totalUnits: z.number(),
  amount: z.number(),
});
export type ServiceConsumption = z.infer<typeof serviceConsumption>;

/** One day's use (platform-shell 3 Consumption). */
export const consumptionDay = z.object({
  date: day,
  sumAllBillableUnits: z.number(),
  sumAllTotalUnits: z.number(),
  sumAllTotalAmount: z.number(),
  serviceConsumption: z.array(serviceConsumption),
});
export type ConsumptionDay = z.infer<typeof consumptionDay>;

/**
 * `get_enterprise_consumption` → totals over the range (the top bar's dropdowns: every service of the rate card, used
 * or not) and `days`, one entry per day that had any use, oldest first (the billing screen's chart and table).
 */
export const consumptionReply = z.object({
  requestType: z.literal('get_enterprise_consumption'),
  fromDate: day,
  toDate: day,
  currencyCode,
  currencySymbol: z.string(),
  sumAllBillableUnits: z.number(),
  sumAllTotalUnits: z.number(),
  sumAllTotalAmount: z.number(),
  serviceConsumption: z.array(serviceConsumption),
  days: z.array(consumptionDay),
});
export type ConsumptionReply = z.infer<typeof consumptionReply>;

/**
 * `update_payment_status` → what the payment page reports and what happened to the wallet. `outcome`: `credited`
 * (this call credited the wallet), `already_credited` (a reload or replay: nothing added again), `not_paid` (status
 * expired, pending or cancelled: nothing to credit). A forged signature or an unknown link is refused instead
 * (`status: false`, code 1400, message BillingTexts.forged / unknownLink) and credits nothing.
 */
export const paymentStatusReply = z.object({
  requestType: z.literal('update_payment_status'),
  status: z.enum(PAYMENT_STATUSES),
  outcome: z.enum(['credited', 'already_credited', 'not_paid']),
  amount: z.number(),
  currencyCode,
  currencySymbol: z.string(),
  walletBalance: z.number(),
});
export type PaymentStatusReply = z.infer<typeof paymentStatusReply>;

/** The query transaction.html receives from the provider's redirect (Razorpay's callback parameter names). */
export const paymentCallback = z.object({
  razorpay_payment_link_status: z.string().min(1).max(40),
  /** Absent when nothing was paid (expired, cancelled). */
  razorpay_payment_id: z.string().max(100).default(''),
  razorpay_payment_link_id: z.string().min(1).max(100),
  razorpay_payment_link_reference_id: z.string().max(100).default(''),
  razorpay_signature: z.string().min(1).max(200),
  /** The spec's "mobile number parameter" (platform-shell 2.6); kept with the recharge, never trusted for crediting. */
  mobileNumber: z.string().max(40).optional(),
});
export type PaymentCallback = z.input<typeof paymentCallback>;

export const billingCallRequest = z.discriminatedUnion('requestType', [
  z.object({ requestType: z.literal('get_enterprise_account_status') }),
  z.object({
    requestType: z.literal('get_enterprise_consumption'),
    /** Default: the first day of the current month (UTC). */
    fromDate: day.optional(),
    /** Default: today (UTC). At most 366 days after fromDate. */
    toDate: day.optional(),
  }),
  paymentCallback.extend({ requestType: z.literal('update_payment_status') }),
]);
export type BillingCallRequest = z.input<typeof billingCallRequest>;

export const billingCallReply = z.discriminatedUnion('requestType', [accountStatusReply, consumptionReply, paymentStatusReply]);
export type BillingCallReply = z.infer<typeof billingCallReply>;

/** The reply for one request type, for clients that narrow `callApi`'s union. */
export type BillingReplyOf<T extends BillingCallReply['requestType']> = Extract<BillingCallReply, { requestType: T }>;

/** One priced service of the enterprise's rate card. */
export const rateCardEntry = z.object({
  planEntityId: service,
  name: z.string(),
  /** What one unit is: message, turn, 1,000 tokens. */
  unit: z.string(),
  unitPrice: z.number(),
});
export const rateCard = z.object({
  currencyCode,
  currencySymbol: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  rates: z.array(rateCardEntry),
  updatedOn: z.string(),
});
export type RateCard = z.infer<typeof rateCard>;

/** A recharge and its payment link (the billing screen's recharges list). */
export const recharge = z.object({
  id: z.string(),
  /** Our reference, sent to the provider as `reference_id` and echoed back on the redirect. */
  referenceId: z.string(),
  paymentLinkId: z.string(),
  /** The provider's hosted payment page (Razorpay's `short_url`). */
  url: z.string(),
  amount: z.number(),
  currencyCode,
  currencySymbol: z.string(),
  /** `created` until the redirect or a status check says otherwise. */
  status: z.enum(['created', ...PAYMENT_STATUSES]),
  paymentId: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdOn: z.string(),
  /** When the wallet was credited; null until then. */
  creditedOn: z.string().nullable(),
  expireBy: z.string().nullable(),
});
export type Recharge = z.infer<typeof recharge>;

/** A month's statement: consumption in the month (prepaid: already debited; postpaid: due). */
export const invoice = z.object({
  id: z.string(),
  /** `YYYY-MM` */
  period: z.string(),
  currencyCode,
  currencySymbol: z.string(),
  totalUnits: z.number(),
  amount: z.number(),
  /** `paid` for prepaid (debited as used) and settled postpaid months; `open` for the current month; `due` otherwise. */
  status: z.enum(['open', 'due', 'paid']),
});
export type Invoice = z.infer<typeof invoice>;

/** One wallet movement: a credit (recharge) or a debit (a day's metered use of one service, or one event). */
export const ledgerEntry = z.object({
  id: z.string(),
  kind: z.enum(['credit', 'debit']),
  amount: z.number(),
  /** Balance after this entry. */
  balance: z.number(),
  description: z.string(),
  createdOn: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** The campaign estimate (customer-master-and-broadcast 7 "Campaign estimation for start"). */
export const estimateRequest = z.object({
  channelId: z.string().min(1).max(100),
  /** The template's name (as the broadcast's `message.template.templateId`); its category picks the price. */
  templateId: z.string().min(1).max(600),
  noOfRecipients: z.coerce.number().int().min(0).max(1_000_000),
  countryCode: z.string().max(10).optional(),
  source: z.literal('START').default('START'),
});
export const estimateReply = z.object({
  currencySymbol: z.string(),
  /** The estimated cost of the whole broadcast. */
  estimatedRate: z.number(),
  currencyCode,
  planEntityId: service,
  unitPrice: z.number(),
  noOfRecipients: z.number(),
  accountType: z.enum(ACCOUNT_TYPES),
  walletBalance: z.number(),
  /** False when a prepaid wallet holds less than the estimate: sending would be refused. */
  affordable: z.boolean(),
});
export type EstimateReply = z.infer<typeof estimateReply>;

const listPage = z.object({ from: pageFrom(), perPage: z.coerce.number().int().min(1).max(100).default(15) });

export const billingApi = {
  /** The generic call: `requestType` get_enterprise_account_status, get_enterprise_consumption, update_payment_status. */
  callApi: endpoint({
    method: 'POST',
    path: 'e/enterprise/billing/call-api',
    input: billingCallRequest,
    reply: billingCallReply,
  }),
  rateCard: endpoint({ method: 'GET', path: 'e/enterprise/billing/rate_card', input: z.object({}), reply: rateCard }),
  /** Creates a payment link for `amount` in the wallet's currency; open `url` in a window. */
  recharge: endpoint({
    method: 'POST',
    path: 'e/enterprise/billing/recharges',
    input: z.object({
      amount: z.coerce
        .number({ error: BillingTexts.amountRange })
        .min(RECHARGE_LIMITS.min, { error: BillingTexts.amountRange })
        .max(RECHARGE_LIMITS.max, { error: BillingTexts.amountRange }),
      mobileNumber: z.string().max(40).optional(),
    }),
    reply: recharge,
  }),
  /** Newest first; `more` says whether another page exists. */
  recharges: endpoint({ method: 'GET', path: 'e/enterprise/billing/recharges', input: listPage, reply: z.array(recharge) }),
  /** One statement a month with any use, newest first. */
  invoices: endpoint({ method: 'GET', path: 'e/enterprise/billing/invoices', input: listPage, reply: z.array(invoice) }),
  /** Wallet movements, newest first. */
  ledger: endpoint({ method: 'GET', path: 'e/enterprise/billing/ledger', input: listPage, reply: z.array(ledgerEntry) }),
  /** Broadcast senders (CAMPAIGNS.CREATE) may ask; the broadcast send refuses what the estimate calls unaffordable. */
  estimate: endpoint({
    method: 'POST',
    path: 'chatbird/api/broadcast/estimate',
    effect: 'read',
    input: estimateRequest,
    reply: estimateReply,
  }),
} as const;
