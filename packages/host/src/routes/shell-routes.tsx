import { createRootRoute, createRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { ToastStack } from '@parley/elements/internal/toasts';
import { requireSession } from './guards.js';

export const rootRoute = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <ToastStack />
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
