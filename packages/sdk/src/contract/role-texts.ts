/**
 * Role & Permission without zod (platform-shell 3 "Role config", 6, issue 36 item 4): limits and the texts an
 * administrator reads. The spec shows none of these texts; they are worded in the voice of sections 5 and 8, and
 * docs/administration.md lists them.
 */

export const RoleLimits = {
  nameChars: 50,
  descriptionChars: 200,
  /** Custom roles of one enterprise. */
  customRoles: 100,
  /** Ids of custom roles start here (the table's identity); 1-6 are the built-in roles of platform-shell 3. */
  firstCustomId: 101,
} as const;

export const RoleTexts = {
  created: 'Role created successfully',
  updated: 'Role updated successfully',
  deleted: 'Role deleted successfully',
  notFound: 'Role not found',
  nameTaken: 'A role with this name already exists',
  nameTooLong: `A role name can be at most ${RoleLimits.nameChars} characters`,
  descriptionTooLong: `A description can be at most ${RoleLimits.descriptionChars} characters`,
  permissionsRequired: 'Select at least one permission',
  unknownPermission: 'This permission does not exist',
  builtInReadOnly: 'Built-in roles cannot be changed or deleted. Create a role based on it instead.',
  tooMany: `An enterprise can have at most ${RoleLimits.customRoles} custom roles`,
} as const;

/** What each built-in role is for (platform-shell 3 names them; the grants are in permissions.ts). */
export const BUILT_IN_ROLE_DESCRIPTIONS: Record<1 | 2 | 3 | 4 | 5 | 6, string> = {
  1: 'Everything, and marks the enterprise’s administrators',
  2: 'Bots, channels, message templates and integrations',
  3: 'Live chats with customers and their history',
  4: 'Creates campaigns and the audiences they go to',
  5: 'Approves and starts campaigns',
  6: 'Reads the reports of every area',
};

/** A caller gives no one more than they hold: the refusal names what they tried to give. */
export const permissionsNotHeld = (permissions: readonly string[]) => `You cannot give permissions you do not hold: ${permissions.join(', ')}`;

/** Roles for users and invitations: the same rule, said of the roles. */
export const rolesNotHeld = (roles: readonly string[]) => `You cannot give a role with permissions you do not hold: ${roles.join(', ')}`;

/** Deleting a role someone holds would leave them with a dangling id: the refusal says who holds it. */
export function roleInUse(users: number, invitations: number): string {
  const parts = [
    users ? `${users} user${users === 1 ? '' : 's'}` : '',
    invitations ? `${invitations} open invitation${invitations === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  const todo = [users ? 'give them another role' : '', invitations ? 'revoke the invitations' : ''].filter(Boolean);
  return `This role is held by ${parts.join(' and ')}: ${todo.join(' and ')} first`;
}

/** What the role config calls each permission group on screen; the catalogue's ids are the spec's. */
export const PERMISSION_GROUP_LABELS: Record<string, string> = {
  CHAT: 'Chat',
  ENCAPS: 'Encaps',
  CAMPAIGNS: 'Campaigns',
  JOURNEYS: 'Journeys',
  NLP: 'Agentic AI',
  ANALYTICS: 'Analytics',
  COGNITIVE: 'Cognitive',
  CUSTOMER: 'Customers',
  CUSTOMER_MASTER: 'Customer master',
  CREATIVES: 'Image library',
  RICHCARDS: 'Rich cards',
  CHANNELS: 'Channels',
  INTEGRATIONS: 'Integrations',
  WABAONBOARD: 'WABA onboarding',
  MSG_TEMPLATES: 'Message templates',
  FLOW: 'Flows',
  MARKET_PLACE: 'Marketplace',
  ENTERPRISE: 'Enterprise',
  USERS: 'Users',
  DEPARTMENTS: 'Departments',
  AUDITTRAIL: 'Audit trail',
  MANAGE: 'Delivery report',
  TRASH: 'Trash',
  ROLES: 'Roles',
  BLACKLIST: 'Blacklist',
};

// The catalogue glues some words together (VIEW_CHATHISTORY); these are spelt apart on screen.
const GLUED: Record<string, string> = {
  CHATHISTORY: 'chat history',
  CAMPAIGNREPORT: 'campaign report',
  REJECTEDLIST: 'rejected list',
  JOURNEYMONITOR: 'journey monitor',
  MILESTONEREPORT: 'milestone report',
  EXECUTIONLOGS: 'execution logs',
  DELIVERYREPORT: 'delivery report',
  BLACKLIST: 'manage',
  NLP: 'design',
};

/** A permission item (the part after the group) as a label: `VIEW_CHATHISTORY` → "View chat history". */
export function permissionLabel(item: string): string {
  const words = item
    .split(/[_.]/)
    .map((w) => GLUED[w] ?? w.toLowerCase())
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
