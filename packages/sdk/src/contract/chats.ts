import { z } from 'zod';
import { CHAT_BUCKETS, ChatLimits, ChatMessages, MAX_REPLY_CHARS } from './chat-texts.js';
import { endpoint } from './endpoint.js';
import { filterDate, jsonText } from './fields.js';
import { pageFrom } from './paging.js';

export {
  AgentStatus,
  bucketOf,
  CHAT_BUCKETS,
  CHAT_SOCKET_EVENTS,
  ChatAction,
  ChatLimits,
  ChatMessageStatus,
  ChatMessages,
  ChatState,
  MAX_REPLY_CHARS,
  MissedReason,
  NO_CHATS_TEXT,
  PICKUP_ACTIONS,
} from './chat-texts.js';
export type { BucketFields, ChatBucket, ChatSocketEvent, PickupBucket } from './chat-texts.js';

/**
 * Live chat (platform-shell 2.11, 3 "Chat" and "Message", 4.4-4.6, 7.3, 8). The wire keeps the spec's names:
 * `chatId`, `messages`, `participants`, `messageCount`, `newMsgCount`, `isJITRequired`; a message's `actionId`,
 * `actionBy`, `actionType`, `message`, `status`, `actedOn`, `userName`, `channelErrorCode`, `channelErrorDesc`,
 * `currentDeliveryStatus`, `transId`, `messageStatuses`; the counts' `newChatCount` (`unPicked`),
 * `transferredChatCount`, `invitedChatCount`, `missedChatCount`, `assginedChatCount` (sic) and `totalChatCount`.
 * Where the spec gives a call but not its path (pickup, reply, transfer over HTTP) the path is `e/enterprise/chat/{id}/...`,
 * as its siblings; docs/live-chat.md lists these decisions.
 */

export const chatAttachment = z.object({
  /** image, video, audio, document, location, contacts, sticker */
  type: z.string(),
  url: z.string().optional(),
  fileName: z.string().optional(),
  mimeType: z.string().optional(),
  caption: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  name: z.string().optional(),
  address: z.string().optional(),
});
export type ChatAttachment = z.infer<typeof chatAttachment>;

