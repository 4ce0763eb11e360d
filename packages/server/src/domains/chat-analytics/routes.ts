import type { FastifyInstance } from 'fastify';
import { ACCESS, may } from '@parley/sdk/contract/access';
import { CHAT_ANALYTICS_CSV_PATH, analyticsQuery, chatAnalyticsApi, type AnalyticsQuery } from '@parley/sdk/contract/chat-analytics';
import { bucketKeys, dashboardRange, localMidnight, type DashboardRange } from '@parley/sdk/contract/dashboard-range';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { API_PREFIX, authorize, defineRoute, routeTable } from '../../http/route.js';
import { analyticsCsv, analyticsFileName } from './csv.js';
import { buckets, perAgent, perDepartment, todaysBot, todaysBroadcasts, todaysChats, totals, type ChatScope } from './queries.js';

const DAY_MS = 86_400_000;
/** The longest period a call may ask for: a year of days, or a week of hours. */
const MAX_SPAN = { day: 366 * DAY_MS, hour: 7 * DAY_MS };
const END_BEFORE_START = 'End Date should not be before Start Date';

const held = (auth: AuthContext) => [...auth.permissions];

/** The chats a caller's figures may cover: all of the enterprise's, their own, or none. */
function chatScopeOf(auth: AuthContext, from: Date, to: Date): ChatScope | null {
  if (may(held(auth), ACCESS.dashboard.allChats)) return { eId: auth.eId, from, to };
  if (may(held(auth), ACCESS.dashboard.ownChats)) return { eId: auth.eId, from, to, agentId: auth.uId };
  return null;
}

function checkSpan(range: DashboardRange) {
  const span = range.toDate.getTime() - range.fromDate.getTime();
  if (span <= 0) throw ApiError.field('toDate', END_BEFORE_START);
  if (span > MAX_SPAN[range.unit])
    throw ApiError.field('toDate', range.unit === 'day' ? 'The period can be at most a year' : 'Hourly figures cover at most 7 days');
}

function analyticsScope(auth: AuthContext, q: AnalyticsQuery): ChatScope {
  const range: DashboardRange = { fromDate: new Date(q.fromDate), toDate: new Date(q.toDate), unit: 'day' };
  checkSpan(range);
  return { eId: auth.eId, from: range.fromDate, to: range.toDate };
}

/** The dashboard graph (platform-shell 2.7) with today's cards, and chat analytics (`/chat/analytics`) with its CSV. */
export function chatAnalyticsRoutes(app: FastifyInstance, db: Db) {
  defineRoute(app, chatAnalyticsApi.dashboardInfo, 'authenticated', async (q, { auth }) => {
    const me = auth!;
    const offset = q.clientOffset;
    const now = q.currentDate ? new Date(q.currentDate) : new Date();
    const period = dashboardRange(q.timeType, now, offset);
    // A caller may name the period's ends; the period's type still decides days or hours.
    const range: DashboardRange = {
      fromDate: q.fromDate ? new Date(q.fromDate) : period.fromDate,
      toDate: q.toDate ? new Date(q.toDate) : period.toDate,
      unit: period.unit,
    };
    checkSpan(range);
    const todayFrom = localMidnight(now, offset);
    const todayTo = new Date(todayFrom.getTime() + DAY_MS);

    const scope = chatScopeOf(me, range.fromDate, range.toDate);
    const chatFigures = async () => {
      if (!scope) return null;
      const [rows, all, today] = await Promise.all([
        buckets(db, scope, range.unit, offset),
        totals(db, scope),
        todaysChats(db, { ...scope, from: todayFrom, to: todayTo }),
      ]);
      const byKey = new Map(rows.map((r) => [r.date, r]));
      return {
        scope: scope.agentId ? ('own' as const) : ('all' as const),
        entries: bucketKeys(range, offset).map((date) => ({
          date,
          chatCount: byKey.get(date)?.chats ?? 0,
          avgPickedUpInterval: byKey.get(date)?.avgPickupSeconds ?? 0,
        })),
        total: all.chats,
        avgPickedUpInterval: all.avgPickupSeconds,
        today,
      };
    };
    const [chats, broadcasts, bot] = await Promise.all([
      chatFigures(),
      may(held(me), ACCESS.dashboard.broadcasts) ? todaysBroadcasts(db, me.eId, todayFrom, todayTo) : null,
      may(held(me), ACCESS.dashboard.bot) ? todaysBot(db, me.eId, todayFrom, todayTo) : null,
    ]);
    return { timeType: q.timeType, fromDate: range.fromDate.toISOString(), toDate: range.toDate.toISOString(), unit: range.unit, chats, broadcasts, bot };
  });

  defineRoute(app, chatAnalyticsApi.analytics, ACCESS.chatAnalytics.view, async (q, { auth }) => {
    const scope = analyticsScope(auth, q);
    const [all, days, agents, departments] = await Promise.all([
      totals(db, scope),
      buckets(db, scope, 'day', q.clientOffset),
      perAgent(db, scope),
      perDepartment(db, scope),
    ]);
    return {
      totals: all,
      days: days.map((d) => ({
        date: d.date,
        chats: d.chats,
        missed: d.missed,
        avgPickupSeconds: d.avgPickupSeconds,
        avgHandlingSeconds: d.avgHandlingSeconds,
      })),
      agents,
      departments,
    };
  });

  // A file, not an envelope: registered by hand, with the same access check and a routeTable entry.
  const url = `${API_PREFIX}/${CHAT_ANALYTICS_CSV_PATH}`;
  routeTable.push({ method: 'GET', url, access: ACCESS.chatAnalytics.view });
  app.get(url, async (request, reply) => {
    const auth = authorize(request, ACCESS.chatAnalytics.view)!;
    const q = analyticsQuery.parse(request.query);
    const scope = analyticsScope(auth, q);
    const [all, agents, departments] = await Promise.all([totals(db, scope), perAgent(db, scope), perDepartment(db, scope)]);
    const name = analyticsFileName(scope.from, scope.to, q.clientOffset);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(analyticsCsv(all, agents, departments));
  });
}
