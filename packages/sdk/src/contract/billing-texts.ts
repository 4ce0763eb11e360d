/**
 * Billing without zod (platform-shell 2.6, 2.9, 3, 8 number display; issue 37): the services metered, the account's
 * states, the payment page's statuses and texts, and the currency symbols. The payment result page (transaction.html)
 * and the top bar load this file alone. docs/billing.md lists every text the spec does not give.
 */

export const ACCOUNT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_TYPES = ['Prepaid', 'Postpaid'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const CURRENCY_CODES = ['INR', 'USD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** Number display (platform-shell 8): INR shows Rs., anything else $. */
export const currencySymbolOf = (code: string): string => (code === 'INR' ? 'Rs.' : '$');

/**
 * The services a rate card prices, as `planEntityId` (the consumption's per-service key). Template messages are
 * priced by their WhatsApp category; a service-window message is an agent's reply inside the 24-hour window; an NLU
 * turn is one visitor message a bot answered; LLM tokens are counted per 1,000 (metered once the generative-AI
 * accounting lands).
 */
export const BILLING_SERVICES = ['WHATSAPP_MARKETING', 'WHATSAPP_UTILITY', 'WHATSAPP_AUTHENTICATION', 'WHATSAPP_SERVICE', 'NLU_TURN', 'LLM_TOKENS'] as const;
export type BillingService = (typeof BILLING_SERVICES)[number];

export const BILLING_SERVICE_LABELS: Record<BillingService, string> = {
  WHATSAPP_MARKETING: 'WhatsApp marketing template',
  WHATSAPP_UTILITY: 'WhatsApp utility template',
  WHATSAPP_AUTHENTICATION: 'WhatsApp authentication template',
  WHATSAPP_SERVICE: 'WhatsApp service message',
  NLU_TURN: 'Bot (NLU) turn',
  LLM_TOKENS: 'LLM tokens (per 1,000)',
};

/** What one unit of each service is, for the rate card's "per" column. */
export const BILLING_SERVICE_UNITS: Record<BillingService, string> = {
  WHATSAPP_MARKETING: 'message',
  WHATSAPP_UTILITY: 'message',
  WHATSAPP_AUTHENTICATION: 'message',
  WHATSAPP_SERVICE: 'message',
  NLU_TURN: 'turn',
  LLM_TOKENS: '1,000 tokens',
};

/** The three operations of the generic billing call (platform-shell 7.4; customer-master-and-broadcast 1). */
export const BILLING_REQUEST_TYPES = ['get_enterprise_account_status', 'get_enterprise_consumption', 'update_payment_status'] as const;
export type BillingRequestType = (typeof BILLING_REQUEST_TYPES)[number];

/**
 * The payment page's statuses (platform-shell 2.6) as Razorpay's `razorpay_payment_link_status` sends them. Razorpay
 * also knows `created` and `partially_paid`: the server reports both as `pending` (not paid yet).
 */
export const PAYMENT_STATUSES = ['paid', 'expired', 'pending', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment page: the spec's message per status, and our detail line under it. */
export const PAYMENT_STATUS_TEXTS: Record<PaymentStatus, { message: string; detail: string }> = {
  paid: { message: 'Payment Successful', detail: 'Your wallet has been recharged.' },
  expired: { message: 'Sorry , Your link has been expired', detail: 'Start a new recharge from the billing screen.' },
  pending: { message: 'Payment is not made and waiting for approval', detail: 'Your wallet is credited as soon as the payment is approved.' },
  cancelled: { message: 'Sorry , Your Payment is cancelled', detail: 'Nothing was charged. You can start a new recharge.' },
};

/** Seconds before the payment window closes itself and reloads its opener (platform-shell 9). */
export const PAYMENT_WINDOW_SECONDS = 30;

/** A recharge's amount bounds, in the wallet's currency. */
export const RECHARGE_LIMITS = { min: 100, max: 1_000_000 } as const;

/**
 * Messages a user reads. The spec gives none of these: docs/billing.md lists them.
 * `update_payment_status` says what happened to the wallet in `message` (and `data.outcome`).
 */
export const BillingTexts = {
  credited: 'Payment verified. Your wallet has been credited.',
  alreadyCredited: 'This payment was already credited to your wallet. Nothing was added again.',
  notCredited: 'Nothing was credited to your wallet.',
  forged: 'This payment could not be verified: its signature does not match. Nothing was credited to your wallet.',
  unknownLink: 'This payment link was not found for your account. Nothing was credited to your wallet.',
  rechargeCreated: 'Payment link created',
  amountRange: `Enter an amount between ${RECHARGE_LIMITS.min} and ${RECHARGE_LIMITS.max}`,
  providerUnavailable: 'The payment provider could not be reached. Please try again later.',
  providerNotConfigured: 'Payments are not configured for this server.',
  postpaidRecharge: 'Postpaid accounts are invoiced monthly and have no wallet to recharge.',
  inactive: 'Your billing account is inactive. Please contact support.',
  /** A broadcast refused before it starts (prepaid wallet below the estimate). */
  insufficientBalance: (needed: string, balance: string) =>
    `Insufficient wallet balance: this broadcast needs about ${needed} and your wallet has ${balance}. Recharge your wallet and send again.`,
  /** The error title on recipients left unsent when the wallet ran out mid-way. */
  walletExhausted: 'Not sent: wallet balance exhausted',
} as const;
