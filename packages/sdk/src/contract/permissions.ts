/**
 * The permission catalogue of platform-shell.md section 6. A permission key is `GROUP.ITEM`. Groups the spec
 * lists with a wildcard (RICHCARDS.*, CHANNELS.*, INTEGRATIONS.*) get the usual CRUD items.
 */
export const PERMISSION_GROUPS = {
  CHAT: ['HANDLE', 'VIEW_ANALYTICS', 'VIEW_CHATHISTORY', 'VIEW_MONITOR', 'CHAT_CONFIG'],
  ENCAPS: ['DELETE', 'VIEW', 'EDIT', 'CREATE', 'VIEW_EXECUTIONLOGS'],
  CAMPAIGNS: ['CREATE', 'EDIT', 'VIEW', 'DELETE', 'APPROVE', 'START', 'VIEW_REJECTEDLIST', 'VIEW_CAMPAIGNREPORT'],
  JOURNEYS: ['CREATE', 'EDIT', 'VIEW', 'DELETE', 'VIEW_REPORTS', 'VIEW_JOURNEYMONITOR', 'VIEW_MILESTONEREPORT', 'VIEW_PUBLISH'],
  NLP: ['NLP', 'VIEW'],
  ANALYTICS: ['ANALYTICS', 'VIEW'],
  COGNITIVE: ['VIEW'],
  CUSTOMER: ['VIEW'],
  CUSTOMER_MASTER: ['VIEW'],
  CREATIVES: ['VIEW', 'EDIT', 'CREATE', 'DELETE'],
  RICHCARDS: ['VIEW', 'EDIT', 'CREATE', 'DELETE'],
  CHANNELS: ['VIEW', 'EDIT', 'CREATE', 'DELETE'],
  INTEGRATIONS: ['VIEW', 'EDIT', 'CREATE', 'DELETE'],
  WABAONBOARD: ['VIEW'],
  MSG_TEMPLATES: ['CREATE', 'VIEW', 'DELETE'],
  FLOW: ['VIEW'],
  MARKET_PLACE: ['VIEW', 'MODULE.VIEW'],
  ENTERPRISE: ['MANAGE_BILLING', 'EDIT', 'VIEW'],
  USERS: ['ADD', 'EDIT', 'VIEW'],
  DEPARTMENTS: ['CREATE', 'EDIT', 'VIEW'],
  AUDITTRAIL: ['VIEW'],
  MANAGE: ['DELIVERYREPORT.VIEW'],
  TRASH: ['VIEW'],
  ROLES: ['VIEW', 'EDIT', 'CREATE', 'DELETE'],
  BLACKLIST: ['BLACKLIST'],
} as const satisfies Record<string, readonly string[]>;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = {
  [G in PermissionGroup]: `${G}.${(typeof PERMISSION_GROUPS)[G][number]}`;
}[PermissionGroup];

export const ALL_PERMISSIONS: readonly Permission[] = (Object.keys(PERMISSION_GROUPS) as PermissionGroup[]).flatMap((group) =>
  PERMISSION_GROUPS[group].map((item) => `${group}.${item}` as Permission),
);

/** Groups removed from the role-config list shown to admins (spec 6), although the menu still checks some. */
export const HIDDEN_ROLE_CONFIG_GROUPS: readonly PermissionGroup[] = [
  'ENCAPS',
  'NLP',
  'INTEGRATIONS',
  'MARKET_PLACE',
  'ANALYTICS',
  'CUSTOMER',
  'CUSTOMER_MASTER',
  'ROLES',
];

/** Permissions that exist only while their feature flag is on (spec 6). */
export const FEATURE_FLAG_PERMISSIONS: readonly Permission[] = [
  'COGNITIVE.VIEW',
  'BLACKLIST.BLACKLIST',
  'FLOW.VIEW',
  'MANAGE.DELIVERYREPORT.VIEW',
  'MARKET_PLACE.MODULE.VIEW',
];

