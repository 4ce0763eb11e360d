import { closeAllToasts } from '../internal/toasts.js';

const alerts = () => [...document.querySelectorAll('[role="alertdialog"] [role="alert"]')];
/** A toast's words exactly as shown: some of the specs' messages carry double spaces, which tests compare as they are. */
const wordsOf = (alert: Element) => alert.textContent ?? '';

/**
 * The toasts on the page as a user reads them: each one's words. Toasts are Spectrum's, portalled to the body and
 * shared by every element on the page, so they are read from the document, not from inside an element.
 */
export const toasts = (): string[] => alerts().map(wordsOf);

/** What a toast's icon says it is ('Success', 'Error', 'Info'), for the toast whose words include `words`. */
export function toastKind(words: string): string | null {
  const alert = alerts().find((a) => wordsOf(a).includes(words));
  return alert?.querySelector('[role="img"][aria-label]')?.getAttribute('aria-label') ?? null;
}

// Toasts outlive the element that showed them (they belong to the page): every test starts with none on screen.
afterEach(() => closeAllToasts());

/**
 * The first open dialog matching `selector` that is not a toast: Spectrum's toasts are alertdialogs too (non-modal,
 * in the toast region), so a test waiting for a confirmation to close must not wait for the toast it caused.
 */
export const dialogNotToast = (selector = '[role="dialog"], [role="alertdialog"]') =>
  [...document.querySelectorAll<HTMLElement>(selector)].find((d) => d.getAttribute('aria-modal') !== 'false') ?? null;
