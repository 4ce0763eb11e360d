import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, redirect, type RouteComponent } from '@tanstack/react-router';
import { ToastStack } from '@parley/elements/internal/toasts';
import { feature } from './stores/app-store.js';
import { useSession } from './stores/session-store.js';
import { toast } from './stores/toast-store.js';
import { ACCESS, may } from '@parley/sdk/contract/access';
import type { Permission } from '@parley/sdk/contract/permissions';
import { validateHistorySearch } from './screens/chat-history/history-search.js';
import { validateChatConfigSearch } from './screens/chat-config/chat-config-search.js';
import { validateLiveChatSearch } from './screens/live-chat-search.js';
import { validateUsersSearch } from './screens/admin/users/users-search.js';
import { validateRolesSearch } from './screens/admin/roles/roles-search.js';
import { validateInvitationSearch } from './auth/invitation-search.js';
import { validateDashboardSearch } from './screens/dashboard/graph-format.js';
import { validateAnalyticsSearch } from './screens/chat-analytics/analytics-search.js';
import { validateAuditSearch, validateDeliverySearch } from './screens/reports/report-search.js';
import { validateTrashSearch } from './screens/admin/trash/trash-search.js';

const screen = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) => lazyRouteComponent(load, name);
const auth = {
  login: screen(() => import('./auth/LoginScreen.js'), 'LoginScreen'),
  forgot: screen(() => import('./auth/ForgotPasswordScreen.js'), 'ForgotPasswordScreen'),
  reset: screen(() => import('./auth/ResetPasswordScreen.js'), 'ResetPasswordScreen'),
  signup: screen(() => import('./auth/SignupScreen.js'), 'SignupScreen'),
  sso: screen(() => import('./auth/SsoRedirectScreen.js'), 'SsoRedirectScreen'),
  invitation: screen(() => import('./auth/InvitationAcceptScreen.js'), 'InvitationAcceptScreen'),
};
const Welcome = screen(() => import('./screens/WelcomePage.js'), 'WelcomePage');
const AgentDesigner = screen(() => import('./screens/AgentDesignerScreen.js'), 'AgentDesignerScreen');
/** Areas whose screens are built: the rest show the welcome page. */
const NlpReport = screen(() => import('./screens/NlpReportScreen.js'), 'NlpReportScreen');
const CustomerMaster = screen(() => import('./screens/CustomerMasterScreen.js'), 'CustomerMasterScreen');
const Admin = screen(() => import('./screens/admin/AdminArea.js'), 'AdminArea');
const Library = screen(() => import('./screens/library/LibraryScreen.js'), 'LibraryScreen');
const Campaigns = screen(() => import('./screens/broadcast/CampaignsArea.js'), 'CampaignsArea');
const ChatHistory = screen(() => import('./screens/chat-history/ChatHistoryScreen.js'), 'ChatHistoryScreen');
const LiveChat = screen(() => import('./screens/LiveChatScreen.js'), 'LiveChatScreen');
const BUILT_AREAS: Record<string, RouteComponent> = { bots: AgentDesigner, 'nlp-report': NlpReport, 'customer-master': CustomerMaster, admin: Admin, 'content-library': Library, campaigns: Campaigns };
const Standalone = (title: string) => {
  const Page = screen(() => import('./screens/StandalonePage.js'), 'StandalonePage');
  return () => <Page title={title} />;
};

/** The layout's areas (platform-shell 2.2); each takes sub-paths, and unbuilt screens show the welcome page. */
const CONSOLE_AREAS = [
  'dashboard', 'chat', 'encaps', 'billing', 'journey', 'admin', 'campaigns', 'details', 'marketplace', 'content-library',
  'publish', 'conversation', 'bots', 'services', 'customer-master', 'nlp-report', 'whatsapp-flow', 'creatives', 'branding',
];

/** Signed in with a profile, or sent to login with the way back (ARCHITECTURE 4). */
async function requireSession(href: string) {
  const session = useSession.getState();
  if (!session.token) throw redirect({ to: '/login', search: { redirect: href } });
  if (!session.profile) {
    try {
      await session.loadProfile();
    } catch {
      session.clear();
      throw redirect({ to: '/login', search: { redirect: href } });
    }
  }
}

