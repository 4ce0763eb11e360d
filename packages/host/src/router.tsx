import { createRoute, createRouter, redirect, type RouteComponent } from '@tanstack/react-router';
import { feature } from './stores/app-store.js';
import { useSession } from './stores/session-store.js';
import { toast } from './stores/toast-store.js';
import { ACCESS } from '@parley/sdk/contract/access';
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
import type { DepartmentSearch } from './screens/departments/department-search.js';
import { adminRoutes } from './routes/admin-routes.js';
import { agentDesignerRoutes } from './routes/agent-designer-routes.js';
import { campaignRoutes } from './routes/campaign-routes.js';
import { customerMasterRoutes } from './routes/customer-master-routes.js';
import { requirePermission } from './routes/guards.js';
import { typedSearch } from './routes/list-search.js';
import { screen, Welcome } from './routes/lazy-screen.js';
import { consoleRoute, guarded, rootRoute } from './routes/shell-routes.js';
import { welcomeRoutes } from './routes/welcome-routes.js';

const auth = {
  login: screen(() => import('./auth/LoginScreen.js'), 'LoginScreen'),
  forgot: screen(() => import('./auth/ForgotPasswordScreen.js'), 'ForgotPasswordScreen'),
  reset: screen(() => import('./auth/ResetPasswordScreen.js'), 'ResetPasswordScreen'),
  signup: screen(() => import('./auth/SignupScreen.js'), 'SignupScreen'),
  sso: screen(() => import('./auth/SsoRedirectScreen.js'), 'SsoRedirectScreen'),
  invitation: screen(() => import('./auth/InvitationAcceptScreen.js'), 'InvitationAcceptScreen'),
};
const ChatHistory = screen(() => import('./screens/chat-history/ChatHistoryScreen.js'), 'ChatHistoryScreen');
const LiveChat = screen(() => import('./screens/LiveChatScreen.js'), 'LiveChatScreen');
const Standalone = (title: string) => {
  const Page = screen(() => import('./screens/StandalonePage.js'), 'StandalonePage');
  return () => <Page title={title} />;
};

const route = <P extends string>(path: P, component: RouteComponent, extra: Record<string, unknown> = {}) =>
  createRoute({ getParentRoute: () => rootRoute, path, component, ...extra });

const signedOut = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/login' });
    },
  }),
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
  route(
    '/mailbox',
    screen(() => import('./screens/MailboxScreen.js'), 'MailboxScreen'),
  ),
  route('/chatagent', Welcome, {
    beforeLoad: ({ search }: { search: Record<string, unknown> }) => {
      if (typeof search.chatRefId === 'string' && search.chatRefId) useSession.getState().setToken(search.chatRefId);
      throw redirect({ to: '/chat/conversation' });
    },
  }),
  route(
    '/transaction.html',
    screen(() => import('./screens/payment/PaymentResultScreen.js'), 'PaymentResultScreen'),
  ),
  route('/invitation-accept', auth.invitation, { validateSearch: validateInvitationSearch }),
  route(
    '/dialog360-redirect',
    screen(() => import('./screens/Dialog360Redirect.js'), 'Dialog360Redirect'),
    {
      beforeLoad: () => {
        if (!feature('RICHCARDS.VIEW')) {
          toast('Access Denied', 'error');
          throw redirect({ to: '/login' });
        }
      },
    },
  ),
  route('/designer/flow/$id/screen/$screenId', Standalone('Flow designer')),
];

const guardedPages = [
  route(
    '/graph',
    screen(() => import('./screens/dashboard/GraphPage.js'), 'GraphPage'),
    { ...guarded, validateSearch: validateDashboardSearch },
  ),
  route('/designer/encap/$id', Standalone('Designer'), guarded),
  route('/designer/journey/$id', Standalone('Journey'), guarded),
  route('/designer/forms/$id', Standalone('Form Designer'), guarded),
];

