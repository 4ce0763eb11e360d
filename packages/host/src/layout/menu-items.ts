import type { Permission } from '@parley/sdk/contract/permissions';

export interface MenuItem {
  label: string;
  to: string;
  /** Shown when the user holds any one of these (platform-shell 2.8). */
  permissions: readonly Permission[];
  /** Extra condition from the enterprise config or the profile. */
  when?: 'recordExtCampaign' | 'artifactsEnabled';
}
export interface MenuGroup {
  label: string;
  /** A name of menu-icons.tsx. */
  icon: string;
  items: MenuItem[];
  /** A group of one item is a plain link (platform-shell 2.8); a bigger group stays a group when filtered down. */
  direct?: boolean;
}
export interface MenuSection {
  label: 'MODULE' | 'CONFIGURATION' | 'MANAGE';
  groups: MenuGroup[];
}

const CAMPAIGN_ANY: Permission[] = [
  'CAMPAIGNS.CREATE',
  'CAMPAIGNS.EDIT',
  'CAMPAIGNS.VIEW',
  'CAMPAIGNS.DELETE',
  'CAMPAIGNS.APPROVE',
  'CAMPAIGNS.START',
  'CAMPAIGNS.VIEW_REJECTEDLIST',
  'CAMPAIGNS.VIEW_CAMPAIGNREPORT',
];
const JOURNEY_EDIT: Permission[] = ['JOURNEYS.CREATE', 'JOURNEYS.EDIT', 'JOURNEYS.VIEW', 'JOURNEYS.DELETE'];
const crud = <G extends 'CREATIVES' | 'RICHCARDS' | 'CHANNELS' | 'INTEGRATIONS'>(g: G) =>
  [`${g}.VIEW`, `${g}.EDIT`, `${g}.CREATE`, `${g}.DELETE`] as Permission[];
const single = (label: string, icon: string, to: string, permissions: readonly Permission[]): MenuGroup => ({
  label,
  icon,
  items: [{ label, to, permissions }],
  direct: true,
});

/**
 * The side menu of platform-shell 2.8. Items the spec lists without a permission carry their area's obvious ones
 * (for example /admin/users needs one of USERS.*), so that no item shows to every role.
 */
