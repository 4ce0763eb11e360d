import { defaultTheme } from '@adobe/react-spectrum/defaultTheme';
import type { Theme } from '@adobe/react-spectrum/Provider';
import { ensureDefaultTokens } from './default-tokens.js';
import SPECTRUM_BRIDGE_CSS from './spectrum-bridge.css?inline';

/** React Spectrum's theme with Parley's accent: pass both to `<Provider theme UNSAFE_className>`. */
export const parleyTheme: Theme = defaultTheme;
export const PARLEY_SPECTRUM_CLASS = 'parley-spectrum';

/**
 * Adds the bridge (spectrum-bridge.css: the `--parley-*` tokens onto Spectrum's own variables) and the default tokens
 * to the document once: every element with a Spectrum provider calls it, and the console.
 */
export function ensureSpectrumBridge(doc: Document = document): void {
  ensureDefaultTokens(doc);
  if (doc.getElementById('parley-spectrum-bridge')) return;
  const style = doc.createElement('style');
  style.id = 'parley-spectrum-bridge';
  style.textContent = SPECTRUM_BRIDGE_CSS;
  doc.head.append(style);
}
