import { eq, sql } from 'drizzle-orm';
import { ChatAction, ChatMessages, ChatState } from '@parley/sdk/contract/chats';
import { Codes } from '@parley/sdk/contract/envelope';
import type { Db } from '../../db/database.js';
import { broadcastMessages, chatMessages, chats, users } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { findTemplateOfChannel } from '../templates/queries.js';
import { isUuid } from '../customers/queries.js';
import type { ChatEvents } from './events.js';
import { findChat, type ChatRow } from './queries.js';
import { isSupervisor, takesPart } from './reads.js';
import { peopleOfChat, shapeMessage } from './shape.js';

/** A broadcast sent from inside a chat carries this trans id on its thread entry until the vendor's id replaces it. */
export const chatBroadcastTransId = (broadcastId: string) => `broadcast:${broadcastId}`;

export const ChatTemplateMessages = {
  onlyTheChat: "A template sent from a chat goes to that chat's customer, on that chat's channel",
} as const;

interface AskedSend {
  channelId: string;
  phoneNumber: string[];
  resourceType?: string | undefined;
  resourceId?: string | undefined;
}

const digits = (n: string) => n.replace(/\D/g, '');

/**
 * Who may send a broadcast. Campaign makers (CAMPAIGNS.CREATE) send anything; an agent (CHAT.HANDLE) sends only the
 * just-in-time template of a chat they take part in: resource CHAT, that chat's channel and its one customer. Without
 * that check the broadcast form would let an agent message any number. Returns the chat the send belongs to, if any.
 */
export async function checkBroadcastSend(db: Db, auth: AuthContext, input: AskedSend): Promise<ChatRow | null> {
  const campaigns = auth.permissions.has('CAMPAIGNS.CREATE');
  if (input.resourceType !== 'CHAT') {
    if (!campaigns) throw ApiError.accessDenied();
    return null;
  }
  const chat = input.resourceId && isUuid(input.resourceId) ? await findChat(db, auth.eId, input.resourceId) : null;
  // A campaign maker may send anything: the chat, when theirs to name, only gets the template on its thread.
  if (campaigns) return chat;
  if (!chat) throw ApiError.notFound(ChatMessages.notFound);
  if (!auth.permissions.has('CHAT.HANDLE')) throw ApiError.accessDenied();
  if (chat.state === ChatState.CLOSED) throw new ApiError(Codes.CONFLICT, ChatMessages.closed, 200);
  if (!isSupervisor(auth) && !(await takesPart(db, chat, auth.uId))) throw ApiError.accessDenied();
  const numbers = input.phoneNumber.map(digits).filter(Boolean);
  if (input.channelId !== chat.channelId || numbers.length !== 1 || numbers[0] !== digits(chat.customerNumber)) {
    throw ApiError.field('phoneNumber', ChatTemplateMessages.onlyTheChat);
  }
  return chat;
}

type SendComponent = { type?: string; parameters?: { type?: string; text?: string }[] };

/** The template's body as the customer reads it: {{n}} replaced by the values the send filled in for them. */
export function filledBody(text: string, components: SendComponent[]): string {
  const values = components.find((c) => c.type === 'body')?.parameters ?? [];
  return text.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => values[Number(n) - 1]?.text ?? whole);
}

/**
 * The sent template joins the chat's thread as the agent's turn. Its trans id names the broadcast until the send job
 * learns the vendor's message id (send-record.ts), so the webhook's statuses then move its ticks like any reply's.
 */
export async function addTemplateToThread(db: Db, events: ChatEvents, auth: AuthContext, chat: ChatRow, broadcastId: string, templateId: string) {
  const template = await findTemplateOfChannel(db, chat.eId, chat.channelId, templateId, false);
  const components = (template?.components ?? []) as { type?: string; text?: string }[];
  const [sent] = await db
    .select({ components: broadcastMessages.components })
    .from(broadcastMessages)
    .where(eq(broadcastMessages.broadcastId, broadcastId))
    .limit(1);
  const body = filledBody(components.find((c) => c.type?.toUpperCase() === 'BODY')?.text ?? '', (sent?.components ?? []) as SendComponent[]);
  const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, auth.uId));
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({
        chatId: chat.id,
        eId: chat.eId,
        channelId: chat.channelId,
        actionType: ChatAction.AGENT_REPLY,
        actionBy: auth.uId,
        userName: me?.name ?? '',
        message: body,
        kind: 'template',
        attachment: { type: 'template', name: template?.name ?? templateId },
        transId: chatBroadcastTransId(broadcastId),
      })
      .returning();
    await tx
      .update(chats)
      .set({ messageCount: sql`${chats.messageCount} + 1`, lastMessage: (body || template?.name || '').slice(0, 200), lastMessageAt: new Date() })
      .where(eq(chats.id, chat.id));
    return row!;
  });
  void events.emit('agentReplyChat', chat.eId, { toUsers: await peopleOfChat(db, chat) }, { chatId: chat.id, message: shapeMessage(row) });
}
