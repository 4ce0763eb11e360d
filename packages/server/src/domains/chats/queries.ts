import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { ChatAction, ChatState } from '@parley/sdk/contract/chats';
import type { Db } from '../../db/database.js';
import { containing } from '../../db/like-pattern.js';
import { channels, chatMessages, chatParticipants, chats, users } from '../../db/schema.js';

export type ChatRow = typeof chats.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Db | Tx;

export async function findChat(db: Runner, eId: string, id: string): Promise<ChatRow | null> {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.eId, eId), eq(chats.id, id)));
  return row ?? null;
}

/** The chat, locked until the transaction ends: every change of state reads it this way. */
export async function lockChat(tx: Tx, eId: string, id: string): Promise<ChatRow | null> {
  const [row] = await tx
    .select()
    .from(chats)
    .where(and(eq(chats.eId, eId), eq(chats.id, id)))
    .for('update');
  return row ?? null;
}

/** Who takes part now: invited agents who accepted and have not left. */
export async function activeParticipants(db: Runner, chatIds: string[]): Promise<{ chatId: string; uId: string }[]> {
  if (!chatIds.length) return [];
  return db
    .select({ chatId: chatParticipants.chatId, uId: chatParticipants.uId })
    .from(chatParticipants)
    .where(and(inArray(chatParticipants.chatId, chatIds), isNull(chatParticipants.leftAt)));
}

/** Whether a user serves a chat's queue: the chat has no department, or the user is one of its members. */
export const servesQueueOf = (uId: string) =>
  sql`(${chats.deptId} is null or exists (select 1 from department_users du where du.dept_id = ${chats.deptId} and du.u_id = ${uId}))`;

/**
 * The open chats a user sees: their queues (waiting and missed chats of their departments and of channels without
 * one), the ones they handle or take part in, and the ones waiting for their answer; a supervisor asking for `all`
 * sees every open chat of the enterprise.
 */
export async function openChatsFor(db: Runner, eId: string, uId: string, all: boolean): Promise<ChatRow[]> {
  const mine = or(
    and(inArray(chats.state, [ChatState.STARTED, ChatState.MISSED]), servesQueueOf(uId)),
    eq(chats.agentId, uId),
    eq(chats.pendingTo, uId),
    sql`exists (select 1 from chat_participants p where p.chat_id = ${chats.id} and p.u_id = ${uId} and p.left_at is null)`,
  );
  return db
    .select()
    .from(chats)
    .where(and(eq(chats.eId, eId), ne(chats.state, ChatState.CLOSED), all ? undefined : mine))
    .orderBy(desc(chats.pinned), desc(chats.lastMessageAt))
    .limit(2000);
}

/**
 * The notification widget's counts for one user, as `bucketOf` sorts chats but in one grouped query: a request
 * waiting for the user counts by its type; the waiting and missed chats of the user's queues count unless the user
 * is in them.
 */
export async function bucketCounts(db: Runner, eId: string, uId: string) {
  const result = (await db.execute(sql`
    select
      count(*) filter (where pending_to = ${uId}::uuid and pending_type = 'transfer')::int as transferred,
      count(*) filter (where pending_to = ${uId}::uuid and pending_type = 'invite')::int as invited,
      count(*) filter (where pending_to = ${uId}::uuid and pending_type = 'assign')::int as assigned,
      count(*) filter (where state = ${ChatState.STARTED} and not mine and serves)::int as fresh,
      count(*) filter (where state = ${ChatState.MISSED} and not mine and serves)::int as missed
    from (
      select state, pending_to, pending_type,
        (c.dept_id is null or exists (select 1 from department_users du where du.dept_id = c.dept_id and du.u_id = ${uId}::uuid)) as serves,
        (pending_to is not distinct from ${uId}::uuid and pending_type is not null) or agent_id is not distinct from ${uId}::uuid
          or exists (select 1 from chat_participants p where p.chat_id = c.id and p.u_id = ${uId}::uuid and p.left_at is null) as mine
      from chats c
      where c.e_id = ${eId}::uuid and c.state <> ${ChatState.CLOSED}
        and (c.state in (${ChatState.STARTED}, ${ChatState.MISSED}) or c.pending_to = ${uId}::uuid)
    ) t`)) as unknown as { rows: { transferred: number; invited: number; assigned: number; fresh: number; missed: number }[] };
  return result.rows[0]!;
}

export interface HistoryFilter {
  customer?: string | undefined;
  agentId?: string | undefined;
  channelId?: string | undefined;
  fromDate?: Date | undefined;
  toDate?: Date | undefined;
}

export function closedChats(db: Runner, eId: string, f: HistoryFilter, from: number, limit: number): Promise<ChatRow[]> {
  const customer = f.customer?.trim();
  return db
    .select()
    .from(chats)
    .where(
      and(
        eq(chats.eId, eId),
        eq(chats.state, ChatState.CLOSED),
        customer ? or(ilike(chats.customerName, containing(customer)), ilike(chats.customerNumber, containing(customer))) : undefined,
        f.agentId ? eq(chats.agentId, f.agentId) : undefined,
        f.channelId ? eq(chats.channelId, f.channelId) : undefined,
        f.fromDate ? gte(chats.closedAt, f.fromDate) : undefined,
        f.toDate ? lte(chats.createdAt, f.toDate) : undefined,
      ),
    )
    .orderBy(desc(chats.closedAt), desc(chats.id))
    .limit(limit)
    .offset(from);
}

export function messagesOf(db: Runner, chatId: string): Promise<ChatMessageRow[]> {
  return db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(asc(chatMessages.actionId)).limit(5000);
}

/** Customer messages no agent has read yet, per chat. */
export async function unreadCounts(db: Runner, chatIds: string[]): Promise<Map<string, number>> {
  if (!chatIds.length) return new Map();
  const rows = await db
    .select({ chatId: chatMessages.chatId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        inArray(chatMessages.chatId, chatIds),
        eq(chatMessages.seen, false),
        inArray(chatMessages.actionType, [ChatAction.CUSTOMER_START, ChatAction.CUSTOMER_REPLY]),
      ),
    )
    .groupBy(chatMessages.chatId);
  return new Map(rows.map((r) => [r.chatId, r.n]));
}

export async function userNames(db: Runner, eId: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.eId, eId), inArray(users.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function channelNames(db: Runner, eId: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: channels.id, name: channels.name })
    .from(channels)
    .where(and(eq(channels.eId, eId), inArray(channels.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Active users of the enterprise who may handle chats (their roles' grants are checked by the caller). */
export function enterpriseUsers(db: Runner, eId: string, name?: string) {
  const term = name?.trim();
  return db
    .select({ id: users.id, name: users.name, roles: users.roles, agentStatus: users.agentStatus, state: users.state })
    .from(users)
    .where(and(eq(users.eId, eId), eq(users.state, 1), term ? ilike(users.name, containing(term)) : undefined))
    .orderBy(asc(users.name));
}

export async function activeChatCounts(db: Runner, eId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ agentId: chats.agentId, n: sql<number>`count(*)::int` })
    .from(chats)
    .where(and(eq(chats.eId, eId), inArray(chats.state, [ChatState.ONGOING, ChatState.SUSPEND])))
    .groupBy(chats.agentId);
  return new Map(rows.flatMap((r) => (r.agentId ? [[r.agentId, r.n] as const] : [])));
}
