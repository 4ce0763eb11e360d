import { bucketOf, type ChatMessage, type ChatSummary } from '@parley/sdk/contract/chats';
import { activeParticipants, channelNames, unreadCounts, userNames, type ChatMessageRow, type ChatRow, type Runner } from './queries.js';

const STATUS_WORDS: Record<number, string> = { 1: 'delivered', 2: 'read', 3: 'failed' };

export function shapeMessage(m: ChatMessageRow): ChatMessage {
  return {
    actionId: m.actionId,
    chatId: m.chatId,
    actionBy: m.actionBy,
    actionType: m.actionType,
    kind: m.kind,
    message: m.message,
    attachment: (m.attachment as ChatMessage['attachment']) ?? null,
    status: m.status,
    currentDeliveryStatus: m.status ? STATUS_WORDS[m.status]! : m.transId ? 'sent' : m.actionType === 3 || m.actionType === 11 ? 'sending' : '',
    actedOn: m.actedOn.toISOString(),
    userName: m.userName,
    channelErrorCode: m.channelErrorCode,
    channelErrorDesc: m.channelErrorDesc,
    transId: m.transId,
    messageStatuses: [],
  };
}

/** Who is in a chat beyond its row: invited participants, and the names of its users (handler, request's sender, participants). */
export interface ChatPeople {
  invited: string[];
  names: Map<string, string>;
}

/** A chat as one user sees it, from its row and what the row does not hold. */
export function summaryOf(chat: ChatRow, uId: string, channelName: string, { invited, names }: ChatPeople, unread: number): ChatSummary {
  const summary: ChatSummary = {
    chatId: chat.id,
    state: chat.state,
    bucket: 'others',
    channelId: chat.channelId,
    channelName,
    channelType: chat.channelType,
    customerId: chat.customerId,
    customerName: chat.customerName,
    customerNumber: chat.customerNumber,
    handlingAgent: chat.agentId,
    handlingAgentName: chat.agentId ? (names.get(chat.agentId) ?? '') : '',
    pendingType: chat.pendingType,
    pendingTo: chat.pendingTo,
    transferringAgent: chat.pendingBy,
    transferringAgentName: chat.pendingBy ? (names.get(chat.pendingBy) ?? '') : '',
    participants: [
      ...(chat.agentId ? [{ uId: chat.agentId, name: names.get(chat.agentId) ?? '', role: 'agent' as const }] : []),
      ...invited.map((p) => ({ uId: p, name: names.get(p) ?? '', role: 'invited' as const })),
    ],
    lastMessage: chat.lastMessage,
    lastMessageTime: chat.lastMessageAt.toISOString(),
    messageCount: chat.messageCount,
    newMsgCount: unread,
    pinned: chat.pinned,
    tags: chat.tags,
    note: chat.note,
    isJITRequired: chat.isJitRequired,
    botActive: chat.botActive,
    missedReason: chat.missedReason,
    feedback: chat.feedback,
    createdOn: chat.createdAt.toISOString(),
    closedOn: chat.closedAt?.toISOString() ?? null,
  };
  summary.bucket = bucketOf(summary, uId);
  return summary;
}

/** Chats as one user sees them, with names, participants and unread counts loaded in a few queries for the lot. */
export async function shapeChats(db: Runner, eId: string, uId: string, rows: ChatRow[]): Promise<ChatSummary[]> {
  const ids = rows.map((r) => r.id);
  const [participants, unread] = await Promise.all([activeParticipants(db, ids), unreadCounts(db, ids)]);
  const names = await userNames(db, eId, [...rows.flatMap((r) => [r.agentId ?? '', r.pendingBy ?? '']), ...participants.map((p) => p.uId)]);
  const channelsById = await channelNames(
    db,
    eId,
    rows.map((r) => r.channelId),
  );
  return rows.map((chat) => {
    const invited = participants.filter((p) => p.chatId === chat.id).map((p) => p.uId);
    return summaryOf(chat, uId, channelsById.get(chat.channelId) ?? '', { invited, names }, unread.get(chat.id) ?? 0);
  });
}

export async function shapeChat(db: Runner, eId: string, uId: string, row: ChatRow): Promise<ChatSummary> {
  return (await shapeChats(db, eId, uId, [row]))[0]!;
}

/** A chat's people (handler, request's sender and receiver, invited participants) without shaping it: one read. */
export async function peopleOfChat(db: Runner, chat: ChatRow): Promise<string[]> {
  const invited = await activeParticipants(db, [chat.id]);
  return [...new Set([chat.agentId, chat.pendingTo, chat.pendingBy, ...invited.map((p) => p.uId)].filter((u): u is string => Boolean(u)))];
}
