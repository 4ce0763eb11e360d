/**
 * The payment window of a recharge. It is opened blank while the user's press is still being handled (a window
 * opened after an awaited call is blocked as a pop-up), then sent to the provider's page once the link exists.
 */
export interface PaymentWindow {
  go(url: string): void;
  /** Closes it when the link could not be made. */
  abandon(): void;
  /** Calls `onClosed` once, when the payer closes the window or transaction.html closes itself. */
  watch(onClosed: () => void): () => void;
}

export function openPaymentWindow(open: typeof window.open = window.open.bind(window), pollMs = 700): PaymentWindow | null {
  const win = open('about:blank', 'parley-payment', 'popup,width=520,height=760');
  if (!win) return null;
  return {
    go: (url) => {
      win.location.href = url;
    },
    abandon: () => win.close(),
    watch(onClosed) {
      const timer = setInterval(() => {
        if (!win.closed) return;
        clearInterval(timer);
        onClosed();
      }, pollMs);
      return () => clearInterval(timer);
    },
  };
}
