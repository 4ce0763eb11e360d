import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { ReportRange } from '@parley/sdk/contract/nlp-reports';
import type { Db } from '../../db/database.js';
import { conversationMessages as m } from '../../db/schema.js';

/** The message's wall-clock time in the caller's zone, computed by the database. */
function localTimestamp(range: ReportRange): SQL {
  return range.timeZone
    ? sql`(${m.createdAt} AT TIME ZONE ${range.timeZone})`
    : sql`((${m.createdAt} AT TIME ZONE 'UTC') - make_interval(mins => ${range.timeZoneOffset}::int))`;
}
export const localDay = (range: ReportRange) => sql<string>`to_char(${localTimestamp(range)}, 'YYYY-MM-DD')`;
export const localTime = (range: ReportRange) => sql<string>`to_char(${localTimestamp(range)}, 'DD-MM-YYYY HH24:MI:SS')`;

/** Rows of one agent in the period; (agent_id, created_at) is indexed, so this is a range scan. */
export const inRange = (eId: string, range: ReportRange, extra?: SQL) =>
  and(eq(m.agentId, range.agentId), eq(m.eId, eId), gte(m.createdAt, range.startDate), lte(m.createdAt, range.endDate), extra);

export const scopeFilter = (scope: number) => (scope === 1 ? eq(m.scoped, true) : scope === 2 ? eq(m.scoped, false) : undefined);

export async function totals(db: Db, eId: string, range: ReportRange) {
  const [row] = await db
    .select({
      messages: sql<number>`count(*)::int`,
      scoped: sql<number>`(count(*) filter (where ${m.scoped}))::int`,
      weak: sql<number>`(count(*) filter (where ${m.weak}))::int`,
      conversations: sql<number>`count(distinct ${m.sessionId})::int`,
    })
    .from(m)
    .where(inRange(eId, range));
  return { messages: Number(row?.messages ?? 0), scoped: Number(row?.scoped ?? 0), weak: Number(row?.weak ?? 0), conversations: Number(row?.conversations ?? 0) };
}

/** Per local day: messages by scope, distinct senders and distinct conversations. */
export async function daily(db: Db, eId: string, range: ReportRange) {
  const day = localDay(range);
  const rows = await db
    .select({
      date: day,
      scoped: sql<number>`(count(*) filter (where ${m.scoped}))::int`,
      nonScoped: sql<number>`(count(*) filter (where not ${m.scoped}))::int`,
      users: sql<number>`count(distinct ${m.senderId})::int`,
      conversations: sql<number>`count(distinct ${m.sessionId})::int`,
    })
    .from(m)
    .where(inRange(eId, range))
    // By position: the zone offset is bound once per use, and PostgreSQL would not see two placeholders as equal.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ date: r.date, scoped: Number(r.scoped), nonScoped: Number(r.nonScoped), users: Number(r.users), conversations: Number(r.conversations) }));
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
    })
    .from(m)
    .where(and(inRange(eId, range, scopeFilter(scope)), cursor))
    .orderBy(desc(m.createdAt), desc(m.id));
}
