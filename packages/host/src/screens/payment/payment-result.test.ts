import { describe, expect, it } from 'vitest';
import { CLOSE_AFTER_SECONDS, STATUS_TEXT, countdownText, isPaymentStatus, paymentParams } from './payment-result.js';

describe('payment result page (platform-shell 2.6)', () => {
  it("shows each status's message in the spec's words", () => {
    expect(Object.fromEntries(Object.entries(STATUS_TEXT).map(([status, t]) => [status, t.message]))).toEqual({
      paid: 'Payment Successful',
      expired: 'Sorry , Your link has been expired',
      pending: 'Payment is not made and waiting for approval',
      cancelled: 'Sorry , Your Payment is cancelled',
    });
  });

  it('recognises the provider’s status whatever its case, and nothing else', () => {
    expect(isPaymentStatus(paymentParams('?razorpay_payment_link_status=PAID').status)).toBe(true);
    expect(isPaymentStatus('refunded')).toBe(false);
    expect(isPaymentStatus('')).toBe(false);
  });

  it('counts down 30 seconds before it closes, in words that agree with the number', () => {
    expect(CLOSE_AFTER_SECONDS).toBe(30);
    expect(countdownText(30)).toBe('This window closes in 30 seconds.');
    expect(countdownText(1)).toBe('This window closes in 1 second.');
  });
});
