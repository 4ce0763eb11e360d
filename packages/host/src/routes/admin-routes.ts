import { createRoute, redirect } from '@tanstack/react-router';
import { ACCESS } from '@parley/sdk/contract/access';
import type { ChannelSearch } from '../screens/admin/channels/channel-search.js';
import type { TemplateSearch } from '../screens/admin/templates/template-search.js';
import { requirePermission } from './guards.js';
import { typedSearch } from './list-search.js';
import { screen, Welcome } from './lazy-screen.js';
import { consoleRoute } from './shell-routes.js';

const channelPages = () => import('../screens/admin/ChannelsScreen.js');
const templatePages = () => import('../screens/admin/TemplatesScreen.js');

/**
 * Configuration → Channels (platform-shell 7.4): the list, `new`, and a channel's form by id. Whoever may read the
 * channels (agents pick one to send from) sees the list; the forms need the right to create or edit.
 */
const channels = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/admin/channels',
  beforeLoad: requirePermission([...ACCESS.channels.view, ...ACCESS.channels.create, ...ACCESS.channels.edit, ...ACCESS.channels.delete]),
});
const channelList = createRoute({
  getParentRoute: () => channels,
  path: '/',
  component: screen(channelPages, 'ChannelListPage'),
  validateSearch: typedSearch<ChannelSearch>(),
});
const newChannel = createRoute({
  getParentRoute: () => channels,
  path: 'new',
  component: screen(channelPages, 'NewChannelPage'),
  beforeLoad: requirePermission(ACCESS.channels.create),
});
const editChannel = createRoute({
  getParentRoute: () => channels,
  path: '$channelId',
  component: screen(channelPages, 'EditChannelPage'),
  beforeLoad: requirePermission(ACCESS.channels.edit),
});

/** WhatsApp is the one kind of template built: `/admin/messageTemplate` and any other kind go to its list. */
const toWhatsAppTemplates = () => {
  throw redirect({ to: '/admin/messageTemplate/whatsapp', replace: true });
};
const templateKinds = createRoute({ getParentRoute: () => consoleRoute, path: '/admin/messageTemplate', beforeLoad: toWhatsAppTemplates });
const otherTemplateKind = createRoute({ getParentRoute: () => consoleRoute, path: '/admin/messageTemplate/$', beforeLoad: toWhatsAppTemplates });
/** Message Templates (WhatsApp): the list, the editor at `new`, a saved template's read-only view by id. */
const templates = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/admin/messageTemplate/whatsapp',
  beforeLoad: requirePermission([...ACCESS.templates.view, ...ACCESS.templates.create, ...ACCESS.templates.delete]),
});
const templateList = createRoute({
  getParentRoute: () => templates,
  path: '/',
  component: screen(templatePages, 'TemplateListPage'),
  validateSearch: typedSearch<TemplateSearch>(),
});
const newTemplate = createRoute({
  getParentRoute: () => templates,
  path: 'new',
  component: screen(templatePages, 'NewTemplatePage'),
  beforeLoad: requirePermission(ACCESS.templates.create),
});
const viewTemplate = createRoute({ getParentRoute: () => templates, path: '$templateId', component: screen(templatePages, 'ViewTemplatePage') });

/** Admin screens not built yet (Rich Card, Integration, Analytics, ...): the welcome page. */
const adminWelcome = [
  createRoute({ getParentRoute: () => consoleRoute, path: '/admin', component: Welcome }),
  createRoute({ getParentRoute: () => consoleRoute, path: '/admin/$', component: Welcome }),
];

export const adminRoutes = [
  channels.addChildren([channelList, newChannel, editChannel]),
  templateKinds,
  otherTemplateKind,
  templates.addChildren([templateList, newTemplate, viewTemplate]),
  ...adminWelcome,
];
