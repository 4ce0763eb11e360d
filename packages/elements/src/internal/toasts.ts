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
 * Spectrum slides toasts in and out inside `document.startViewTransition`. While a transition runs, the page is a
 * snapshot and a click lands on `<html>`, so a user's click within ~300 ms of a toast arriving or leaving was lost.
 * Taking the root out of the transition (`view-transition-name: none`) leaves only the toast animating and the page
 * live under it. Only while our toasts are on screen (and a moment after, for the exit), so a partner page's own
 * whole-page transitions are untouched otherwise.
 */
const LIVE_PAGE_ATTRIBUTE = 'data-parley-toasts';
const EXIT_MS = 1000;
let settleTimer: ReturnType<typeof setTimeout> | undefined;

function keepPageLive(): void {
  clearTimeout(settleTimer);
  if (document.getElementById('parley-toast-live-page') === null) {
    const style = document.createElement('style');
    style.id = 'parley-toast-live-page';
    style.textContent = `:root[${LIVE_PAGE_ATTRIBUTE}] { view-transition-name: none; }`;
    document.head.append(style);
  }
  document.documentElement.setAttribute(LIVE_PAGE_ATTRIBUTE, '');
}

function releasePageWhenIdle(): void {
  clearTimeout(settleTimer);
  if (open.size > 0) return;
  settleTimer = setTimeout(() => {
    if (open.size === 0) document.documentElement.removeAttribute(LIVE_PAGE_ATTRIBUTE);
  }, EXIT_MS);
}

/**
 * Shows a toast in the page's one stack. Spectrum keeps a single queue per page and draws it in the first
 * `ToastStack` mounted, so the console and the elements inside it show one stack, and an element alone on a partner
 * page shows its own.
 */
export function showToast(message: string, variant: ToastVariant = 'info'): void {
  keepPageLive();
  open.get(message)?.();
  const close: () => void = ToastQueue[QUEUE[variant]](message, {
    timeout: TOAST_MS,
    onClose: () => {
      if (open.get(message) === close) open.delete(message);
      releasePageWhenIdle();
    },
  });
  open.set(message, close);
}

/** Closes every toast on screen: a signed-out console, a test that starts afresh. */
export function closeAllToasts(): void {
  for (const close of [...open.values()]) close();
  open.clear();
  releasePageWhenIdle();
}

/** Where the page's toasts show: rendered by every element's root and by the console's shell. */
export const ToastStack = () => createElement(ToastContainer, { placement: 'bottom end' });
