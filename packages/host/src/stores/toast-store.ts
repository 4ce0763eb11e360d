import type { ToastVariant } from '@parley/elements/internal/toasts';

/**
 * The console's toasts are the elements' toasts: one Spectrum queue per page, drawn in the shell's `ToastStack`
 * (routes/shell-routes.tsx), so a toast from a screen and one from an element inside it share one stack and one look.
 * Loaded on first use, not with the first paint (as the stack is); toasts keep the order they were asked for.
 */
export function toast(message: string, variant?: ToastVariant): void {
  void import('@parley/elements/internal/toasts').then((m) => m.showToast(message, variant));
}
