import { z } from 'zod';
import { chatMessage, MAX_REPLY_CHARS } from './chats.js';
import { endpoint } from './endpoint.js';

/**
 * Web chat (a Web channel, type 12): the customer's side of a live chat, for `<parley-try-it mode="live">` on a
 * partner page with an embed key of scope `chat`. A visitor is an id the widget makes and keeps (localStorage) with
 * the token the server signs for it, so a reload or a network drop continues the same chat and never another's.
 * `clientId` makes a message idempotent: the widget sends it again after a drop and the server stores it once.
 */
export const WebChatMessages = {
  notWeb: 'This channel does not take web chats',
  badVisitor: 'This chat session is not valid; start a new chat',
} as const;

const visitorId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: WebChatMessages.badVisitor });
const visitor = z.object({
  channelId: z.string().min(1).max(100),
  visitorId,
  visitorToken: z.string().min(1).max(200),
});

/** What the customer sees of a chat: messages only (no agent ids), and whether someone is typing. */
export const webChatView = z.object({
  chatId: z.string().nullable(),
  state: z.number().nullable(),
  agentName: z.string(),
  typing: z.boolean(),
  messages: z.array(
    chatMessage.pick({ actionId: true, actionType: true, kind: true, message: true, attachment: true, actedOn: true, userName: true, status: true }),
  ),
});
export type WebChatView = z.infer<typeof webChatView>;

export const webChatApi = {
  start: endpoint({
    method: 'POST',
    path: 'chat/web/start',
    input: z.object({ channelId: z.string().min(1).max(100), visitorId: visitorId.optional(), visitorToken: z.string().max(200).optional() }),
    reply: z.object({ visitorId: z.string(), visitorToken: z.string() }).extend(webChatView.shape),
  }),
  send: endpoint({
    method: 'POST',
    path: 'chat/web/message',
    input: visitor.extend({
      text: z.string().trim().min(1, { error: 'Type a message to send' }).max(MAX_REPLY_CHARS),
      clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
      name: z.string().max(100).optional(),
    }),
    reply: webChatView,
  }),
  /** Waits up to `wait` seconds for something newer than `after` (long poll): replies and typing arrive at once. */
  poll: endpoint({
    method: 'POST',
    path: 'chat/web/messages',
    effect: 'read',
    input: visitor.extend({ after: z.coerce.number().int().min(0).default(0), wait: z.coerce.number().int().min(0).max(25).default(0) }),
    reply: webChatView,
  }),
  typing: endpoint({ method: 'POST', path: 'chat/web/typing', effect: 'read', input: visitor, reply: z.object({ ok: z.boolean() }) }),
} as const;