const chatHistory = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/chat/history',
  component: ChatHistory,
  validateSearch: validateHistorySearch,
  beforeLoad: requirePermission(['CHAT.VIEW_CHATHISTORY']),
});
const liveChat = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/chat/conversation',
  component: LiveChat,
  validateSearch: validateLiveChatSearch,
  beforeLoad: requirePermission(['CHAT.HANDLE']),
});
const adminUsers = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/admin/users',
  component: screen(() => import('./screens/admin/users/UsersScreen.js'), 'UsersScreen'),
  validateSearch: validateUsersSearch,
  beforeLoad: requirePermission(ACCESS.users.view),
});
const adminRoles = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/admin/permission',
  component: screen(() => import('./screens/admin/roles/RolesScreen.js'), 'RolesScreen'),
  validateSearch: validateRolesSearch,
  beforeLoad: requirePermission(ACCESS.roles.screen),
});
const auditTrail = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/admin/audit_trail',
  component: screen(() => import('./screens/reports/AuditTrailScreen.js'), 'AuditTrailScreen'),
  validateSearch: validateAuditSearch,
  beforeLoad: requirePermission(ACCESS.reports.auditTrail),
});
const deliveryReport = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/admin/report',
  component: screen(() => import('./screens/reports/DeliveryReportScreen.js'), 'DeliveryReportScreen'),
  validateSearch: validateDeliverySearch,
  beforeLoad: requirePermission(ACCESS.reports.delivery),
});
const trash = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/admin/trash',
  component: screen(() => import('./screens/admin/trash/TrashScreen.js'), 'TrashScreen'),
  validateSearch: validateTrashSearch,
  beforeLoad: requirePermission(ACCESS.trash.view),
});
const billing = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/admin/enterpriseBilling',
  component: screen(() => import('./screens/admin/billing/BillingScreen.js'), 'BillingScreen'),
  beforeLoad: requirePermission(ACCESS.billing.manage),
});
const myProfile = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/details/myprofile',
  component: screen(() => import('./screens/profile/MyProfileScreen.js'), 'MyProfileScreen'),
});
const enterpriseDetails = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/admin/details',
  component: screen(() => import('./screens/enterprise/EnterpriseDetailsScreen.js'), 'EnterpriseDetailsScreen'),
  beforeLoad: requirePermission(['ENTERPRISE.VIEW', 'ENTERPRISE.EDIT']),
});
const departments = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/admin/departments',
  component: screen(() => import('./screens/departments/DepartmentsScreen.js'), 'DepartmentsScreen'),
  validateSearch: typedSearch<DepartmentSearch>(),
  beforeLoad: requirePermission(['DEPARTMENTS.CREATE', 'DEPARTMENTS.EDIT', 'DEPARTMENTS.VIEW']),
});
const chatConfig = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/admin/chatConfig/chat-config',
  component: screen(() => import('./screens/chat-config/ChatConfigScreen.js'), 'ChatConfigScreen'),
  validateSearch: validateChatConfigSearch,
  beforeLoad: requirePermission(['CHAT.CHAT_CONFIG']),
});
const chatMonitor = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/chat/monitor',
  component: screen(() => import('./screens/chat-monitor/ChatMonitorScreen.js'), 'ChatMonitorScreen'),
  beforeLoad: requirePermission(['CHAT.VIEW_MONITOR']),
});
const dashboard = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/dashboard',
  component: screen(() => import('./screens/dashboard/DashboardScreen.js'), 'DashboardScreen'),
  validateSearch: validateDashboardSearch,
});
const chatAnalytics = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/chat/analytics',
  component: screen(() => import('./screens/chat-analytics/ChatAnalyticsScreen.js'), 'ChatAnalyticsScreen'),
  validateSearch: validateAnalyticsSearch,
  beforeLoad: requirePermission(ACCESS.chatAnalytics.view),
});
/** Screens of one page each: the NLP report's element and My Library. */
const nlpReport = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/nlp-report/overview',
  component: screen(() => import('./screens/NlpReportScreen.js'), 'NlpReportScreen'),
});
const nlpReportArea = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/nlp-report',
  beforeLoad: () => {
    throw redirect({ to: '/nlp-report/overview', replace: true });
  },
});
const library = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/content-library',
  component: screen(() => import('./screens/library/LibraryScreen.js'), 'LibraryScreen'),
});

export const routeTree = rootRoute.addChildren([
  ...signedOut,
  ...guardedPages,
  consoleRoute.addChildren([
    dashboard,
    chatAnalytics,
    chatHistory,
    liveChat,
    departments,
    chatConfig,
    chatMonitor,
    adminUsers,
    adminRoles,
    auditTrail,
    deliveryReport,
    trash,
    billing,
    myProfile,
    enterpriseDetails,
    nlpReport,
    nlpReportArea,
    library,
    agentDesignerRoutes,
    customerMasterRoutes,
    ...adminRoutes,
    ...campaignRoutes,
    ...welcomeRoutes,
  ]),
]);
export const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