const rootRoute = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <ToastStack />
    </>
  ),
  notFoundComponent: lazyRouteComponent(() => import('./screens/NotFoundPage.js'), 'NotFoundPage'),
});

const route = (path: string, component: RouteComponent, extra: Record<string, unknown> = {}) =>
  createRoute({ getParentRoute: () => rootRoute, path, component, ...extra });

const signedOut = [
  createRoute({ getParentRoute: () => rootRoute, path: '/', beforeLoad: () => { throw redirect({ to: '/login' }); } }),
  route('/login', auth.login, {
    validateSearch: (s: Record<string, unknown>) => ({
      ...(typeof s.redirect === 'string' ? { redirect: s.redirect } : {}),
      ...(typeof s.ssoError === 'string' ? { ssoError: s.ssoError } : {}),
    }),
    beforeLoad: async () => {
      if (!useSession.getState().token) return;
      try {
        await useSession.getState().loadProfile();
      } catch {
        useSession.getState().clear();
        return;
      }
      throw redirect({ to: '/dashboard' });
    },
  }),
  route('/$id/redirect', auth.sso),
  route('/signup', auth.signup, {
    beforeLoad: () => {
      if (feature('hideSignup')) {
        toast('Access Denied', 'error');
        throw redirect({ to: '/login' });
      }
    },
  }),
  route('/forgot-password', auth.forgot),
  route('/signup-verify/$id', auth.forgot),
  route('/reset-password', auth.reset),
  route('/mailbox', screen(() => import('./screens/MailboxScreen.js'), 'MailboxScreen')),
  route('/chatagent', Welcome, {
    beforeLoad: ({ search }: { search: Record<string, unknown> }) => {
      if (typeof search.chatRefId === 'string' && search.chatRefId) useSession.getState().setToken(search.chatRefId);
      throw redirect({ to: '/chat/conversation' });
    },
  }),
  route('/transaction.html', screen(() => import('./screens/payment/PaymentResultScreen.js'), 'PaymentResultScreen')),
  route('/invitation-accept', auth.invitation, { validateSearch: validateInvitationSearch }),
  route('/dialog360-redirect', screen(() => import('./screens/Dialog360Redirect.js'), 'Dialog360Redirect'), {
    beforeLoad: () => {
      if (!feature('RICHCARDS.VIEW')) {
        toast('Access Denied', 'error');
        throw redirect({ to: '/login' });
      }
    },
  }),
  route('/designer/flow/$id/screen/$screenId', Standalone('Flow designer')),
];

const guarded = { beforeLoad: ({ location }: { location: { href: string } }) => requireSession(location.href) };
const guardedPages = [
  route('/graph', screen(() => import('./screens/dashboard/GraphPage.js'), 'GraphPage'), { ...guarded, validateSearch: validateDashboardSearch }),
  route('/designer/encap/$id', Standalone('Designer'), guarded),
  route('/designer/journey/$id', Standalone('Journey'), guarded),
  route('/designer/forms/$id', Standalone('Form Designer'), guarded),
];

const consoleLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'console',
  component: lazyRouteComponent(() => import('./layout/ConsoleLayout.js'), 'ConsoleLayout'),
  ...guarded,
});
/** A console screen for holders of one of `wanted` only (as the side menu shows it); others get Access Denied. */
const requirePermission = (wanted: readonly Permission[]) => () => {
  if (may(useSession.getState().profile?.permissions, wanted)) return;
  toast('Access Denied', 'error');
  throw redirect({ to: '/dashboard' });
};
const chatHistory = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/chat/history',
  component: ChatHistory,
  validateSearch: validateHistorySearch,
  beforeLoad: requirePermission(['CHAT.VIEW_CHATHISTORY']),
});
const liveChat = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/chat/conversation',
  component: LiveChat,
  validateSearch: validateLiveChatSearch,
  beforeLoad: requirePermission(['CHAT.HANDLE']),
});
const adminUsers = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/admin/users',
  component: screen(() => import('./screens/admin/users/UsersScreen.js'), 'UsersScreen'),
  validateSearch: validateUsersSearch,
  beforeLoad: requirePermission(ACCESS.users.view),
});
const adminRoles = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/admin/permission',
  component: screen(() => import('./screens/admin/roles/RolesScreen.js'), 'RolesScreen'),
  validateSearch: validateRolesSearch,
  beforeLoad: requirePermission(ACCESS.roles.screen),
});
const auditTrail = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/admin/audit_trail',
  component: screen(() => import('./screens/reports/AuditTrailScreen.js'), 'AuditTrailScreen'),
  validateSearch: validateAuditSearch,
  beforeLoad: requirePermission(ACCESS.reports.auditTrail),
});
const deliveryReport = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/admin/report',
  component: screen(() => import('./screens/reports/DeliveryReportScreen.js'), 'DeliveryReportScreen'),
  validateSearch: validateDeliverySearch,
  beforeLoad: requirePermission(ACCESS.reports.delivery),
});
const trash = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/admin/trash',
  component: screen(() => import('./screens/admin/trash/TrashScreen.js'), 'TrashScreen'),
  validateSearch: validateTrashSearch,
  beforeLoad: requirePermission(ACCESS.trash.view),
});
const billing = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/admin/enterpriseBilling',
  component: screen(() => import('./screens/admin/billing/BillingScreen.js'), 'BillingScreen'),
  beforeLoad: requirePermission(ACCESS.billing.manage),
});
const myProfile = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/details/myprofile',
  component: screen(() => import('./screens/profile/MyProfileScreen.js'), 'MyProfileScreen'),
});
const enterpriseDetails = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/admin/details',
  component: screen(() => import('./screens/enterprise/EnterpriseDetailsScreen.js'), 'EnterpriseDetailsScreen'),
  beforeLoad: requirePermission(['ENTERPRISE.VIEW', 'ENTERPRISE.EDIT']),
});
const departments = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/admin/departments',
  component: screen(() => import('./screens/departments/DepartmentsScreen.js'), 'DepartmentsScreen'),
  beforeLoad: requirePermission(['DEPARTMENTS.CREATE', 'DEPARTMENTS.EDIT', 'DEPARTMENTS.VIEW']),
});
const chatConfig = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/admin/chatConfig/chat-config',
  component: screen(() => import('./screens/chat-config/ChatConfigScreen.js'), 'ChatConfigScreen'),
  validateSearch: validateChatConfigSearch,
  beforeLoad: requirePermission(['CHAT.CHAT_CONFIG']),
});
const chatMonitor = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/chat/monitor',
  component: screen(() => import('./screens/chat-monitor/ChatMonitorScreen.js'), 'ChatMonitorScreen'),
  beforeLoad: requirePermission(['CHAT.VIEW_MONITOR']),
});
const dashboard = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/dashboard',
  component: screen(() => import('./screens/dashboard/DashboardScreen.js'), 'DashboardScreen'),
  validateSearch: validateDashboardSearch,
});
const chatAnalytics = createRoute({
  getParentRoute: () => consoleLayout,
  path: '/chat/analytics',
  component: screen(() => import('./screens/chat-analytics/ChatAnalyticsScreen.js'), 'ChatAnalyticsScreen'),
  validateSearch: validateAnalyticsSearch,
  beforeLoad: requirePermission(ACCESS.chatAnalytics.view),
});
/** Areas that are one screen of their own route above (a splat beside it would win the match). */
const OWN_ROUTE = new Set(['dashboard']);
const areas = CONSOLE_AREAS.filter((area) => !OWN_ROUTE.has(area)).flatMap((area) => [
  createRoute({ getParentRoute: () => consoleLayout, path: `/${area}`, component: BUILT_AREAS[area] ?? Welcome }),
  createRoute({ getParentRoute: () => consoleLayout, path: `/${area}/$`, component: BUILT_AREAS[area] ?? Welcome }),
]);

export const routeTree = rootRoute.addChildren([...signedOut, ...guardedPages, consoleLayout.addChildren([dashboard, chatAnalytics, chatHistory, liveChat, departments, chatConfig, chatMonitor, adminUsers, adminRoles, auditTrail, deliveryReport, trash, billing, myProfile, enterpriseDetails, ...areas])]);
export const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
