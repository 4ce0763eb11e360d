import { Button } from '@adobe/react-spectrum';
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../stores/app-store.js';
import { StatusImage } from './StatusImage.js';
import { CLOSE_AFTER_SECONDS, STATUS_TEXT, closeAndReloadOpener, countdownText, paymentParams } from './payment-result.js';
import { usePaymentReport } from './use-payment-report.js';
import './payment.css';

/**
 * `transaction.html` (platform-shell 2.6): where the payment provider sends the payer back. The page reports the
 * provider's parameters to the server, which checks their signature and credits the wallet once; what the page shows
 * is what the server answered, so a forged or replayed link never reads as a fresh payment.
 */
export function PaymentResultScreen() {
  const label = useApp((s) => s.whiteLabel);
  const params = useRef(paymentParams(window.location.search)).current;
  const report = usePaymentReport(params);
  const [left, setLeft] = useState(CLOSE_AFTER_SECONDS);
  const [closeRefused, setCloseRefused] = useState(false);
  const close = () => {
    closeAndReloadOpener();
    // Still here a moment later: the browser kept a window this page did not open.
    setTimeout(() => setCloseRefused(true), 300);
  };
  useEffect(() => {
    if (report.state === 'checking') return;
    if (left <= 0) {
      close();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, report.state]);

  // The server's status, never the query's: a forged "paid" must not read as a payment.
  const status = report.status;
  const text = status ? STATUS_TEXT[status] : null;
  return (
    <div className="payment-page">
      <main className="payment-result" aria-busy={report.state === 'checking'}>
        {label?.logoPath && <img src={label.logoPath} alt={label.info.title} className="payment-logo" />}
        {report.state === 'checking' ? (
          <h1>Checking your payment…</h1>
        ) : (
          <>
            {status && text ? <StatusImage status={status} alt={text.alt} /> : null}
            <h1>{text?.message ?? 'Payment not verified'}</h1>
            {report.state === 'refused' ? (
              <p className="payment-server payment-server-refused" role="alert">
                {report.message}
                {/credited/i.test(report.message) ? '' : ' Nothing was added to your wallet.'}
              </p>
            ) : (
              <>
                {text && <p className="payment-detail">{text.detail}</p>}
                <p className={`payment-server ${report.reply.outcome === 'not_paid' ? 'payment-server-neutral' : 'payment-server-ok'}`} role="status">
                  {report.message}
                </p>
              </>
            )}
            <dl className="payment-facts">
              {params.paymentId && (
                <>
                  <dt>Payment id</dt>
                  <dd>{params.paymentId}</dd>
                </>
              )}
              {params.referenceId && (
                <>
                  <dt>Reference</dt>
                  <dd>{params.referenceId}</dd>
                </>
              )}
            </dl>
            <Button variant="accent" onPress={close} autoFocus>
              Close
            </Button>
            <p className="payment-countdown" aria-live="off">
              {closeRefused ? 'Your browser kept this window open: close it with its tab or window button.' : countdownText(left)}
            </p>
          </>
        )}
      </main>
    </div>
  );
}
