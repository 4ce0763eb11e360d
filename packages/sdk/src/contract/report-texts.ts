/** The delivery report's and the audit trail's constants, without zod (the console's route files import these). */

/** Rows a page (platform-shell 2.12 / 9: the search box's default page size). */
export const REPORT_PAGE = 15;

/** Where a message came from: a broadcast's send, or an agent's reply in a live chat. */
export const DELIVERY_SOURCES = ['broadcast', 'chat'] as const;
export type DeliverySource = (typeof DELIVERY_SOURCES)[number];

/** A message the vendor took starts ACCEPTED and moves on with its webhooks. */
export const DELIVERY_STATUSES = ['ACCEPTED', 'SENT', 'DELIVERED', 'READ', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DeliveryReportTexts = {
  channelNotFound: 'Channel not found',
  messageNotFound: 'Message not found',
} as const;
