import '@parley/sdk/strict-csp';
import { Provider } from '@adobe/react-spectrum';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { firstValueFrom } from 'rxjs';
import { Messages } from '@parley/sdk/contract/messages';
import { PARLEY_SPECTRUM_CLASS, ensureSpectrumBridge, parleyTheme } from '@parley/theme/spectrum';
import { applyWhiteLabel, loadWhiteLabel } from '@parley/theme/whitelabel';
import '@parley/theme/tokens.css';
import './styles.css';
import { router } from './router.js';
import { useApp } from './stores/app-store.js';
import { api, useSession } from './stores/session-store.js';
import { toast } from './stores/toast-store.js';
import { consoleLocale } from './format/locale.js';

/** Start-up (platform-shell 4.1): app configuration, then the host's white-label, then the screens. */
async function start() {
  const [config, whiteLabel] = await Promise.all([firstValueFrom(api.platform.appConfig({})).catch(() => null), loadWhiteLabel(window.location.host)]);
  applyWhiteLabel(whiteLabel);
  ensureSpectrumBridge();
  useApp.getState().set({ config, whiteLabel });

  // platform-shell 4.2 and 8: a lost session signs out with a toast; network changes are announced.
  api.session$.subscribe(() => {
    if (!useSession.getState().token) return;
    useSession.getState().clear();
    toast(Messages.sessionExpired, 'error');
    void router.navigate({ to: '/login', search: { redirect: window.location.pathname } });
  });
  window.addEventListener('online', () => toast(Messages.networkBack, 'success'));
  window.addEventListener('offline', () => toast(Messages.networkOffline, 'error'));

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider theme={parleyTheme} colorScheme="light" UNSAFE_className={PARLEY_SPECTRUM_CLASS} minHeight="100vh" locale={consoleLocale()}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
}

void start();