export const Roles = {
  ADMINISTRATOR: 1,
  DEVELOPMENT: 2,
  HANDLE_CHATS: 3,
  CAMPAIGN_MAKER: 4,
  CAMPAIGN_CHECKER: 5,
  REPORT_VIEWER: 6,
} as const;
export type RoleId = (typeof Roles)[keyof typeof Roles];

export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Administrator',
  2: 'Development (Send Message)',
  3: 'Handle Chats',
  4: 'Campaign Maker',
  5: 'Campaign Checker',
  6: 'Report Viewer',
};

/**
 * What each built-in role grants. The spec names the roles but not their grants; these follow the role names.
 * Role 1 marks admin and holds everything.
 */
export const ROLE_PERMISSIONS: Record<RoleId, readonly Permission[]> = {
  1: ALL_PERMISSIONS,
  2: [
    'NLP.NLP',
    'NLP.VIEW',
    'MSG_TEMPLATES.VIEW',
    'MSG_TEMPLATES.CREATE',
    'CHANNELS.VIEW',
    'INTEGRATIONS.VIEW',
    'INTEGRATIONS.CREATE',
    'INTEGRATIONS.EDIT',
    'FLOW.VIEW',
    'COGNITIVE.VIEW',
  ],
  3: ['CHAT.HANDLE', 'CHAT.VIEW_CHATHISTORY', 'CUSTOMER.VIEW'],
  // Campaign Maker loads the audiences it sends to: it changes and imports customers (CUSTOMER_MASTER.VIEW).
  4: [
    'CAMPAIGNS.CREATE',
    'CAMPAIGNS.EDIT',
    'CAMPAIGNS.VIEW',
    'CAMPAIGNS.DELETE',
    'MSG_TEMPLATES.VIEW',
    'CUSTOMER.VIEW',
    'CUSTOMER_MASTER.VIEW',
    'CREATIVES.VIEW',
    'CREATIVES.CREATE',
  ],
  5: ['CAMPAIGNS.VIEW', 'CAMPAIGNS.APPROVE', 'CAMPAIGNS.START', 'CAMPAIGNS.VIEW_REJECTEDLIST', 'CAMPAIGNS.VIEW_CAMPAIGNREPORT'],
  6: ['CHAT.VIEW_ANALYTICS', 'CAMPAIGNS.VIEW_CAMPAIGNREPORT', 'JOURNEYS.VIEW_REPORTS', 'ANALYTICS.VIEW', 'MANAGE.DELIVERYREPORT.VIEW', 'NLP.VIEW'],
};

export const isBuiltInRole = (id: number): id is RoleId => Object.hasOwn(ROLE_NAMES, id);

const CATALOGUE: ReadonlySet<string> = new Set(ALL_PERMISSIONS);
export const isPermission = (key: string): key is Permission => CATALOGUE.has(key);

/**
 * What a set of grants (each role's permission list) comes to: the union, in catalogue order, without keys outside
 * the catalogue and without feature-flag permissions whose flag is off. Custom roles' lists come from the server's
 * database, so the server calls this with them (domains/roles/role-permissions.ts); built-in roles alone use
 * `permissionsOfRoles`.
 */
export function grantedPermissions(grants: Iterable<readonly string[]>, enabledFlags: ReadonlySet<Permission> = new Set()): Permission[] {
  const granted = new Set<string>();
  for (const list of grants) for (const p of list) granted.add(p);
  for (const p of FEATURE_FLAG_PERMISSIONS) if (!enabledFlags.has(p)) granted.delete(p);
  return ALL_PERMISSIONS.filter((p) => granted.has(p));
}

/** The built-in roles' permissions; an id that is not built in grants nothing here (custom roles are the server's). */
export function permissionsOfRoles(roles: readonly number[], enabledFlags: ReadonlySet<Permission> = new Set()): Permission[] {
  return grantedPermissions(
    roles.filter(isBuiltInRole).map((r) => ROLE_PERMISSIONS[r]),
    enabledFlags,
  );
}

export const hasAny = (held: readonly string[], wanted: readonly string[]) => wanted.some((p) => held.includes(p));
