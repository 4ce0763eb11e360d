/**
 * Channels without zod (platform-shell 5, 7.4 and 9): channel types, vendors and each vendor's form, so screens can
 * draw a vendor's form without loading the contract's schemas. `channels.ts` re-exports them for the server.
 */

/** Channel types (platform-shell 9). */
export const ChannelTypes = { SMS: 0, Email: 1, Facebook: 3, WhatsApp: 4, Telegram: 5, Google: 6, IVRS: 9, RCS: 10, Instagram: 11, Web: 12 } as const;
export type ChannelTypeName = keyof typeof ChannelTypes;
export type ChannelType = (typeof ChannelTypes)[ChannelTypeName];

/**
 * Vendors (platform-shell 9). WhatsApp Cloud API (20) is ours: the spec's vendors cannot be reached from here, Meta's
 * Cloud API can (or its sandbox), so it is the one vendor that sends. The spec's form table has an "SMS" vendor
 * (accKey, sender) that its numbering leaves out; it takes 2, the first number the numbering skips.
 */
export const Vendors = {
  Karix: 0,
  RCM: 1,
  SMS: 2,
  SAP365: 4,
  Kaleyra: 5,
  Sinch: 6,
  'Route Mobile': 7,
  MCMI: 8,
  Airtel: 9,
  Mailchimp: 10,
  VI: 11,
  NGN: 12,
  TTBS: 13,
  DotGoHub: 14,
  SMSPortal: 15,
  Jio: 16,
  Syniverse: 17,
  'WhatsApp Cloud API': 20,
  'Parley Web Chat': 21,
} as const;
export type VendorName = keyof typeof Vendors;
export type VendorId = (typeof Vendors)[VendorName];
export const WHATSAPP_CLOUD_VENDOR = Vendors['WhatsApp Cloud API'];

export type VendorFieldKind = 'text' | 'secret' | 'phone' | 'select' | 'url';

/** One field of a vendor's form. `secret` values are sealed at rest and come back masked. */
export interface VendorField {
  readonly key: string;
  readonly label: string;
  readonly kind: VendorFieldKind;
  readonly required: boolean;
  /** For `select`: the values and their labels. */
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly help?: string;
}

const f = (key: string, label: string, kind: VendorFieldKind = 'text', required = true, extra: Partial<VendorField> = {}): VendorField => ({
  key,
  label,
  kind,
  required,
  ...extra,
});
/** contactId is the channel's own number on most vendors: 'Valid Waba Phone Number is required'. */
const contact = f('contactId', 'Valid Waba Phone Number', 'phone');
/** Live chat: an NLP agent that answers a channel's new chats first and hands them to people (docs/live-chat.md). */
const botField = f('botAgentId', 'Bot (NLP agent id)', 'text', false, {
  help: 'Answers new chats first and hands them to an agent when asked. Empty: people answer every chat.',
});

/**
 * The vendor form table of platform-shell 5, field for field. Labels give the required messages ('<label> is
 * required'); the spec names three of them (Auth id, Client id, Valid Waba Phone Number) and the rest follow suit.
 * NGN, DotGoHub and SMSPortal forms are "not shown": they take a contact id and an API key.
 */
