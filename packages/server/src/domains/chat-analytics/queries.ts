import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ChatAction } from '@parley/sdk/contract/chats';
import type { AnalyticsFigures } from '@parley/sdk/contract/chat-analytics';
import type { Db } from '../../db/database.js';
import { broadcastMessages, broadcasts, chatMessages, chats, conversationSessions, departments, users } from '../../db/schema.js';

/** A period of chats: those that started in [from, to), of one enterprise, perhaps of one agent only. */
export interface ChatScope {
  eId: string;
  from: Date;
  to: Date;
  /** Only this agent's chats (a caller with CHAT.HANDLE alone sees their own). */
  agentId?: string;
}

/** A time column's wall clock at the caller's offset (minutes as `getTimezoneOffset` gives them), in the database. */
const local = (column: AnyPgColumn, offset: number) => sql`((${column} AT TIME ZONE 'UTC') - make_interval(mins => ${offset}::int))`;
/** The bucket a time falls in, keyed as `dashboard-range.ts` keys them. */
export const bucketOf = (column: AnyPgColumn, unit: 'day' | 'hour', offset: number) =>
  unit === 'day'
    ? sql<string>`to_char(date_trunc('day', ${local(column, offset)}), 'YYYY-MM-DD')`
    : sql<string>`to_char(date_trunc('hour', ${local(column, offset)}), 'YYYY-MM-DD"T"HH24:00')`;

const inScope = (s: ChatScope, extra?: SQL) =>
  and(eq(chats.eId, s.eId), gte(chats.createdAt, s.from), lt(chats.createdAt, s.to), s.agentId ? eq(chats.agentId, s.agentId) : undefined, extra);

/** Feedback that is a 1-5 rating; anything else is a comment. */
const RATED = sql`btrim(${chats.feedback}) ~ '^[1-5]$'`;
const figureColumns = {
  chats: sql<number>`count(*)::int`,
  picked: sql<number>`count(${chats.pickedAt})::int`,
  closed: sql<number>`(count(*) filter (where ${chats.state} = 3))::int`,
  missed: sql<number>`(count(*) filter (where ${chats.state} = 4 or ${chats.missedReason} is not null))::int`,
  pickup: sql<number>`coalesce(avg(extract(epoch from (${chats.pickedAt} - ${chats.createdAt}))), 0)::float8`,
  handling: sql<number>`coalesce(avg(case when ${chats.state} = 3 then extract(epoch from (${chats.closedAt} - ${chats.pickedAt})) end), 0)::float8`,
  rating: sql<number | null>`avg(case when ${RATED} then btrim(${chats.feedback})::int end)::float8`,
  withFeedback: sql<number>`(count(*) filter (where ${chats.state} = 3 and coalesce(btrim(${chats.feedback}), '') <> ''))::int`,
};
type FigureRow = { [K in keyof typeof figureColumns]: unknown };

const round2 = (n: number) => Math.round(n * 100) / 100;
const percent = (part: number, whole: number) => (whole ? round2((100 * part) / whole) : 0);

/** The database's aggregates as the contract's figures (drivers hand counts and averages back as text or numbers). */
export function toFigures(row: FigureRow | undefined): AnalyticsFigures {
  const n = (v: unknown) => Number(v ?? 0);
  const chatsCount = n(row?.chats);
  const closed = n(row?.closed);
  const missed = n(row?.missed);
  return {
    chats: chatsCount,
    picked: n(row?.picked),
    closed,
    missed,
    missedRate: percent(missed, chatsCount),
    avgPickupSeconds: Math.round(n(row?.pickup)),
    avgHandlingSeconds: Math.round(n(row?.handling)),
    csat: row?.rating === null || row?.rating === undefined ? null : round2(Number(row.rating)),
    feedbackShare: percent(n(row?.withFeedback), closed),
  };
}

export async function totals(db: Db, s: ChatScope) {
  const [row] = await db.select(figureColumns).from(chats).where(inScope(s));
  return toFigures(row);
}

/** Chat count and average pickup per day or hour; buckets without chats are absent (the caller fills them). */
export async function buckets(db: Db, s: ChatScope, unit: 'day' | 'hour', offset: number) {
  const rows = await db
    .select({ date: bucketOf(chats.createdAt, unit, offset), ...figureColumns })
    .from(chats)
    .where(inScope(s))
    // By position: the offset is bound once per use, and PostgreSQL would not see two placeholders as equal.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ date: r.date, ...toFigures(r) }));
}

