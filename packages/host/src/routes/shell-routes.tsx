import { createRootRoute, createRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { requireSession } from './guards.js';

// Spectrum's toast stack (its strings in 34 languages, its styles) is not part of the first paint: it loads beside it.
const ToastStack = lazy(() => import('@parley/elements/internal/toasts').then((m) => ({ default: m.ToastStack })));

export const rootRoute = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <ToastStack />
      </Suspense>
    </>
  ),
  notFoundComponent: lazyRouteComponent(() => import('../screens/NotFoundPage.js'), 'NotFoundPage'),
});

export const guarded = { beforeLoad: ({ location }: { location: { href: string } }) => requireSession(location.href) };

/** The signed-in frame (top bar, side menu) that every console screen's route hangs under. */
export const consoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'console',
  component: lazyRouteComponent(() => import('../layout/ConsoleLayout.js'), 'ConsoleLayout'),
  ...guarded,
});
