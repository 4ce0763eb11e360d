import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPaymentWindow } from './payment-window.js';

afterEach(() => vi.useRealTimers());

const fakeWindow = () => ({
  closed: false,
  location: { href: 'about:blank' },
  close() {
    this.closed = true;
  },
});

describe('the payment window', () => {
  it('opens blank at once, goes to the provider later, and reports its closing once', () => {
    vi.useFakeTimers();
    const win = fakeWindow();
    const open = vi.fn(() => win as unknown as Window);
    const payment = openPaymentWindow(open, 100)!;
    expect(open).toHaveBeenCalledWith('about:blank', 'parley-payment', expect.stringContaining('popup'));
    payment.go('https://pay.example/pl_1');
    expect(win.location.href).toBe('https://pay.example/pl_1');
    const closed = vi.fn();
    payment.watch(closed);
    vi.advanceTimersByTime(500);
    expect(closed).not.toHaveBeenCalled();
    win.close();
    vi.advanceTimersByTime(1000);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser blocks it, and closes it when the link could not be made', () => {
    expect(openPaymentWindow(() => null)).toBeNull();
    const win = fakeWindow();
    openPaymentWindow(() => win as unknown as Window)!.abandon();
    expect(win.closed).toBe(true);
  });
});