export async function perAgent(db: Db, s: ChatScope) {
  const rows = await db
    .select({ agentId: chats.agentId, ...figureColumns })
    .from(chats)
    .where(inScope(s, isNotNull(chats.agentId)))
    .groupBy(chats.agentId);
  const ids = rows.map((r) => r.agentId!);
  const names = ids.length
    ? await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.eId, s.eId), inArray(users.id, ids)))
    : [];
  const nameOf = new Map(names.map((u) => [u.id, u.name]));
  return rows
    .map((r) => ({ agentId: r.agentId!, name: nameOf.get(r.agentId!) ?? 'Former user', ...toFigures(r) }))
    .sort((a, b) => b.chats - a.chats || a.name.localeCompare(b.name));
}

export async function perDepartment(db: Db, s: ChatScope) {
  const rows = await db
    .select({ deptId: chats.deptId, ...figureColumns })
    .from(chats)
    .where(inScope(s))
    .groupBy(chats.deptId);
  const ids = rows.map((r) => r.deptId).filter((d): d is string => Boolean(d));
  const names = ids.length
    ? await db
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(and(eq(departments.eId, s.eId), inArray(departments.id, ids)))
    : [];
  const nameOf = new Map(names.map((d) => [d.id, d.name]));
  return rows
    .map((r) => ({ deptId: r.deptId, name: r.deptId ? (nameOf.get(r.deptId) ?? 'Deleted department') : 'No department', ...toFigures(r) }))
    .sort((a, b) => b.chats - a.chats || a.name.localeCompare(b.name));
}

/** Today's chats by where they stand now. */
export async function todaysChats(db: Db, s: ChatScope) {
  const count = (state: number) => sql<number>`(count(*) filter (where ${chats.state} = ${sql.raw(String(state))}))::int`;
  const [row] = await db
    .select({ chats: sql<number>`count(*)::int`, waiting: count(1), ongoing: count(2), closed: count(3), missed: count(4) })
    .from(chats)
    .where(inScope(s));
  const n = (v: unknown) => Number(v ?? 0);
  return { chats: n(row?.chats), waiting: n(row?.waiting), ongoing: n(row?.ongoing), missed: n(row?.missed), closed: n(row?.closed) };
}

/** Today's broadcast messages by their furthest status: a read message was also delivered and sent. */
export async function todaysBroadcasts(db: Db, eId: string, from: Date, to: Date) {
  const m = broadcastMessages;
  const [row] = await db
    .select({
      sent: sql<number>`(count(*) filter (where ${m.state} in ('accepted', 'sent', 'delivered', 'read')))::int`,
      delivered: sql<number>`(count(*) filter (where ${m.state} in ('delivered', 'read')))::int`,
      read: sql<number>`(count(*) filter (where ${m.state} = 'read'))::int`,
      failed: sql<number>`(count(*) filter (where ${m.state} = 'failed'))::int`,
    })
    .from(m)
    .where(and(eq(m.eId, eId), gte(m.createdAt, from), lt(m.createdAt, to)));
  const [made] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(broadcasts)
    .where(and(eq(broadcasts.eId, eId), gte(broadcasts.createdAt, from), lt(broadcasts.createdAt, to)));
  const n = (v: unknown) => Number(v ?? 0);
  return { broadcasts: n(made?.n), sent: n(row?.sent), delivered: n(row?.delivered), read: n(row?.read), failed: n(row?.failed) };
}

/** Today's bot conversations, the chats it handed to people, and the share of messages it could not place. */
export async function todaysBot(db: Db, eId: string, from: Date, to: Date) {
  const s = conversationSessions;
  const [row] = await db
    .select({
      conversations: sql<number>`count(*)::int`,
      messages: sql<number>`coalesce(sum(${s.messages}), 0)::int`,
      scoped: sql<number>`coalesce(sum(${s.scopedMessages}), 0)::int`,
    })
    .from(s)
    .where(and(eq(s.eId, eId), gte(s.createdAt, from), lt(s.createdAt, to), sql`${s.messages} > 0`));
  const [handed] = await db
    .select({ n: sql<number>`count(distinct ${chatMessages.chatId})::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.eId, eId),
        eq(chatMessages.actionBy, 'bot'),
        eq(chatMessages.actionType, ChatAction.TRANSFERRED),
        gte(chatMessages.actedOn, from),
        lt(chatMessages.actedOn, to),
      ),
    );
  const messages = Number(row?.messages ?? 0);
  return {
    conversations: Number(row?.conversations ?? 0),
    handedOver: Number(handed?.n ?? 0),
    messages,
    outOfScopePercent: percent(messages - Number(row?.scoped ?? 0), messages),
  };
}
