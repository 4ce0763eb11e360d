import { defaultTheme } from '@adobe/react-spectrum/defaultTheme';
import type { Theme } from '@adobe/react-spectrum/Provider';
import { ensureDefaultTokens } from './default-tokens.js';

/** React Spectrum's theme with Parley's accent: pass both to `<Provider theme UNSAFE_className>`. */
export const parleyTheme: Theme = defaultTheme;
export const PARLEY_SPECTRUM_CLASS = 'parley-spectrum';

/** Unset by default (tokens.css): the primary darkened here, where an element's own --parley-primary is seen. */
const STRONG = 'var(--parley-primary-strong, color-mix(in srgb, var(--parley-primary) 85%, var(--parley-shade)))';

/**
 * Spectrum reads its accent and font from its own variables (the accent button's fill is
 * `--spectrum-accent-background-color-default`, the older components' the blue globals); this rule sets them from the `--parley-*` tokens
 * (whose defaults ensureSpectrumBridge adds for a partner page that sets none), so a page's `--parley-primary` colours every Spectrum
 * button, link and focus ring of an element as it colours the Lit ones. The doubled class outranks the theme's own.
 */
export const SPECTRUM_BRIDGE_CSS = `
.${PARLEY_SPECTRUM_CLASS}.${PARLEY_SPECTRUM_CLASS} {
  --spectrum-global-color-blue-400: var(--parley-primary);
  --spectrum-global-color-blue-500: var(--parley-primary);
  --spectrum-global-color-blue-600: ${STRONG};
  --spectrum-global-color-blue-700: ${STRONG};
  --spectrum-accent-color-800: var(--parley-primary);
  --spectrum-accent-color-900: var(--parley-primary);
  --spectrum-accent-color-1000: ${STRONG};
  --spectrum-accent-color-1100: ${STRONG};
  --spectrum-accent-background-color-default: var(--parley-primary);
  --spectrum-accent-background-color-hover: ${STRONG};
  --spectrum-accent-background-color-down: ${STRONG};
  --spectrum-accent-background-color-key-focus: ${STRONG};
  --spectrum-alias-font-family-default: var(--parley-font-family);
  font-family: var(--parley-font-family);
}`;

/** Adds the bridge to the document once: every element with a Spectrum provider calls it, and the console. */
export function ensureSpectrumBridge(doc: Document = document): void {
  ensureDefaultTokens(doc);
  if (doc.getElementById('parley-spectrum-bridge')) return;
  const style = doc.createElement('style');
  style.id = 'parley-spectrum-bridge';
  style.textContent = SPECTRUM_BRIDGE_CSS;
  doc.head.append(style);
}
