import { createRoute } from '@tanstack/react-router';
import { ACCESS } from '@parley/sdk/contract/access';
import type { BroadcastSearch } from '../screens/broadcast/broadcast-search.js';
import { requirePermission } from './guards.js';
import { typedSearch } from './list-search.js';
import { screen, Welcome } from './lazy-screen.js';
import { consoleRoute } from './shell-routes.js';

const broadcastPages = () => import('../screens/broadcast/BroadcastScreen.js');

/**
 * Broadcast: the history, the send form (`create`) and a sent broadcast by id. Agents reach it as Chat → Just In
 * Time (CHAT.HANDLE), campaign makers as Campaigns → Broadcast.
 */
const broadcast = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/campaigns/broadcast',
  beforeLoad: requirePermission([...ACCESS.broadcasts.read, ...ACCESS.broadcasts.send, 'CAMPAIGNS.START']),
});
const history = createRoute({
  getParentRoute: () => broadcast,
  path: '/',
  component: screen(broadcastPages, 'BroadcastHistoryPage'),
  validateSearch: typedSearch<BroadcastSearch>(),
});
const send = createRoute({
  getParentRoute: () => broadcast,
  path: 'create',
  component: screen(broadcastPages, 'SendBroadcastPage'),
  beforeLoad: requirePermission(ACCESS.broadcasts.send),
});
const sent = createRoute({ getParentRoute: () => broadcast, path: '$broadcastId', component: screen(broadcastPages, 'SentBroadcastPage') });

/** Campaign screens not built yet (campaign list, activities, blacklist, reports): the welcome page. */
const campaignsWelcome = [
  createRoute({ getParentRoute: () => consoleRoute, path: '/campaigns', component: Welcome }),
  createRoute({ getParentRoute: () => consoleRoute, path: '/campaigns/$', component: Welcome }),
];

export const campaignRoutes = [broadcast.addChildren([history, send, sent]), ...campaignsWelcome];
