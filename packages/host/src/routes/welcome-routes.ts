import { createRoute } from '@tanstack/react-router';
import { Welcome } from './lazy-screen.js';
import { consoleRoute } from './shell-routes.js';

/**
 * The layout's areas with no screen built yet (platform-shell 2.2): every path under them shows the welcome page, so
 * the menu's destinations there open the frame rather than a not-found page. In chat and details some screens are
 * built: their own routes are more specific and win over the catch-all. Admin and campaigns keep theirs beside their
 * screens' routes.
 */
const UNBUILT_AREAS = [
  'chat',
  'encaps',
  'billing',
  'journey',
  'details',
  'marketplace',
  'publish',
  'conversation',
  'services',
  'whatsapp-flow',
  'creatives',
  'branding',
] as const;

export const welcomeRoutes = UNBUILT_AREAS.flatMap((area) => [
  createRoute({ getParentRoute: () => consoleRoute, path: `/${area}`, component: Welcome }),
  createRoute({ getParentRoute: () => consoleRoute, path: `/${area}/$`, component: Welcome }),
]);
