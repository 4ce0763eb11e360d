import { Provider } from '@adobe/react-spectrum/Provider';
import { createContext, useContext, type ReactNode } from 'react';
import { PARLEY_SPECTRUM_CLASS, ensureSpectrumBridge, parleyTheme } from '@parley/theme/spectrum';
import { useDeferredModule } from './deferred-module.js';
import { useElementLocale } from './element-locale.js';
import { loadToasts } from './lazy-toasts.js';
import { useConfirm, type Confirm } from './use-confirm.js';

/** The confirm modal, fetched after the first render: nobody deletes before the element has shown. */
const loadConfirmDialog = () => import('./confirm-dialog.js');

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * The root of every React element: Parley's Spectrum theme in light mode in the element's locale (its `lang`, else the
 * page's), the class the token bridge targets (so a partner page's `--parley-*` tokens reach Spectrum's own buttons,
 * links and focus rings), the page's toast stack and the element's confirm dialog. The last two are overlays that
 * take no room in the layout, so they mount when their code arrives, after the first render.
 */
export function ElementRoot({ container, className, children }: { container: HTMLElement | undefined; className?: string; children: ReactNode }) {
  ensureSpectrumBridge();
  const locale = useElementLocale(container);
  const { confirm, ask, close } = useConfirm();
  const dialog = useDeferredModule(loadConfirmDialog);
  const toasts = useDeferredModule(loadToasts);
  return (
    <Provider
      theme={parleyTheme}
      colorScheme="light"
      UNSAFE_className={className ? `${PARLEY_SPECTRUM_CLASS} ${className}` : PARLEY_SPECTRUM_CLASS}
      locale={locale}
    >
      <ConfirmContext.Provider value={confirm}>
        {children}
        {dialog && <dialog.ConfirmDialog ask={ask} close={close} />}
      </ConfirmContext.Provider>
      {toasts && <toasts.ToastStack />}
    </Provider>
  );
}

/** The root's confirm dialog: resolves true when the user confirms, false when they cancel or dismiss it. */
export function useRootConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useRootConfirm is used outside an ElementRoot');
  return confirm;
}
