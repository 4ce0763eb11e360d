import { closeAllToasts } from '../internal/toasts.js';
import { text } from './ui.js';

/**
 * The toasts on the page as a user reads them: each one's words. Toasts are Spectrum's, portalled to the body and
 * shared by every element on the page, so they are read from the document, not from inside an element.
 */
export const toasts = (): string[] => [...document.querySelectorAll('[role="alertdialog"] [role="alert"]')].map((alert) => text(alert));

/** What a toast's icon says it is ('Success', 'Error', 'Info'), for the toast whose words include `words`. */
export function toastKind(words: string): string | null {
  const alert = [...document.querySelectorAll('[role="alertdialog"] [role="alert"]')].find((a) => text(a).includes(words));
  return alert?.querySelector('[role="img"][aria-label]')?.getAttribute('aria-label') ?? null;
}

// Toasts outlive the element that showed them (they belong to the page): every test starts with none on screen.
afterEach(() => closeAllToasts());
