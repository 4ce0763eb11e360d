/**
 * Broadcasts without zod (customer-master-and-broadcast 2, 3, 5-8): page sizes, states and the screen's texts.
 */

export const BroadcastPageSizes = { history: 20, messages: 20, channels: 20, max: 100 } as const;
export const BROADCAST_SEARCH_DEBOUNCE_MS = 300;
export const MOBILE_MIN_LENGTH = 10;
/** How many days back the history's date range starts by default (ending today). */
export const HISTORY_DEFAULT_DAYS = 7;

/**
 * A broadcast's status (the spec leaves the values open): QUEUED (stored, not started), SENDING, COMPLETED (every
 * recipient handed to the vendor or failed), FAILED (could not be sent at all, e.g. its channel was deleted).
 */
export const BROADCAST_STATUSES = ['QUEUED', 'SENDING', 'COMPLETED', 'FAILED'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/**
 * A message's `currentDeliveryStatus`: QUEUED, SENDING (handed over, no answer yet), ACCEPTED (the vendor took it),
 * SENT, DELIVERED, READ, FAILED. It only moves forward (READ implies DELIVERED); FAILED is final.
 */
export const MESSAGE_STATUSES = ['QUEUED', 'SENDING', 'ACCEPTED', 'SENT', 'DELIVERED', 'READ', 'FAILED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** How a template variable gets its value (broadcast spec 3: static, column, expression). */
export const MAP_TYPES = ['static', 'column', 'expression'] as const;
export type MapType = (typeof MAP_TYPES)[number];
export const MAP_TYPE_LABELS: Record<MapType, string> = { static: 'Assign Constant Value', column: 'Map Column Value', expression: 'Expression' };

export const RESOURCE_TYPES = ['CAMPAIGN', 'CHAT'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const BroadcastMessages = {
  mandatory: 'This Field is Mandatory',
  invalidNumber: 'please enter valid number',
  attachmentMissing: 'Attachment is missing !',
  invalidFileType: 'Invalid file type !',
  mediaNotFound: 'media not found !!',
  cardMediaMissing: (n: number) => `Media missing in card ${n}`,
  urlVariableNotFound: 'URL variable not found',
  urlVariablesMapped: 'URL variables mapped',
  mappingMissing: 'Variable mapping missing, check all cards',
  noVariableInCard: 'No Variable found in this card',
  noRecord: 'No Record',
  // Not shown in the spec; worded in its voice.
  sent: 'Broadcast sent successfully',
  channelNotFound: 'Channel not found',
  templateNotApproved: 'Template is not approved',
  templateNotFound: 'Template not found',
  columnValueMissing: (variable: string, column: string) => `No value of ${column} for ${variable}`,
  notFound: 'Broadcast not found',
  messageNotFound: 'Message not found',
  tooManyNumbers: (max: number) => `At most ${max} numbers in one broadcast`,
} as const;

/** Recipients one send call may carry. */
export const MAX_RECIPIENTS = 100_000;
