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
 * Spectrum adds and removes a toast inside `document.startViewTransition`, and from that call until the transition is
 * ready (a frame, or a few hundred ms on a busy machine) Chromium sends every click on the page to `<html>`: a user's
 * click elsewhere was lost. No CSS reaches that phase (`::view-transition { pointer-events: none }` helped only after
 * it: 9fa3a13), and Spectrum v3 takes no option for its page-wide queue, whose update wrapper is fixed. So for the one
 * queue update at hand, `startViewTransition` is shadowed by one that applies the update with no transition: toasts
 * appear and leave without sliding and the page stays live. A partner page's own transitions keep the real one.
 */
function skipNextViewTransition(): void {
  if (!('startViewTransition' in document) || Object.hasOwn(document, 'startViewTransition')) return;
  const restore = () => delete (document as Partial<Document>).startViewTransition;
  Object.defineProperty(document, 'startViewTransition', {
    configurable: true,
    value: (update?: ViewTransitionUpdateCallback) => {
      restore();
      // Later, as a transition's update is: Spectrum flushes React inside it, which must not happen mid-render.
      const done = Promise.resolve().then(() => update?.());
      return { updateCallbackDone: done, ready: done, finished: done, skipTransition: () => undefined } as unknown as ViewTransition;
    },
  });
  // Spectrum updates the queue at once after adding or closing; should it not, the page gets the real one back.
  queueMicrotask(restore);
}

/**
 * Shows a toast in the page's one stack. Spectrum keeps a single queue per page and draws it in the first
 * `ToastStack` mounted, so the console and the elements inside it show one stack, and an element alone on a partner
 * page shows its own.
 */
export function showToast(message: string, variant: ToastVariant = 'info'): void {
  open.get(message)?.();
  skipNextViewTransition();
  const close: () => void = ToastQueue[QUEUE[variant]](message, {
    timeout: TOAST_MS,
    // Called by every close (its timeout, its close button, ours) just before Spectrum updates the queue.
    onClose: () => {
      skipNextViewTransition();
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
