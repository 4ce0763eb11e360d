import { Provider } from '@adobe/react-spectrum';
import type { ReactNode } from 'react';
import { PARLEY_SPECTRUM_CLASS, ensureSpectrumBridge, parleyTheme } from '@parley/theme/spectrum';

/**
 * The Spectrum provider of every React element: Parley's theme in light mode, the class the token bridge targets
 * (SPECTRUM_BRIDGE_CSS, added to the document once), so a partner page's `--parley-*` tokens reach Spectrum's own
 * buttons, links and focus rings as they reach our CSS.
 */
export function ElementProvider({ className, locale, children }: { className?: string; locale: string; children: ReactNode }) {
  ensureSpectrumBridge();
  return (
    <Provider theme={parleyTheme} colorScheme="light" UNSAFE_className={className ? `${PARLEY_SPECTRUM_CLASS} ${className}` : PARLEY_SPECTRUM_CLASS} locale={locale}>
      {children}
    </Provider>
  );
}
