import { ToastContainer, ToastQueue } from '@adobe/react-spectrum/Toast';
import { createElement } from 'react';

/** How a toast looks: every element's toasts, and the console's, speak these three. */
export type ToastVariant = 'info' | 'success' | 'error';

/** platform-shell 8: toasts on the shell stay 5000 ms (Spectrum's own floor for a toast that dismisses itself). */
export const TOAST_MS = 5000;

const QUEUE = { info: 'info', success: 'positive', error: 'negative' } as const;

/** The toasts on screen by their text: the same message again replaces its toast rather than stacking a copy. */
const open = new Map<string, () => void>();

/**
 * Shows a toast in the page's one stack. Spectrum keeps a single queue per page and draws it in the first
 * `ToastStack` mounted, so the console and the elements inside it show one stack, and an element alone on a partner
 * page shows its own.
 */
export function showToast(message: string, variant: ToastVariant = 'info'): void {
  open.get(message)?.();
  const close: () => void = ToastQueue[QUEUE[variant]](message, {
    timeout: TOAST_MS,
    onClose: () => {
      if (open.get(message) === close) open.delete(message);
    },
  });
  open.set(message, close);
}

/** Closes every toast on screen: a signed-out console, a test that starts afresh. */
export function closeAllToasts(): void {
  for (const close of [...open.values()]) close();
  open.clear();
}

/** Where the page's toasts show: rendered by every element's root and by the console's shell. */
export const ToastStack = () => createElement(ToastContainer, { placement: 'bottom end' });
