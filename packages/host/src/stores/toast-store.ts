/**
 * The console's toasts are the elements' toasts: one Spectrum queue per page, drawn in the shell's `ToastStack`
 * (router.tsx), so a toast from a screen and one from an element inside it share one stack and one look.
 */
export { showToast as toast } from '@parley/elements/internal/toasts';
