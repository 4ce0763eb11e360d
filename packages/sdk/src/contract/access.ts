import type { Permission } from './permissions.js';

/**
 * Which permissions admit each kind of call, in one place: the server's routes check these lists, and the screens ask
 * the same lists (`may`) before they show an action, so a button is never offered that the server would refuse.
 * A list admits a caller who holds any one of its permissions. The specs leave most of this "not shown"; SECURITY.md
 * "Roles" records the decisions.
 */
export const ACCESS = {
  /**
   * Attachments are the Creatives library (platform-shell 6): VIEW reads, CREATE uploads and adds, EDIT files them
   * into buckets and renames, DELETE removes. Agents pick attachments in chat (CHAT.HANDLE), so they may list, read
   * and validate media without the library itself.
   */
  attachments: {
    view: ['CREATIVES.VIEW', 'CHAT.HANDLE'],
    create: ['CREATIVES.CREATE'],
    edit: ['CREATIVES.EDIT'],
    delete: ['CREATIVES.DELETE'],
  },
  /**
   * Sending a broadcast is a campaign action: CAMPAIGNS.CREATE (customer-master-and-broadcast 6 leaves it "not
   * shown"). CHAT.HANDLE is not enough: a number list typed into the form would let an agent message anyone. The
   * agent's just-in-time send (one template to the customer of a chat the agent takes part in) is admitted here and
   * checked against the chat by the route (chats/template-send.ts).
   */
  broadcasts: {
    send: ['CAMPAIGNS.CREATE', 'CHAT.HANDLE'],
    /** History, details, messages, a message's status: campaign makers and whoever may view campaigns. */
    read: ['CAMPAIGNS.CREATE', 'CAMPAIGNS.VIEW'],
    /** The expression lookup also serves the broadcast form in a chat (agents map a URL variable there). */
    expressions: ['CAMPAIGNS.CREATE', 'CAMPAIGNS.VIEW', 'CHAT.HANDLE'],
  },
  /** Configuration → Channels (platform-shell 6). Reading also admits whoever picks a channel to send from. */
  channels: {
    view: ['CHANNELS.VIEW', 'CAMPAIGNS.CREATE', 'CHAT.HANDLE'],
    create: ['CHANNELS.CREATE'],
    edit: ['CHANNELS.EDIT'],
    delete: ['CHANNELS.DELETE'],
  },
  /**
   * Managing field definitions is Configuration → Customer Master: CUSTOMER_MASTER.VIEW. Reading also admits
   * CUSTOMER.VIEW, because the customer form (Other Details) is drawn from the definitions and Handle Chats reads
   * customers with only that.
   */
  customerDefinitions: {
    read: ['CUSTOMER_MASTER.VIEW', 'CUSTOMER.VIEW'],
    write: ['CUSTOMER_MASTER.VIEW'],
  },
  /**
   * Reading customers, segments, groups and uploads is the Customers menu (CUSTOMER.VIEW). Anything that changes the
   * customer master (a customer saved or deleted, a segment or group made or mapped, a CSV imported) needs
   * CUSTOMER_MASTER.VIEW, the one permission that gates its configuration (administrators and Campaign Maker).
   */
  customers: {
    read: ['CUSTOMER.VIEW', 'CUSTOMER_MASTER.VIEW'],
    write: ['CUSTOMER_MASTER.VIEW'],
  },
  /**
   * Manage → Departments (platform-shell 6: DEPARTMENTS CREATE, EDIT, VIEW; deleting and membership are edits). The
   * list also serves whoever picks a department elsewhere: the channel form, Chat Config and the chat monitor.
   */
  departments: {
    view: ['DEPARTMENTS.VIEW', 'DEPARTMENTS.EDIT', 'CHANNELS.CREATE', 'CHANNELS.EDIT', 'CHAT.CHAT_CONFIG', 'CHAT.VIEW_MONITOR'],
    members: ['DEPARTMENTS.VIEW', 'DEPARTMENTS.EDIT'],
    create: ['DEPARTMENTS.CREATE'],
    edit: ['DEPARTMENTS.EDIT'],
  },
  /** Configuration → Chat Config: CHAT.CHAT_CONFIG. Agents read the labels, which the inbox offers as tags. */
  chatConfig: {
    edit: ['CHAT.CHAT_CONFIG'],
    labels: ['CHAT.CHAT_CONFIG', 'CHAT.HANDLE'],
  },
  /**
   * The dashboard opens for every signed-in user; each of its figures needs its own rights. Chat figures: the
   * enterprise's chats for supervisors (analytics, monitor, history), an agent's own chats for CHAT.HANDLE alone.
   * Broadcast figures: whoever may read campaigns; bot figures: whoever may read the designer. Chat analytics
   * (`/chat/analytics` and its CSV) is CHAT.VIEW_ANALYTICS.
   */
  dashboard: {
    allChats: ['CHAT.VIEW_ANALYTICS', 'CHAT.VIEW_MONITOR', 'CHAT.VIEW_CHATHISTORY'],
    ownChats: ['CHAT.HANDLE'],
    broadcasts: ['CAMPAIGNS.CREATE', 'CAMPAIGNS.EDIT', 'CAMPAIGNS.VIEW', 'CAMPAIGNS.DELETE', 'CAMPAIGNS.VIEW_CAMPAIGNREPORT'],
    bot: ['NLP.VIEW', 'NLP.NLP'],
  },
  chatAnalytics: {
    view: ['CHAT.VIEW_ANALYTICS'],
  },
  /** The designer: reading needs NLP.VIEW or NLP.NLP, changing (and training) needs NLP.NLP. */
  nlp: {
    read: ['NLP.VIEW', 'NLP.NLP'],
    write: ['NLP.NLP'],
  },
  /** Message Templates (platform-shell 6). Sync asks the vendor, as a create does. Agents read to send one in chat. */
  templates: {
    view: ['MSG_TEMPLATES.VIEW', 'CHAT.HANDLE'],
    create: ['MSG_TEMPLATES.CREATE'],
    delete: ['MSG_TEMPLATES.DELETE'],
  },
  /**
   * Manage → Users (platform-shell 6 USERS: ADD, EDIT, VIEW). ADD also sends, resends and revokes invitations (an
   * invitation is a user being added); EDIT changes roles, chat settings and state, and resets passwords.
   */
  users: {
    view: ['USERS.VIEW', 'USERS.ADD', 'USERS.EDIT'],
    add: ['USERS.ADD'],
    edit: ['USERS.EDIT'],
  },
  /**
   * Manage → Role & Permission (platform-shell 6 ROLES: VIEW, EDIT, CREATE, DELETE). The list is also read by whoever
   * gives users roles (USERS.*), to offer and name custom roles; the role config by whoever edits roles or users.
   */
  roles: {
    read: ['ROLES.VIEW', 'ROLES.CREATE', 'ROLES.EDIT', 'ROLES.DELETE', 'USERS.VIEW', 'USERS.ADD', 'USERS.EDIT'],
    config: ['ROLES.VIEW', 'ROLES.CREATE', 'ROLES.EDIT', 'ROLES.DELETE', 'USERS.ADD', 'USERS.EDIT'],
    screen: ['ROLES.VIEW', 'ROLES.CREATE', 'ROLES.EDIT', 'ROLES.DELETE'],
    create: ['ROLES.CREATE'],
    edit: ['ROLES.EDIT'],
    delete: ['ROLES.DELETE'],
  },
  /** Manage → Audit Trail and Manage → Delivery Report (platform-shell 2.8, 6): read-only reports and their CSVs. */
  reports: {
    auditTrail: ['AUDITTRAIL.VIEW'],
    delivery: ['MANAGE.DELIVERYREPORT.VIEW'],
  },
  /**
   * Billing (platform-shell 6: ENTERPRISE.MANAGE_BILLING, ENTERPRISE.VIEW): either reads the account status,
   * consumption, rate card, invoices and ledger (the top bar); a recharge and reporting a payment need MANAGE_BILLING.
   */
  billing: {
    view: ['ENTERPRISE.MANAGE_BILLING', 'ENTERPRISE.VIEW'],
    manage: ['ENTERPRISE.MANAGE_BILLING'],
  },
  /**
   * Manage → Trash (platform-shell 6 has only TRASH.VIEW): the list and deleting for good. Restoring creates the object
   * again, so it also needs that type's create permission (checked by the trash service): a Campaign Maker given
   * TRASH.VIEW restores customers and attachments, not channels.
   */
  trash: {
    view: ['TRASH.VIEW'],
    agent: ['NLP.NLP'],
    customer: ['CUSTOMER_MASTER.VIEW'],
    template: ['MSG_TEMPLATES.CREATE'],
    channel: ['CHANNELS.CREATE'],
    attachment: ['CREATIVES.CREATE'],
  },
} as const satisfies Record<string, Record<string, readonly Permission[]>>;

/** Whether someone holding `held` may make a call that `wanted` admits (any one permission is enough). */
export const may = (held: readonly string[] | undefined, wanted: readonly Permission[]): boolean => held !== undefined && wanted.some((p) => held.includes(p));
