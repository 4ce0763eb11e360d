import { BillingTexts, PAYMENT_STATUSES, PAYMENT_STATUS_TEXTS, PAYMENT_WINDOW_SECONDS, type PaymentStatus } from '@parley/sdk/contract/billing-texts';
import type { BillingCallRequest, PaymentStatusReply } from '@parley/sdk/contract/billing';

/**
 * The payment result page's pure parts (platform-shell 2.6): the provider's query parameters, each status's message
 * and detail, and the countdown. The provider sends Razorpay's Payment Links names (issue 37).
 */

export interface PaymentParams {
  status: string;
  paymentId: string;
  linkId: string;
  referenceId: string;
  signature: string;
  /** The spec's mobile number parameter, passed on to the server as it came. */
  mobile: string;
}

const read = (query: URLSearchParams, ...names: string[]) =>
  names
    .map((n) => query.get(n))
    .find((v) => v !== null)
    ?.trim() ?? '';

/** The parameters of the redirect back from the provider; missing ones are empty. */
export function paymentParams(search: string): PaymentParams {
  const query = new URLSearchParams(search);
  return {
    status: read(query, 'razorpay_payment_link_status').toLowerCase(),
    paymentId: read(query, 'razorpay_payment_id'),
    linkId: read(query, 'razorpay_payment_link_id'),
    referenceId: read(query, 'razorpay_payment_link_reference_id'),
    signature: read(query, 'razorpay_signature'),
    mobile: read(query, 'mobileNumber', 'mobile'),
  };
}

export const isPaymentStatus = (value: string): value is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(value);

/** The contract's message and detail per status, and the words that stand for each status's picture. */
export const STATUS_TEXT: Record<PaymentStatus, { message: string; detail: string; alt: string }> = {
  paid: { ...PAYMENT_STATUS_TEXTS.paid, alt: 'A green circle with a tick' },
  expired: { ...PAYMENT_STATUS_TEXTS.expired, alt: 'An hourglass' },
  pending: { ...PAYMENT_STATUS_TEXTS.pending, alt: 'A clock' },
  cancelled: { ...PAYMENT_STATUS_TEXTS.cancelled, alt: 'A red circle with a cross' },
};

/** Seconds the page stays before it closes itself (platform-shell 2.6). */
export const CLOSE_AFTER_SECONDS = PAYMENT_WINDOW_SECONDS;

export const countdownText = (seconds: number) => `This window closes in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

/**
 * Closes the payment window and reloads the console that opened it, so the wallet shows the new balance. A window the
 * script did not open may refuse to close: the page then says so rather than seeming stuck.
 */
export function closeAndReloadOpener(win: Pick<Window, 'opener' | 'close'> = window): void {
  try {
    (win.opener as Window | null)?.location.reload();
  } catch {
    // An opener on another origin cannot be reloaded from here; it reloads its wallet when this window closes.
  }
  win.close();
}

export type PaymentReportRequest = Extract<BillingCallRequest, { requestType: 'update_payment_status' }>;

/** The report to send, or null when the page was opened without the provider's link id and signature. */
export function paymentReport(params: PaymentParams): PaymentReportRequest | null {
  if (!params.status || !params.linkId || !params.signature) return null;
  return {
    requestType: 'update_payment_status',
    razorpay_payment_link_status: params.status,
    razorpay_payment_id: params.paymentId,
    razorpay_payment_link_id: params.linkId,
    razorpay_payment_link_reference_id: params.referenceId,
    razorpay_signature: params.signature,
    ...(params.mobile ? { mobileNumber: params.mobile } : {}),
  };
}

/** What the server's answer means for the wallet, in the contract's words. */
export const OUTCOME_TEXT: Record<PaymentStatusReply['outcome'], string> = {
  credited: BillingTexts.credited,
  already_credited: BillingTexts.alreadyCredited,
  not_paid: BillingTexts.notCredited,
};

/** Shown when the page is opened without a payment result (typed in, or a link cut short). */
export const NO_RESULT = 'This page was opened without a payment result from the payment provider.';
