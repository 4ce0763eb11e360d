import { useEffect, useState } from 'react';
import type { PaymentStatus } from '@parley/sdk/contract/billing-texts';
import type { PaymentStatusReply } from '@parley/sdk/contract/billing';
import { Messages } from '@parley/sdk/contract/messages';
import { ParleyError } from '@parley/sdk/parley-error';
import { callBilling } from '../../billing/billing-calls.js';
import { NO_RESULT, OUTCOME_TEXT, paymentReport, type PaymentParams, type PaymentReportRequest } from './payment-result.js';

export type PaymentReport =
  | { state: 'checking'; status: null; message: null }
  | { state: 'done'; status: PaymentStatus; message: string; reply: PaymentStatusReply }
  | { state: 'refused'; status: null; message: string };

/**
 * One report per page load, whatever React does with effects (StrictMode runs them twice in development): a second
 * report would come back "already credited" and hide that this one credited the wallet.
 */
const sent = new Map<string, Promise<PaymentStatusReply>>();
const reportOnce = (request: PaymentReportRequest) => {
  const key = JSON.stringify(request);
  let pending = sent.get(key);
  if (!pending) {
    pending = callBilling(request);
    sent.set(key, pending);
  }
  return pending;
};

/** Reports the provider's redirect to the server (update_payment_status) and keeps what the server answered. */
export function usePaymentReport(params: PaymentParams): PaymentReport {
  const [report, setReport] = useState<PaymentReport>({ state: 'checking', status: null, message: null });
  useEffect(() => {
    const request = paymentReport(params);
    if (!request) {
      setReport({ state: 'refused', status: null, message: NO_RESULT });
      return;
    }
    let live = true;
    reportOnce(request).then(
      (reply) => live && setReport({ state: 'done', status: reply.status, message: OUTCOME_TEXT[reply.outcome], reply }),
      (error: unknown) =>
        live && setReport({ state: 'refused', status: null, message: error instanceof ParleyError ? error.message : Messages.somethingWentWrong }),
    );
    return () => {
      live = false;
    };
  }, [params]);
  return report;
}