export const chatMessage = z.object({
  actionId: z.number(),
  chatId: z.string(),
  actionBy: z.string(),
  actionType: z.number(),
  /** text, image, video, audio, document, location, button, interactive, contacts, reaction, unsupported, template, system */
  kind: z.string(),
  message: z.string(),
  attachment: chatAttachment.nullable(),
  status: z.number().nullable(),
  /** sent, delivered, read or failed: the status in words, for the ticks. */
  currentDeliveryStatus: z.string(),
  actedOn: z.string(),
  userName: z.string(),
  channelErrorCode: z.number().nullable(),
  channelErrorDesc: z.string().nullable(),
  transId: z.string().nullable(),
  messageStatuses: z.array(z.object({ status: z.string(), messageStatusTime: z.string(), msg: z.string() })),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatParticipant = z.object({ uId: z.string(), name: z.string(), role: z.enum(['agent', 'invited']) });

export const chatSummary = z.object({
  chatId: z.string(),
  state: z.number(),
  bucket: z.enum(CHAT_BUCKETS),
  channelId: z.string(),
  channelName: z.string(),
  channelType: z.number(),
  customerId: z.string().nullable(),
  customerName: z.string(),
  customerNumber: z.string(),
  handlingAgent: z.string().nullable(),
  handlingAgentName: z.string(),
  /** transfer, invite or assign while an agent's answer is awaited */
  pendingType: z.string().nullable(),
  pendingTo: z.string().nullable(),
  /** The agent who transferred or invited (spec 3: transferringAgent). */
  transferringAgent: z.string().nullable(),
  transferringAgentName: z.string(),
  participants: z.array(chatParticipant),
  lastMessage: z.string(),
  lastMessageTime: z.string(),
  messageCount: z.number(),
  newMsgCount: z.number(),
  pinned: z.boolean(),
  tags: z.array(z.string()),
  note: z.string(),
  isJITRequired: z.boolean(),
  botActive: z.boolean(),
  missedReason: z.number().nullable(),
  feedback: z.string().nullable(),
  createdOn: z.string(),
  closedOn: z.string().nullable(),
});
export type ChatSummary = z.infer<typeof chatSummary>;

export const chatDetail = chatSummary.extend({ messages: z.array(chatMessage) });
export type ChatDetail = z.infer<typeof chatDetail>;

export const chatCounts = z.object({
  newChatCount: z.number(),
  unPicked: z.number(),
  transferredChatCount: z.number(),
  invitedChatCount: z.number(),
  missedChatCount: z.number(),
  assginedChatCount: z.number(),
  totalChatCount: z.number(),
});
export type ChatCounts = z.infer<typeof chatCounts>;

/** A row of the Chat Notification modal (spec 3 "Chat notification item"). */
export const chatNotificationItem = z.object({
  chatId: z.string(),
  customerName: z.string(),
  customerNumber: z.string(),
  lastMessage: z.string(),
  transferringAgent: z.string().nullable(),
  transferringAgentName: z.string(),
  handlingAgent: z.string().nullable(),
  type: z.enum(['new', 'transferred', 'invited', 'assigned', 'missed']),
});

export const chatAgent = z.object({ uId: z.string(), name: z.string(), agentStatus: z.number(), activeChats: z.number() });
export type ChatAgent = z.infer<typeof chatAgent>;

const chatId = z.string({ error: ChatMessages.notFound }).min(1).max(100);
const isoDate = filterDate('Invalid Date Format').optional();

export const chatsApi = {
  summary: endpoint({
    method: 'GET',
    path: 'e/enterprise/chat/summary',
    input: z.object({
      perPage: z.coerce.number().int().min(-1).max(1000).default(-1),
      screenType: z.string().max(20).default('CHAT'),
      /** A supervisor (CHAT.VIEW_MONITOR) may ask for every open chat of the enterprise. */
      scope: z.enum(['mine', 'all']).default('mine'),
    }),
    reply: z.array(chatSummary),
  }),
  get: endpoint({ method: 'GET', path: 'e/enterprise/chat/:id', input: z.object({ id: chatId }), reply: chatDetail }),
  history: endpoint({
    method: 'GET',
    path: 'e/enterprise/chat/history',
    input: z.object({
      from: pageFrom(),
      perPage: z.coerce.number().int().min(1).max(100).default(15),
      customer: z.string().max(100).optional(),
      agentId: z.string().max(100).optional(),
      channelId: z.string().max(100).optional(),
      fromDate: isoDate,
      toDate: isoDate,
    }),
    reply: z.array(chatSummary),
  }),
  close: endpoint({
    method: 'POST',
    path: 'e/enterprise/chat/:id/close',
    input: z.object({ id: chatId, feedback: z.string().max(ChatLimits.feedbackChars).optional() }),
    reply: chatSummary,
  }),
  suspend: endpoint({ method: 'POST', path: 'e/enterprise/chat/:id/suspend', input: z.object({ id: chatId }), reply: chatSummary }),
  resume: endpoint({ method: 'POST', path: 'e/enterprise/chat/:id/resume', input: z.object({ id: chatId }), reply: chatSummary }),
  pin: endpoint({ method: 'POST', path: 'e/enterprise/chat/:id/pin', input: z.object({ id: chatId }), reply: chatSummary }),
  unpin: endpoint({ method: 'POST', path: 'e/enterprise/chat/:id/unpin', input: z.object({ id: chatId }), reply: chatSummary }),
  updateTag: endpoint({
    method: 'PUT',
    path: 'e/enterprise/chat/:id/update_tag',
    input: z.object({
      id: chatId,
      tag: jsonText(z.array(z.string().trim().min(1).max(ChatLimits.tagChars)).max(ChatLimits.tags)).default([]),
      note: z.string().max(ChatLimits.noteChars).default(''),
    }),
    reply: chatSummary,
  }),
  /** The pickup actions of 4.4 over HTTP (the socket takes the same by name). */
  pickup: endpoint({
    method: 'POST',
    path: 'e/enterprise/chat/:id/pickup',
    input: z.object({ id: chatId, type: z.enum(['new', 'transferred', 'invited', 'assigned', 'missed']).default('new') }),
    reply: chatDetail,
  }),
  decline: endpoint({ method: 'POST', path: 'e/enterprise/chat/:id/decline', input: z.object({ id: chatId }), reply: chatSummary }),
  reply: endpoint({
    method: 'POST',
    path: 'e/enterprise/chat/:id/reply',
    input: z.object({
      id: chatId,
      message: z
        .string()
        .max(MAX_REPLY_CHARS, { error: `A message holds at most ${MAX_REPLY_CHARS} characters` })
        .default(''),
      /** An artifact's id from the attachment dialog, sent as media. */
      artifactId: z.string().max(100).optional(),
    }),
    reply: chatMessage,
  }),
  transfer: endpoint({
    method: 'POST',
    path: 'e/enterprise/chat/:id/transfer',
    input: z.object({ id: chatId, uId: z.string().min(1).max(100) }),
    reply: chatSummary,
  }),
  invite: endpoint({
    method: 'POST',
    path: 'e/enterprise/chat/:id/invite',
    input: z.object({ id: chatId, uId: z.string().min(1).max(100) }),
    reply: chatSummary,
  }),
  assign: endpoint({
    method: 'POST',
    path: 'e/enterprise/chat/:id/assign',
    input: z.object({ id: chatId, uId: z.string().min(1).max(100) }),
    reply: chatSummary,
  }),
  leave: endpoint({ method: 'POST', path: 'e/enterprise/chat/:id/leave', input: z.object({ id: chatId }), reply: chatSummary }),
  /** Read receipts (4.5: chatMessageStatus with chatId, actionIds, from 1, state 2). */
  read: endpoint({
    method: 'POST',
    path: 'e/enterprise/chat/:id/read',
    input: z.object({ id: chatId, actionIds: jsonText(z.array(z.number().int()).max(1000)).default([]) }),
    reply: z.object({ updated: z.number() }),
  }),
  count: endpoint({ method: 'GET', path: 'e/enterprise/chat_count', input: z.object({}), reply: chatCounts }),
  notifications: endpoint({
    method: 'GET',
    path: 'e/enterprise/chatUserDetails',
    input: z.object({ State: z.enum(['new', 'transferred', 'invited', 'assigned', 'missed']).default('new') }),
    reply: z.array(chatNotificationItem),
  }),
  agentStatus: endpoint({ method: 'GET', path: 'e/enterprise/get_agent_status', input: z.object({}), reply: z.object({ agentStatus: z.number() }) }),
  updateAgentStatus: endpoint({
    method: 'PUT',
    path: 'e/enterprise/update_agent_status',
    input: z.object({ agentStatus: z.coerce.number().int().min(0).max(2) }),
    reply: z.object({ agentStatus: z.number() }),
  }),
  agents: endpoint({
    method: 'GET',
    path: 'e/enterprise/agents',
    input: z.object({
      from: pageFrom(),
      perPage: z.coerce.number().int().min(1).max(200).default(10),
      name: z.string().max(100).optional(),
      agentStatus: z.coerce.number().int().min(-1).max(2).default(-1),
    }),
    reply: z.array(chatAgent),
  }),
  customerDetails: endpoint({
    method: 'PUT',
    path: 'e/enterprise/get_custom_customer_details',
    effect: 'read',
    input: z.object({ data: jsonText(z.object({ chatId: z.string().max(100) })) }),
    reply: z.object({
      customerId: z.string().nullable(),
      name: z.string(),
      phoneNumber: z.string(),
      segments: z.array(z.string()),
      groups: z.array(z.string()),
      fields: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  }),
  sendTranscript: endpoint({
    method: 'POST',
    path: 'chatbird/api/chat/sendtranscript',
    input: z.object({ chatId, emailId: z.string().email({ error: ChatMessages.invalidEmail }).max(ChatLimits.emailChars) }),
    reply: z.object({ sent: z.boolean() }),
  }),
} as const;
