import type { ToastVariant } from './toasts.js';

/**
 * Spectrum's toasts (their strings in every language, their styles) fetched after an element's first render rather
 * than before its tag is defined: the stack is mounted once they arrive, and a toast asked for earlier waits for them.
 */
export const loadToasts = () => import('./toasts.js');

/** `showToast`, for an element that keeps the toasts out of its first load; toasts still show in the order asked. */
export function showToastSoon(message: string, variant?: ToastVariant): void {
  void loadToasts().then((m) => m.showToast(message, variant));
}