export const VENDOR_FORMS: Record<VendorId, readonly VendorField[]> = {
  0: [f('username', 'Username'), f('password', 'Password', 'secret'), contact],
  1: [
    f('environment', 'Environment', 'select', true, {
      options: [
        { value: '0', label: 'Sandbox' },
        { value: '1', label: 'Production' },
      ],
    }),
    f('accKey', 'Account key', 'secret'),
    contact,
    f('wabaId', 'Waba id', 'text', false),
    f('webhookId', 'Webhook id', 'text', false),
  ],
  2: [f('accKey', 'Account key', 'secret'), f('sender', 'Sender')],
  4: [f('accountName', 'Account name'), f('accKey', 'Account key', 'secret'), contact],
  5: [f('apiKey', 'Api key', 'secret'), f('sid', 'Sid'), contact, f('wabaId', 'Waba id', 'text', false)],
  6: [
    f('appId', 'App id'),
    f('projectId', 'Project id'),
    f('keyId', 'Key id'),
    f('keySecret', 'Key secret', 'secret'),
    f('region', 'Region', 'select', true, {
      options: [
        { value: 'eu', label: 'EU' },
        { value: 'us', label: 'US' },
      ],
    }),
    contact,
  ],
  7: [f('username', 'Username'), f('password', 'Password', 'secret'), contact],
  8: [f('authKey', 'Auth id', 'secret'), contact],
  9: [f('username', 'Username'), f('password', 'Password', 'secret'), f('customerId', 'Customer id'), contact, f('businessId', 'Business id')],
  10: [f('fromEmail', 'From email'), f('authKey', 'Auth id', 'secret'), f('subAccount', 'Sub account'), f('fromName', 'From name')],
  11: [
    f('clientId', 'Client id'),
    f('clientSecret', 'Client secret', 'secret'),
    f('templateClientId', 'Template client id'),
    f('templateClientSecret', 'Template client secret', 'secret'),
    contact,
  ],
  12: [contact, f('apiKey', 'Api key', 'secret')],
  13: [f('user', 'User'), f('pswd', 'Password', 'secret'), f('sender', 'Sender'), f('PE_ID', 'PE id')],
  14: [contact, f('apiKey', 'Api key', 'secret')],
  15: [contact, f('apiKey', 'Api key', 'secret')],
  16: [f('clientId', 'Client id'), f('clientSecret', 'Client secret', 'secret'), f('WebhookVerificationToken', 'Webhook verification token', 'secret')],
  17: [
    f('namespace', 'Namespace'),
    contact,
    f('companyId', 'Company id'),
    f('appId', 'App id'),
    f('authToken', 'Auth token', 'secret'),
    f('wabaId', 'Waba id'),
  ],
  20: [
    contact,
    f('phoneNumberId', 'Phone number id'),
    f('wabaId', 'Waba id'),
    f('accessToken', 'Access token', 'secret'),
    f('appSecret', 'App secret', 'secret', true, { help: 'Signs the webhooks Meta sends (X-Hub-Signature-256).' }),
    f('baseUrl', 'Graph API base URL', 'url', false, {
      help: 'Empty: the built-in sandbox. https://graph.facebook.com for Meta; other hosts only if the server allows them.',
    }),
    f('apiVersion', 'Graph API version', 'text', false, { help: 'v21.0 when empty.' }),
    botField,
  ],
  21: [botField],
};

export const ChannelPageSizes = { channels: 20, max: 100 } as const;
export const CHANNEL_SEARCH_DEBOUNCE_MS = 300;

export const ChannelMessages = {
  isRequired: (label: string) => `${label} is required`,
  // Not shown in the spec; worded in its voice.
  nameRequired: 'Channel name is required',
  nameTaken: 'A channel with this name already exists',
  typeRequired: 'Channel type is required',
  vendorRequired: 'Vendor is required',
  vendorNotForType: 'This vendor does not serve this channel type',
  invalidUrl: 'Please enter a valid URL',
  digitsOnly: (label: string) => `${label} must contain digits only`,
  apiVersionInvalid: 'Graph API version must look like v21.0',
  baseUrlNotAllowed: (allowed: readonly string[]) => `Only ${allowed.join(', ')} can be used here (empty: the built-in sandbox)`,
  /** Secrets are bound to the endpoint they were entered for (SECURITY.md): a new base URL needs them again. */
  secretAgain: (label: string) => `${label} must be entered again when the base URL changes`,
  notFound: 'Channel not found',
  saved: 'Channel saved successfully',
  deleted: 'Channel deleted successfully',
  hasTemplates: 'This channel still has message templates',
} as const;

/** What a masked secret looks like on the wire; sending it back unchanged keeps the stored value. */
export const SECRET_MASK = '••••••';

/** Channel types a vendor serves, where it is narrower than "any". */
const { SMS, Email, Facebook, WhatsApp, Telegram, RCS, Instagram, Web } = ChannelTypes;
/**
 * The channel types each vendor serves, so the form offers only vendors that fit the type (Mailchimp for Email, not
 * WhatsApp). The spec gives no table; this one follows what each vendor's form asks for (a WABA number or id means
 * WhatsApp, a DLT sender or PE id SMS, a fromEmail Email) and what the vendors sell. Types no vendor serves (Google,
 * IVRS, Web) get none here: web chat is Parley's own.
 */
export const VENDOR_CHANNEL_TYPES: Record<VendorId, readonly ChannelType[]> = {
  0: [SMS, WhatsApp, RCS],
  1: [WhatsApp, SMS],
  2: [SMS],
  4: [SMS, WhatsApp],
  5: [SMS, WhatsApp],
  6: [SMS, WhatsApp, RCS, Facebook, Telegram, Instagram],
  7: [SMS, WhatsApp, RCS],
  8: [WhatsApp],
  9: [SMS, WhatsApp],
  10: [Email],
  11: [SMS, WhatsApp],
  12: [SMS, WhatsApp],
  13: [SMS],
  14: [RCS],
  15: [SMS],
  16: [RCS],
  17: [WhatsApp],
  20: [WhatsApp],
  21: [Web],
};
