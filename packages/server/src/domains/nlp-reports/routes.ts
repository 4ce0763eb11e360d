import type { FastifyInstance } from 'fastify';
import { CONVERSATIONS_CSV_PATH, conversationsCsvQuery, nlpReportsApi, type ReportRange } from '@parley/sdk/contract/nlp-reports';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { API_PREFIX, authorize, defineRoute, routeTable } from '../../http/route.js';
import { page } from '../../http/reply.js';
import { ACCESS } from '@parley/sdk/contract/access';
import { findAgent } from '../nlp-agents/queries.js';
import { conversationsCsv, csvFileName } from './conversations-csv.js';
import { daily, messageRows, topIntents, totals } from './queries.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

export function nlpReportRoutes(app: FastifyInstance, db: Db) {
  const agentOf = async (auth: AuthContext, range: ReportRange) => {
    if (!(await findAgent(db, auth.eId, range.agentId))) throw ApiError.notFound();
  };

  defineRoute(app, nlpReportsApi.conversationsReport, ACCESS.nlp.read, async (range, { auth }) => {
    await agentOf(auth, range);
    const [t, days] = await Promise.all([totals(db, auth.eId, range), daily(db, auth.eId, range)]);
    const busiest = days.reduce<(typeof days)[number] | null>((best, d) => (!best || d.conversations > best.conversations ? d : best), null);
    return {
      totalConversations: t.conversations,
      averageMessages: t.conversations ? round2(t.messages / t.conversations) : 0,
      maximumConversations: { maximumConversationsValue: busiest?.conversations ?? 0, date: busiest?.date ?? null },
      weakUnderstanding: t.weak,
      totalMessages: t.messages,
      totalScopedMessages: t.scoped,
      totalNonScopedMessages: t.messages - t.scoped,
      scopedPercentage: t.messages ? round2((100 * t.scoped) / t.messages) : 0,
    };
  });

  const graph = async (range: ReportRange, auth: AuthContext) => {
    await agentOf(auth, range);
    const days = await daily(db, auth.eId, range);
    return {
      activeUsers: days.map((d) => ({ date: d.date, value: d.users })),
      scopeTrend: days.map((d) => ({ date: d.date, scoped: d.scoped, nonScoped: d.nonScoped })),
    };
  };
  defineRoute(app, nlpReportsApi.graphReport, ACCESS.nlp.read, async (range, { auth }) => graph(range, auth));
  defineRoute(app, nlpReportsApi.graphReportGet, ACCESS.nlp.read, async (range, { auth }) => graph(range, auth));

  defineRoute(app, nlpReportsApi.topIntent, ACCESS.nlp.read, async (range, { auth }) => {
    await agentOf(auth, range);
    return topIntents(db, auth.eId, range);
  });

  defineRoute(app, nlpReportsApi.conversations, ACCESS.nlp.read, async (input, { auth }) => {
    await agentOf(auth, input);
    const rows = await messageRows(db, auth.eId, input, input.scopeType)
      .limit(input.perPage + 1)
      .offset(input.from);
    const conversations = rows.slice(0, input.perPage).map((r) => ({
      userMessage: r.userMessage,
      createdOn: r.createdAt.toISOString(),
      intentIdentified: r.intentIdentified,
      intent: r.intent,
      confidence: r.confidence,
      utterance: r.utterance,
      botResponse: r.botResponse,
      emotion: r.emotion,
      otherIntent: r.otherIntents,
      scoped: r.scoped,
      sessionId: r.sessionId,
      ...(r.userData ? { userData: r.userData } : {}),
      ...(r.answerSource ? { answerSource: r.answerSource } : {}),
    }));
    return page({ conversations }, rows.length > input.perPage);
  });

  // A file, not an envelope: registered by hand, with the same access check and a routeTable entry.
  const url = `${API_PREFIX}/${CONVERSATIONS_CSV_PATH}`;
  routeTable.push({ method: 'GET', url, access: ACCESS.nlp.read });
  app.get(url, async (request, reply) => {
    const auth = authorize(request, ACCESS.nlp.read)!;
    const query = conversationsCsvQuery.parse(request.query);
    await agentOf(auth, query);
    const name = csvFileName(query);
    const csv = await conversationsCsv(db, auth.eId, query, query.scope);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(csv);
  });
}
