import { and, asc, eq, isNull } from 'drizzle-orm';
import { ChatState, type ChatCounts, type ChatSummary, type PickupBucket } from '@parley/sdk/contract/chats';
import type { Db } from '../../db/database.js';
import { chatParticipants, customerAttributeDefinitions, departmentUsers } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { findCustomer, isUuid, membershipsOf } from '../customers/queries.js';
import { NO_FLAGS, rolePermissionsOfEnterprise } from '../roles/role-permissions.js';
import {
  activeChatCounts,
  bucketCounts,
  closedChats,
  enterpriseUsers,
  findChat,
  messagesOf,
  openChatsFor,
  type ChatRow,
  type HistoryFilter,
  type Runner,
} from './queries.js';
import { shapeChat, shapeChats, shapeMessage } from './shape.js';

export const isSupervisor = (auth: AuthContext) => auth.permissions.has('CHAT.VIEW_MONITOR');

/** Whether a user is in the chat now: its handling agent or an invited participant who has not left. */
export async function takesPart(db: Db, chat: ChatRow, uId: string): Promise<boolean> {
  if (chat.agentId === uId) return true;
  const [row] = await db
    .select({ uId: chatParticipants.uId })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.chatId, chat.id), eq(chatParticipants.uId, uId), isNull(chatParticipants.leftAt)));
  return Boolean(row);
}

/**
 * Who may read a chat: anyone with the history grant once it is closed; while open, its people, whoever its request
 * waits on, the handlers of its queue while it waits there (to see it before pickup), and supervisors.
 */
export async function mayRead(db: Db, auth: AuthContext, chat: ChatRow): Promise<boolean> {
  if (isSupervisor(auth)) return true;
  if (chat.state === ChatState.CLOSED) return auth.permissions.has('CHAT.VIEW_CHATHISTORY') || (await takesPart(db, chat, auth.uId));
  if (!auth.permissions.has('CHAT.HANDLE')) return false;
  if (chat.pendingTo === auth.uId) return true;
  if ((chat.state === ChatState.STARTED || chat.state === ChatState.MISSED) && (await servesQueue(db, chat, auth.uId))) return true;
  return takesPart(db, chat, auth.uId);
}

/** Whether a user serves the queue a chat waits in: it has no department, or they are a member of it. */
export async function servesQueue(db: Runner, chat: { deptId: string | null }, uId: string): Promise<boolean> {
  if (!chat.deptId) return true;
  const [row] = await db
    .select({ uId: departmentUsers.uId })
    .from(departmentUsers)
    .where(and(eq(departmentUsers.deptId, chat.deptId), eq(departmentUsers.uId, uId)));
  return Boolean(row);
}

export async function loadChat(db: Db, auth: AuthContext, id: string): Promise<ChatRow> {
  const chat = isUuid(id) ? await findChat(db, auth.eId, id) : null;
  if (!chat) throw ApiError.notFound('Chat not found');
  if (!(await mayRead(db, auth, chat))) throw ApiError.accessDenied();
  return chat;
}

export async function chatDetail(db: Db, auth: AuthContext, chat: ChatRow) {
  const [summary, messages] = await Promise.all([shapeChat(db, auth.eId, auth.uId, chat), messagesOf(db, chat.id)]);
  return { ...summary, messages: messages.map(shapeMessage) };
}

export async function summaryFor(db: Db, auth: AuthContext, all: boolean): Promise<ChatSummary[]> {
  const rows = await openChatsFor(db, auth.eId, auth.uId, all && isSupervisor(auth));
  return shapeChats(db, auth.eId, auth.uId, rows);
}

export async function historyFor(db: Db, auth: AuthContext, f: HistoryFilter, from: number, limit: number) {
  const rows = await closedChats(db, auth.eId, f, from, limit + 1);
  return { rows: await shapeChats(db, auth.eId, auth.uId, rows.slice(0, limit)), more: rows.length > limit };
}

export async function countsFor(db: Db, auth: AuthContext): Promise<ChatCounts> {
  const { fresh, transferred, invited, assigned, missed } = await bucketCounts(db, auth.eId, auth.uId);
  return {
    newChatCount: fresh,
    unPicked: fresh,
    transferredChatCount: transferred,
    invitedChatCount: invited,
    missedChatCount: missed,
    assginedChatCount: assigned,
    totalChatCount: fresh + transferred + invited + assigned + missed,
  };
}

export async function notificationsFor(db: Db, auth: AuthContext, state: PickupBucket) {
  const chats = (await summaryFor(db, auth, false)).filter((c) => c.bucket === state);
  return chats.map((c) => ({
    chatId: c.chatId,
    customerName: c.customerName,
    customerNumber: c.customerNumber,
    lastMessage: c.lastMessage,
    transferringAgent: c.transferringAgent,
    transferringAgentName: c.transferringAgentName,
    handlingAgent: c.handlingAgent,
    type: state,
  }));
}

/** Users of the enterprise whose roles let them handle chats, with their availability and open chats. */
export async function chatAgents(db: Db, eId: string, q: { name?: string | undefined; agentStatus: number; from: number; perPage: number }) {
  const [people, load, permissionsOf] = await Promise.all([
    enterpriseUsers(db, eId, q.name),
    activeChatCounts(db, eId),
    rolePermissionsOfEnterprise(db, eId, NO_FLAGS),
  ]);
  const agents = people
    .filter((u) => permissionsOf(u.roles).includes('CHAT.HANDLE'))
    .filter((u) => q.agentStatus === -1 || u.agentStatus === q.agentStatus)
    .map((u) => ({ uId: u.id, name: u.name, agentStatus: u.agentStatus, activeChats: load.get(u.id) ?? 0 }));
  return { rows: agents.slice(q.from, q.from + q.perPage), more: agents.length > q.from + q.perPage };
}

/** The customer panel: the customer master's record of the chat's customer. */
export async function customerPanel(db: Db, auth: AuthContext, chat: ChatRow) {
  const customer = chat.customerId ? await findCustomer(db, auth.eId, chat.customerId) : null;
  if (!customer) return { customerId: null, name: chat.customerName, phoneNumber: chat.customerNumber, segments: [], groups: [], fields: [] };
  const [memberships, definitions] = await Promise.all([
    membershipsOf(db, [customer.id]),
    db
      .select({ label: customerAttributeDefinitions.fieldLabel, key: customerAttributeDefinitions.dataKey })
      .from(customerAttributeDefinitions)
      .where(eq(customerAttributeDefinitions.eId, auth.eId))
      .orderBy(asc(customerAttributeDefinitions.index)),
  ]);
  const fields = definitions.flatMap((d) => {
    const value = customer.data[d.key];
    const text = Array.isArray(value) ? value.join(', ') : (value ?? '');
    return text ? [{ label: d.label, value: text }] : [];
  });
  return {
    customerId: customer.id,
    name: customer.name,
    phoneNumber: customer.phoneNumber,
    segments: (memberships.tags.get(customer.id) ?? []).map((t) => t.name),
    groups: (memberships.groups.get(customer.id) ?? []).map((g) => g.name),
    fields,
  };
}
