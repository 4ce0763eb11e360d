import { defaultTheme } from '@adobe/react-spectrum/defaultTheme';
import type { Theme } from '@adobe/react-spectrum/Provider';

/** React Spectrum's theme with Parley's accent: pass both to `<Provider theme UNSAFE_className>`. */
export const parleyTheme: Theme = defaultTheme;
export const PARLEY_SPECTRUM_CLASS = 'parley-spectrum';

/**
 * Spectrum reads its accent and font from its own variables (the accent button's fill is
 * `--spectrum-accent-background-color-default`, the older components' the blue globals); this rule sets them from the `--parley-*` tokens
 * (with their defaults, for a partner page that sets none), so a page's `--parley-primary` colours every Spectrum
 * button, link and focus ring of an element as it colours the Lit ones. The doubled class outranks the theme's own.
 */
export const SPECTRUM_BRIDGE_CSS = `
.${PARLEY_SPECTRUM_CLASS}.${PARLEY_SPECTRUM_CLASS} {
  --spectrum-global-color-blue-400: var(--parley-primary, #3b5bdb);
  --spectrum-global-color-blue-500: var(--parley-primary, #3b5bdb);
  --spectrum-global-color-blue-600: var(--parley-primary-strong, var(--parley-primary, #2f4ac0));
  --spectrum-global-color-blue-700: var(--parley-primary-strong, var(--parley-primary, #2f4ac0));
  --spectrum-accent-color-800: var(--parley-primary, #3b5bdb);
  --spectrum-accent-color-900: var(--parley-primary, #3b5bdb);
  --spectrum-accent-color-1000: var(--parley-primary-strong, var(--parley-primary, #2f4ac0));
  --spectrum-accent-color-1100: var(--parley-primary-strong, var(--parley-primary, #2f4ac0));
  --spectrum-accent-background-color-default: var(--parley-primary, #3b5bdb);
  --spectrum-accent-background-color-hover: var(--parley-primary-strong, var(--parley-primary, #2f4ac0));
  --spectrum-accent-background-color-down: var(--parley-primary-strong, var(--parley-primary, #2f4ac0));
  --spectrum-accent-background-color-key-focus: var(--parley-primary-strong, var(--parley-primary, #2f4ac0));
  --spectrum-alias-font-family-default: var(--parley-font-family, 'Adobe Clean', 'Source Sans Pro', -apple-system, 'Segoe UI', Roboto, sans-serif);
  font-family: var(--parley-font-family, 'Adobe Clean', 'Source Sans Pro', -apple-system, 'Segoe UI', Roboto, sans-serif);
}`;

/** Adds the bridge to the document once: every element with a Spectrum provider calls it, and the console. */
export function ensureSpectrumBridge(doc: Document = document): void {
  if (doc.getElementById('parley-spectrum-bridge')) return;
  const style = doc.createElement('style');
  style.id = 'parley-spectrum-bridge';
  style.textContent = SPECTRUM_BRIDGE_CSS;
  doc.head.append(style);
}
