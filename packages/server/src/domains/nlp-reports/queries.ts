import { and, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReportRange } from '@parley/sdk/contract/nlp-reports';
import type { Db } from '../../db/database.js';
import { conversationMessages as m, conversationSessions as s } from '../../db/schema.js';

/** A time column's wall-clock value in the caller's zone, computed by the database. */
function localTimestamp(column: AnyPgColumn, range: ReportRange): SQL {
  return range.timeZone
    ? sql`(${column} AT TIME ZONE ${range.timeZone})`
    : sql`((${column} AT TIME ZONE 'UTC') - make_interval(mins => ${range.timeZoneOffset}::int))`;
}
export const localDay = (column: AnyPgColumn, range: ReportRange) => sql<string>`to_char(${localTimestamp(column, range)}, 'YYYY-MM-DD')`;
export const localTime = (range: ReportRange) => sql<string>`to_char(${localTimestamp(m.createdAt, range)}, 'DD-MM-YYYY HH24:MI:SS')`;

/** Rows of one agent in the period; (agent_id, created_at) is indexed, so this is a range scan. */
export const inRange = (eId: string, range: ReportRange, extra?: SQL) =>
  and(eq(m.agentId, range.agentId), eq(m.eId, eId), gte(m.createdAt, range.startDate), lte(m.createdAt, range.endDate), extra);

export const scopeFilter = (scope: number) => (scope === 1 ? eq(m.scoped, true) : scope === 2 ? eq(m.scoped, false) : undefined);

/**
 * Cards and charts count conversations that started in the period, with all their messages, from the per-session
 * counters: a conversation is never split across two days or two periods, and a million messages are ~100k rows here.
 */
const sessionsInRange = (eId: string, range: ReportRange) =>
  and(eq(s.agentId, range.agentId), eq(s.eId, eId), gte(s.createdAt, range.startDate), lte(s.createdAt, range.endDate), gt(s.messages, 0));

export async function totals(db: Db, eId: string, range: ReportRange) {
  const [row] = await db
    .select({
      messages: sql<number>`coalesce(sum(${s.messages}), 0)::int`,
      scoped: sql<number>`coalesce(sum(${s.scopedMessages}), 0)::int`,
      weak: sql<number>`coalesce(sum(${s.weakMessages}), 0)::int`,
      conversations: sql<number>`count(*)::int`,
    })
    .from(s)
    .where(sessionsInRange(eId, range));
  return {
    messages: Number(row?.messages ?? 0),
    scoped: Number(row?.scoped ?? 0),
    weak: Number(row?.weak ?? 0),
    conversations: Number(row?.conversations ?? 0),
  };
}

/** Per local day: messages by scope, distinct senders and conversations. */
export async function daily(db: Db, eId: string, range: ReportRange) {
  const rows = await db
    .select({
      date: localDay(s.createdAt, range),
      scoped: sql<number>`sum(${s.scopedMessages})::int`,
      nonScoped: sql<number>`sum(${s.messages} - ${s.scopedMessages})::int`,
      users: sql<number>`count(distinct ${s.senderId})::int`,
      conversations: sql<number>`count(*)::int`,
    })
    .from(s)
    .where(sessionsInRange(eId, range))
    // By position: the zone offset is bound once per use, and PostgreSQL would not see two placeholders as equal.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({
    date: r.date,
    scoped: Number(r.scoped),
    nonScoped: Number(r.nonScoped),
    users: Number(r.users),
    conversations: Number(r.conversations),
  }));
}

export async function topIntents(db: Db, eId: string, range: ReportRange, limit = 10) {
  const count = sql<number>`count(*)::int`;
  const rows = await db
    .select({ intentName: m.intent, count })
    .from(m)
    .where(inRange(eId, range, eq(m.intentIdentified, true)))
    .groupBy(m.intent)
    .orderBy(desc(count), m.intent)
    .limit(limit);
  return rows.map((r) => ({ intentName: r.intentName ?? '', count: Number(r.count) }));
}

/** Newest first; `before` continues after the last row of the previous batch (keyset, not OFFSET, for exports). */
export function messageRows(db: Db, eId: string, range: ReportRange, scope: number, before?: { createdAt: Date; id: number }) {
  const cursor = before ? sql`(${m.createdAt}, ${m.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::bigint)` : undefined;
  return db
    .select({
      id: m.id,
      userMessage: m.userMessage,
      createdAt: m.createdAt,
      localTime: localTime(range),
      intentIdentified: m.intentIdentified,
      intent: m.intent,
      confidence: m.confidence,
      utterance: m.utterance,
      botResponse: m.botResponse,
      emotion: m.emotion,
      otherIntents: m.otherIntents,
      scoped: m.scoped,
      sessionId: m.sessionId,
      answerSource: m.answerSource,
      // A prompt agent keeps the variables it collected in its session's state (nlp-runtime/prompt-agent.ts).
      userData: sql<Record<string, string | null> | null>`(SELECT ${s.state}->'userData' FROM ${s} WHERE ${s.id} = ${m.sessionId} AND ${s.eId} = ${m.eId})`,
    })
    .from(m)
    .where(and(inRange(eId, range, scopeFilter(scope)), cursor))
    .orderBy(desc(m.createdAt), desc(m.id));
}