export const MENU: MenuSection[] = [
  {
    label: 'MODULE',
    groups: [
      {
        label: 'Chat',
        icon: 'chat',
        items: [
          { label: 'Conversation', to: '/chat/conversation', permissions: ['CHAT.HANDLE'] },
          { label: 'Analytics', to: '/chat/analytics', permissions: ['CHAT.VIEW_ANALYTICS'] },
          { label: 'Real-time monitor', to: '/chat/monitor', permissions: ['CHAT.VIEW_MONITOR'] },
          { label: 'History', to: '/chat/history', permissions: ['CHAT.VIEW_CHATHISTORY'] },
          { label: 'Just In Time', to: '/campaigns/broadcast/', permissions: ['CHAT.HANDLE'] },
        ],
      },
      {
        label: 'Campaigns',
        icon: 'campaigns',
        items: [
          { label: 'Campaigns', to: '/campaigns/campaigns-list', permissions: ['CAMPAIGNS.CREATE', 'CAMPAIGNS.EDIT', 'CAMPAIGNS.VIEW', 'CAMPAIGNS.DELETE'] },
          // Not in platform-shell 2.8's list, which reaches the sender only as Chat → Just In Time: campaign makers
          // without CHAT.HANDLE had no way to it.
          { label: 'Broadcast', to: '/campaigns/broadcast', permissions: ['CAMPAIGNS.CREATE', 'CAMPAIGNS.START'] },
          { label: 'Activities', to: '/campaigns/activity-list', permissions: ['CAMPAIGNS.APPROVE'] },
          { label: 'Blacklist', to: '/campaigns/blacklist', permissions: ['BLACKLIST.BLACKLIST'] },
          { label: 'Approved', to: '/campaigns/approved', permissions: ['CAMPAIGNS.START'] },
          { label: 'Rejected', to: '/campaigns/reject', permissions: CAMPAIGN_ANY },
          { label: 'Campaign Report', to: '/campaigns/report', permissions: ['CAMPAIGNS.VIEW_CAMPAIGNREPORT'] },
          { label: 'External Campaign Report', to: '/campaigns/externalreport', permissions: ['CAMPAIGNS.VIEW_CAMPAIGNREPORT'], when: 'recordExtCampaign' },
        ],
      },
      {
        label: 'Journey',
        icon: 'journey',
        items: [
          { label: 'Workspace', to: '/journey/workspace', permissions: JOURNEY_EDIT },
          { label: 'Reports', to: '/journey/reports', permissions: ['JOURNEYS.VIEW_REPORTS'] },
          { label: 'Monitor', to: '/journey/monitor', permissions: ['JOURNEYS.VIEW_JOURNEYMONITOR'] },
          { label: 'Milestone Report', to: '/journey/milestone-report', permissions: ['JOURNEYS.VIEW_MILESTONEREPORT'] },
        ],
      },
      single('Publish', 'publish', '/publish/journey', ['JOURNEYS.VIEW_PUBLISH']),
      {
        label: 'Agentic AI',
        icon: 'ai',
        items: [
          { label: 'Skills', to: '/bots', permissions: ['NLP.VIEW'] },
          { label: 'Analytics', to: '/nlp-report/overview', permissions: ['NLP.VIEW'] },
        ],
      },
      {
        label: 'Speech Services',
        icon: 'speech',
        items: [
          { label: 'Text To Speech', to: '/services/servicesform', permissions: ['COGNITIVE.VIEW'] },
          { label: 'Speech To Text', to: '/services/speech/speechservice', permissions: ['COGNITIVE.VIEW'] },
        ],
      },
      {
        label: 'Customers',
        icon: 'customers',
        items: [
          { label: 'Customers', to: '/customer-master/customers', permissions: ['CUSTOMER.VIEW'] },
          { label: 'Uploads', to: '/customer-master/uploads', permissions: ['CUSTOMER.VIEW'] },
        ],
      },
      single('Image Library', 'images', '/creatives', crud('CREATIVES')),
      single('Rich Card', 'richcard', '/admin/richcard', crud('RICHCARDS')),
      single('Analytics', 'analytics', '/admin/analytics', ['ANALYTICS.VIEW']),
      single('Marketplace', 'marketplace', '/admin/marketplaceModule', ['MARKET_PLACE.MODULE.VIEW']),
    ],
  },
  {
    label: 'CONFIGURATION',
    groups: [
      single('Chat Config', 'chatconfig', '/admin/chatConfig/chat-config', ['CHAT.CHAT_CONFIG']),
      single('Channels', 'channels', '/admin/channels', crud('CHANNELS')),
      single('Waba Onboarding', 'waba', '/admin/whatsapp-onboarding', ['WABAONBOARD.VIEW']),
      single('Message Templates', 'templates', '/admin/messageTemplate/whatsapp', ['MSG_TEMPLATES.CREATE', 'MSG_TEMPLATES.VIEW', 'MSG_TEMPLATES.DELETE']),
      single('Flows', 'flows', '/whatsapp-flow', ['FLOW.VIEW']),
      single('Integration', 'integration', '/admin/integration', crud('INTEGRATIONS')),
      single('Customer Master', 'customermaster', '/customer-master/definition', ['CUSTOMER_MASTER.VIEW']),
      single('Analytics Config', 'analyticsconfig', '/admin/analytics/config', ['ANALYTICS.ANALYTICS']),
      single('Billing', 'billing', '/admin/enterpriseBilling', ['ENTERPRISE.MANAGE_BILLING']),
    ],
  },
  {
    label: 'MANAGE',
    groups: [
      single('Details', 'details', '/admin/details', ['ENTERPRISE.VIEW', 'ENTERPRISE.EDIT']),
      single('Users', 'users', '/admin/users', ['USERS.ADD', 'USERS.EDIT', 'USERS.VIEW']),
      single('Departments', 'departments', '/admin/departments', ['DEPARTMENTS.CREATE', 'DEPARTMENTS.EDIT', 'DEPARTMENTS.VIEW']),
      single('Audit Trail', 'audit', '/admin/audit_trail', ['AUDITTRAIL.VIEW']),
      single('Delivery Report', 'delivery', '/admin/report', ['MANAGE.DELIVERYREPORT.VIEW']),
      single('Trash', 'trash', '/admin/trash', ['TRASH.VIEW']),
      single('Role & Permission', 'roles', '/admin/permission', ['ROLES.VIEW', 'ROLES.EDIT', 'ROLES.CREATE', 'ROLES.DELETE']),
      single('Marketplace List', 'marketlist', '/marketplace/list', ['MARKET_PLACE.VIEW']),
    ],
  },
];

export interface MenuContext {
  permissions: readonly string[];
  recordExtCampaign: boolean;
  artifactsEnabled: boolean;
}

/** The menu this user sees: items by permission, empty groups and sections dropped. */
export function visibleMenu(ctx: MenuContext, menu: MenuSection[] = MENU): MenuSection[] {
  const shows = (item: MenuItem) => item.permissions.some((p) => ctx.permissions.includes(p)) && (!item.when || ctx[item.when]);
  return menu
    .map((section) => ({
      ...section,
      groups: section.groups.map((g) => ({ ...g, items: g.items.filter(shows) })).filter((g) => g.items.length > 0),
    }))
    .filter((section) => section.groups.length > 0);
}

/** Every path of the menu, for the route table. */
export const menuPaths = (menu: MenuSection[] = MENU) => menu.flatMap((s) => s.groups.flatMap((g) => g.items.map((i) => i.to.replace(/\/$/, ''))));

const isUnder = (path: string, to: string) => {
  const base = to.replace(/\/$/, '');
  return path === base || path.startsWith(`${base}/`);
};

/**
 * The one item to highlight: the deepest visible item the path lies under, the first in menu order on a tie.
 * Prefix matching alone lit both Analytics (/admin/analytics) and Analytics Config (/admin/analytics/config),
 * and both routes to the broadcast sender.
 */
export function activeItemKey(path: string, menu: MenuSection[]): string | undefined {
  let best: { key: string; depth: number } | undefined;
  for (const s of menu)
    for (const g of s.groups)
      for (const i of g.items) {
        const depth = i.to.replace(/\/$/, '').length;
        if (isUnder(path, i.to) && (!best || depth > best.depth)) best = { key: `${g.label}|${i.label}`, depth };
      }
  return best?.key;
}
