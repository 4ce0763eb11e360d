import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { filterDate, jsonText } from './fields.js';
import { BROADCAST_STATUSES, BroadcastMessages, BroadcastPageSizes, MAP_TYPES, MAX_RECIPIENTS, MESSAGE_STATUSES, RESOURCE_TYPES } from './broadcast-texts.js';
import { listSort, pageFrom } from './paging.js';

/**
 * Template broadcasts (customer-master-and-broadcast 3 and 6; platform-shell 2.12 message status dialog). The wire
 * keeps the spec's names: the request's `channelId`, `phoneNumber` (array), `message.template {templateId (the name),
 * templateUId, media | cards[].media}`, `columnMapping`, `resourceId`, `resourceType`; the list's `broadcastList`
 * of `{id, name, user{name}, channelName, createdOn, status}`; details as `data.data`; messages as `data.message` of
 * `{from, to, currentDeliveryStatus, currentDeliveryStatusTime}`. Paths are "not shown": `chatbird/api/broadcast...`
 * (platform-shell 7.4 "broadcast list and message").
 */
export * from './broadcast-texts.js';

const pathId = z.string({ error: BroadcastMessages.notFound }).min(1).max(100);
const from = pageFrom();
const isoDate = filterDate('Invalid Date Format').optional();

export const media = z.object({ fileName: z.string().max(300), type: z.string().max(40), url: z.string().max(2000), id: z.string().max(100).optional() });

/** One variable's value source: a constant, a customer field (`value` is its name: name, phoneNumber or a custom field), or an expression. */
export const variableMapping = z.object({
  /** 1-based card of a carousel; absent for the template's own components. */
  card: z.number().int().min(1).max(10).optional(),
  component: z.enum(['HEADER', 'BODY', 'BUTTON']),
  buttonIndex: z.number().int().min(0).max(10).optional(),
  /** `{{1}}` */
  variable: z.string().max(20),
  type: z.enum(MAP_TYPES),
  value: z.string().max(2000),
});
export type VariableMapping = z.infer<typeof variableMapping>;

export const broadcastRequest = z.object({
  channelId: z.string({ error: BroadcastMessages.mandatory }).min(1, { error: BroadcastMessages.mandatory }).max(100),
  /** Numbers as typed (the server normalises to E.164, drops blanks and repeats). */
  phoneNumber: jsonText(z.array(z.string().max(40)).max(MAX_RECIPIENTS)),
  message: jsonText(
    z.object({
      template: z.object({
        templateId: z.string({ error: BroadcastMessages.mandatory }).min(1, { error: BroadcastMessages.mandatory }).max(600),
        templateUId: z.string().max(100).optional(),
        media: media.optional(),
        cards: z
          .array(z.object({ media: media.optional() }))
          .max(10)
          .optional(),
      }),
    }),
  ),
  columnMapping: jsonText(z.array(variableMapping).max(200)).default([]),
  resourceId: z.string().max(200).optional(),
  resourceType: z.enum(RESOURCE_TYPES).optional(),
});
export type BroadcastRequest = z.input<typeof broadcastRequest>;

export const broadcastListItem = z.object({
  id: z.string(),
  name: z.string(),
  user: z.object({ name: z.string() }),
  channelName: z.string(),
  createdOn: z.string(),
  status: z.enum(BROADCAST_STATUSES),
});
export type BroadcastListItem = z.infer<typeof broadcastListItem>;

export const broadcastDetail = broadcastListItem.extend({
  channelId: z.string().nullable(),
  phoneNumbers: z.array(z.string()),
  message: z.unknown(),
  columnMapping: z.array(variableMapping),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  counts: z.object({ total: z.number(), accepted: z.number(), sent: z.number(), delivered: z.number(), read: z.number(), failed: z.number() }),
  completedOn: z.string().nullable(),
});
export type BroadcastDetail = z.infer<typeof broadcastDetail>;

export const messageItem = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  currentDeliveryStatus: z.enum(MESSAGE_STATUSES),
  currentDeliveryStatusTime: z.string(),
  channelMessageId: z.string().nullable(),
  errorCode: z.number().nullable(),
  errorTitle: z.string().nullable(),
});
export type MessageItem = z.infer<typeof messageItem>;

/** The message status dialog (platform-shell 2.12): current status, channel message id and the history. */
export const messageStatus = z.object({
  message: messageItem,
  history: z.array(z.object({ status: z.string(), time: z.string(), description: z.string() })),
});

/** The history's header sorts (`sort`): by name, by channel name, by creation. */
export const BROADCAST_SORTS = ['name', 'channel', 'created'] as const;

export const broadcastsApi = {
  /** Broadcast history: name search, ISO date range, 20 a page; `data.broadcastList`, `data.more`. */
  list: endpoint({
    method: 'GET',
    path: 'chatbird/api/broadcast',
    input: z.object({
      from,
      perPage: z.coerce.number().int().min(1).max(BroadcastPageSizes.max).default(BroadcastPageSizes.history),
      name: z.string().max(200).optional(),
      fromDate: isoDate,
      toDate: isoDate,
      ...listSort(BROADCAST_SORTS),
    }),
    reply: z.object({ broadcastList: z.array(broadcastListItem), more: z.boolean() }),
  }),
  /** Send broadcast: stored with its recipients at once; a durable job sends. */
  send: endpoint({ method: 'POST', path: 'chatbird/api/broadcast', input: broadcastRequest, reply: z.object({ id: z.string(), data: broadcastDetail }) }),
  /** Broadcast details (`data.data`). */
  get: endpoint({ method: 'GET', path: 'chatbird/api/broadcast/:id', input: z.object({ id: pathId }), reply: z.object({ data: broadcastDetail }) }),
  /** Message details by broadcast id (`data.message`). */
  messages: endpoint({
    method: 'GET',
    path: 'chatbird/api/broadcast/:id/message',
    input: z.object({ id: pathId, from, perPage: z.coerce.number().int().min(1).max(BroadcastPageSizes.max).default(BroadcastPageSizes.messages) }),
    reply: z.object({ message: z.array(messageItem), more: z.boolean() }),
  }),
  messageStatus: endpoint({
    method: 'GET',
    path: 'chatbird/api/broadcast/:id/message/:messageId',
    input: z.object({ id: pathId, messageId: pathId }),
    reply: messageStatus,
  }),
  /** Expression variable lookup: the customer fields an expression names (`data.variables`), or 'URL variable not found'. */
  expression: endpoint({
    method: 'POST',
    path: 'chatbird/api/broadcast/expression',
    effect: 'read',
    input: z.object({ expression: z.string().max(2000) }),
    reply: z.object({ variables: z.array(z.object({ name: z.string(), label: z.string() })) }),
  }),
};
