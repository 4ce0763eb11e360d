import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { recordId } from './fields.js';
import { pageFrom } from './paging.js';

export const ReportMessages = {
  badDate: 'Please give a valid date',
  endBeforeStart: 'End Date should not be before Start Date',
  badTimeZone: 'Unknown time zone',
  outOfRange: 'Please give a date between 2000-01-01 and 9999-12-31',
  tooLong: 'Please choose a period of at most 366 days',
} as const;

/** What a report may cover: the database and the CSV dates are only exact within these years. */
export const ReportLimits = { earliest: '2000-01-01', latest: '9999-12-31', maxDays: 366 } as const;

const DAY_MS = 86_400_000;
// Date pickers send local midnight, which is up to 14 hours before UTC midnight; the last instant is UTC's, because
// a later one prints as a six-digit year that the database refuses.
const EARLIEST_MS = Date.parse(`${ReportLimits.earliest}T00:00:00Z`) - 14 * 3_600_000;
const LATEST_MS = Date.parse(`${ReportLimits.latest}T23:59:59.999Z`);

/** `new Date` rolls 2026-02-30 over to March; a date written out must name a day that exists. */
function isRealCalendarDate(text: string): boolean {
  const written = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!written) return true;
  const [y, m, d] = written.slice(1).map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** ISO text or epoch milliseconds, as date pickers and query strings send them. */
const reportDate = z.union([z.number(), z.string().max(64)]).transform((v, ctx) => {
  const d = new Date(typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
  if (Number.isNaN(d.getTime()) || (typeof v === 'string' && !isRealCalendarDate(v.trim()))) {
    ctx.addIssue({ code: 'custom', message: ReportMessages.badDate });
    return z.NEVER;
  }
  if (d.getTime() < EARLIEST_MS || d.getTime() > LATEST_MS) {
    ctx.addIssue({ code: 'custom', message: ReportMessages.outOfRange });
    return z.NEVER;
  }
  return d;
});

/**
 * ICU and PostgreSQL both know the IANA zones, but not always by the same aliases (PostgreSQL has no
 * US/Pacific-New): the zone travels to the database under ICU's canonical name, which PostgreSQL knows.
 */
const canonicalTimeZone = (tz: string) => {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/**
 * Agent and period of every report. Days are bucketed in the caller's zone: an IANA `timeZone`, or else
 * `timeZoneOffset` in minutes as the browser's `Date#getTimezoneOffset` gives it (-330 for India).
 */
export const reportRange = z
  .object({
    agentId: recordId,
    startDate: reportDate,
    endDate: reportDate,
    timeZoneOffset: z.coerce
      .number()
      .int()
      .min(-14 * 60)
      .max(14 * 60)
      .default(0),
    timeZone: z
      .string()
      .max(64)
      .transform((tz, ctx) => canonicalTimeZone(tz) ?? (ctx.addIssue({ code: 'custom', message: ReportMessages.badTimeZone }), z.NEVER))
      .optional(),
  })
  .refine((r) => r.endDate >= r.startDate, { error: ReportMessages.endBeforeStart, path: ['endDate'] })
  .refine((r) => r.endDate.getTime() - r.startDate.getTime() <= ReportLimits.maxDays * DAY_MS, { error: ReportMessages.tooLong, path: ['endDate'] });
export type ReportRange = z.output<typeof reportRange>;

/** Scope filter of User Conversations (agent-designer 9): 0 all, 1 scoped, 2 non-scoped. */
export const scopeType = z.coerce.number().int().min(0).max(2).default(0);

export const conversationsReport = z.object({
  totalConversations: z.number(),
  /** Messages per conversation, 2 decimals. */
  averageMessages: z.number(),
  /** The busiest day of the period by conversations. */
  maximumConversations: z.object({ maximumConversationsValue: z.number(), date: z.string().nullable() }),
  /** Scoped messages whose confidence was barely above the threshold. */
  weakUnderstanding: z.number(),
  totalMessages: z.number(),
  totalScopedMessages: z.number(),
  totalNonScopedMessages: z.number(),
  /** Scoped share in percent, 2 decimals (the Scope donut). */
  scopedPercentage: z.number(),
});

export const graphReport = z.object({
  activeUsers: z.array(z.object({ date: z.string(), value: z.number() })),
  scopeTrend: z.array(z.object({ date: z.string(), scoped: z.number(), nonScoped: z.number() })),
});

export const conversationRow = z.object({
  userMessage: z.string(),
  createdOn: z.string(),
  intentIdentified: z.boolean(),
  intent: z.string().nullable(),
  confidence: z.number(),
  utterance: z.string().nullable(),
  botResponse: z.string(),
  emotion: z.string(),
  otherIntent: z.array(z.object({ intent: z.string(), confidence: z.number(), utterance: z.string().nullable() })),
  scoped: z.boolean(),
  sessionId: z.string(),
  /** A prompt agent's conversation: the variables it collected (name to value, null while missing); absent otherwise. */
  userData: z.record(z.string(), z.string().nullable()).optional(),
  /**
   * Beyond the spec (issue 38): where the reply came from (predictReply's output.source: intent, knowledge-base,
   * prompt, out-of-scope, ...); absent for turns logged before it was kept.
   */
  answerSource: z.string().optional(),
});
export type ConversationRow = z.infer<typeof conversationRow>;

export const nlpReportsApi = {
  conversationsReport: endpoint({ method: 'POST', path: 'nlp/conversationsReport', effect: 'read', input: reportRange, reply: conversationsReport }),
  graphReport: endpoint({ method: 'POST', path: 'nlp/graphReport', effect: 'read', input: reportRange, reply: graphReport }),
  graphReportGet: endpoint({ method: 'GET', path: 'nlp/graphReport', input: reportRange, reply: graphReport }),
  topIntent: endpoint({
    method: 'POST',
    path: 'nlp/topIntent',
    effect: 'read',
    input: reportRange,
    reply: z.array(z.object({ intentName: z.string(), count: z.number() })),
  }),
  conversations: endpoint({
    method: 'POST',
    path: 'nlp/conversations',
    effect: 'read',
    input: reportRange.and(
      z.object({
        scopeType,
        from: pageFrom(),
        perPage: z.coerce.number().int().min(1).max(500).default(50),
      }),
    ),
    reply: z.object({ conversations: z.array(conversationRow) }),
  }),
} as const;

/** The CSV export streams a file, not an envelope; its query is the range plus `scope`. */
export const conversationsCsvQuery = reportRange.and(z.object({ scope: scopeType }));
export { CONVERSATIONS_CSV_PATH } from './paths.js';
