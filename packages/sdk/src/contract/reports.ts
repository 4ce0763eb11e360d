import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { filterDate } from './fields.js';
import { pageFrom } from './paging.js';
import { messageStatus } from './broadcasts.js';
import { DELIVERY_SOURCES, DELIVERY_STATUSES, DeliveryReportTexts, REPORT_PAGE } from './report-texts.js';

/**
 * Manage → Delivery Report (platform-shell 7.4 `GET chatbird/api/reports/messages/status`: perPage, from, channelId,
 * customerNumber, fromDate, toDate, source, messageId, status): every message the vendor took from us (a broadcast's
 * or an agent's in a chat), newest first, and one message's status history for the dialog of 2.12.
 */
export * from './report-texts.js';

const isoDate = filterDate('Invalid Date Format').optional();
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => v.trim() || undefined)
    .optional();

export const deliveryReportQuery = z.object({
  from: pageFrom(),
  perPage: z.coerce.number().int().min(1).max(100).default(REPORT_PAGE),
  channelId: z.uuid({ error: DeliveryReportTexts.channelNotFound }).optional(),
  customerNumber: optionalText(30),
  fromDate: isoDate,
  toDate: isoDate,
  source: z.enum(DELIVERY_SOURCES, { error: 'Source is broadcast or chat' }).optional(),
  /** The channel's message id (wamid) or ours. */
  messageId: optionalText(200),
  status: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(DELIVERY_STATUSES, { error: 'Unknown status' }))
    .optional(),
});
export type DeliveryReportQuery = z.infer<typeof deliveryReportQuery>;
/** The CSV takes the same filters without the page. */
export const deliveryReportCsvQuery = deliveryReportQuery.omit({ from: true, perPage: true });

export const deliveryRow = z.object({
  id: z.string(),
  source: z.enum(DELIVERY_SOURCES),
  /** The broadcast's or the chat's id. */
  sourceId: z.string().nullable(),
  /** The broadcast's name; null for a chat message. */
  sourceName: z.string().nullable(),
  channelId: z.string(),
  channelName: z.string(),
  from: z.string(),
  to: z.string(),
  templateName: z.string().nullable(),
  currentDeliveryStatus: z.enum(DELIVERY_STATUSES),
  currentDeliveryStatusTime: z.string(),
  sentOn: z.string(),
  channelMessageId: z.string(),
  errorCode: z.number().nullable(),
  errorTitle: z.string().nullable(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

export const reportsApi = {
  messages: endpoint({
    method: 'GET',
    path: 'chatbird/api/reports/messages/status',
    input: deliveryReportQuery,
    reply: z.object({ message: z.array(deliveryRow), more: z.boolean() }),
  }),
  /** The message-status dialog (platform-shell 2.12) of one row: the same shape as a broadcast message's. */
  messageStatus: endpoint({
    method: 'GET',
    path: 'chatbird/api/reports/messages/status/:id',
    input: z.object({ id: z.string().min(1).max(100) }),
    reply: messageStatus,
  }),
} as const;
