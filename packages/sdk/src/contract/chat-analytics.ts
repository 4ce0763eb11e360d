import { z } from 'zod';
import { TIME_TYPES } from './dashboard-range.js';
import { endpoint } from './endpoint.js';
import { filterDate } from './fields.js';

/**
 * The dashboard (platform-shell 2.7, 7.3 `chat/dashboard_info`) and chat analytics (`/chat/analytics`,
 * CHAT.VIEW_ANALYTICS). Times are seconds; rates and shares are percentages with two decimals. `clientOffset` is
 * minutes as `Date#getTimezoneOffset` gives them; buckets and days are the caller's local ones.
 */
const clientOffset = z.coerce
  .number()
  .int()
  .min(-14 * 60)
  .max(14 * 60)
  .default(0);
const instant = filterDate('Invalid Date Format').optional();

export const dashboardEntry = z.object({
  /** `yyyy-mm-dd`, or `yyyy-mm-ddThh:00` for the DAY period's hours. */
  date: z.string(),
  chatCount: z.number(),
  /** Average seconds from a chat's start to its pickup, over the bucket's picked chats; 0 when none was picked. */
  avgPickedUpInterval: z.number(),
});
export type DashboardEntry = z.infer<typeof dashboardEntry>;

export const dashboardInfo = z.object({
  timeType: z.enum(TIME_TYPES),
  fromDate: z.string(),
  toDate: z.string(),
  unit: z.enum(['day', 'hour']),
  /** Null when the caller may not see chat figures; `scope` own: an agent sees the chats they handled. */
  chats: z
    .object({
      scope: z.enum(['all', 'own']),
      entries: z.array(dashboardEntry),
      total: z.number(),
      avgPickedUpInterval: z.number(),
      today: z.object({ chats: z.number(), waiting: z.number(), ongoing: z.number(), missed: z.number(), closed: z.number() }),
    })
    .nullable(),
  /** Today's broadcast messages (CAMPAIGNS.*), by their furthest status. */
  broadcasts: z.object({ broadcasts: z.number(), sent: z.number(), delivered: z.number(), read: z.number(), failed: z.number() }).nullable(),
  /** Today's bot conversations (NLP.*): conversations, chats the bot handed to people, out-of-scope share of messages. */
  bot: z.object({ conversations: z.number(), handedOver: z.number(), messages: z.number(), outOfScopePercent: z.number() }).nullable(),
});
export type DashboardInfo = z.infer<typeof dashboardInfo>;

const figures = {
  chats: z.number(),
  picked: z.number(),
  closed: z.number(),
  missed: z.number(),
  missedRate: z.number(),
  avgPickupSeconds: z.number(),
  avgHandlingSeconds: z.number(),
  /** Average of numeric close feedback (1 to 5); null when no chat was closed with a number. */
  csat: z.number().nullable(),
  /** Share of closed chats closed with any feedback. */
  feedbackShare: z.number(),
};
export const analyticsFigures = z.object(figures);
export type AnalyticsFigures = z.infer<typeof analyticsFigures>;
export const analyticsAgent = z.object({ agentId: z.string(), name: z.string(), ...figures });
export type AnalyticsAgent = z.infer<typeof analyticsAgent>;
export const analyticsDepartment = z.object({ deptId: z.string().nullable(), name: z.string(), ...figures });
export type AnalyticsDepartment = z.infer<typeof analyticsDepartment>;
export const analyticsDay = z.object({ date: z.string(), chats: z.number(), missed: z.number(), avgPickupSeconds: z.number(), avgHandlingSeconds: z.number() });
export type AnalyticsDay = z.infer<typeof analyticsDay>;

/** Chats that started from `fromDate` (inclusive) to `toDate` (exclusive); at most 366 days. */
export const analyticsQuery = z.object({ fromDate: filterDate('Invalid Date Format'), toDate: filterDate('Invalid Date Format'), clientOffset });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

export const chatAnalyticsApi = {
  dashboardInfo: endpoint({
    method: 'GET',
    path: 'e/enterprise/chat/dashboard_info',
    input: z.object({ fromDate: instant, toDate: instant, timeType: z.enum(TIME_TYPES).default('MONTH'), currentDate: instant, clientOffset }),
    reply: dashboardInfo,
  }),
  analytics: endpoint({
    method: 'GET',
    path: 'e/enterprise/chat/analytics',
    input: analyticsQuery,
    reply: z.object({ totals: analyticsFigures, days: z.array(analyticsDay), agents: z.array(analyticsAgent), departments: z.array(analyticsDepartment) }),
  }),
} as const;

export { CHAT_ANALYTICS_CSV_PATH } from './paths.js';
