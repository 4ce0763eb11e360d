import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { recordId } from './fields.js';

export const ReportMessages = {
  badDate: 'Please give a valid date',
  endBeforeStart: 'End Date should not be before Start Date',
  badTimeZone: 'Unknown time zone',
} as const;

/** ISO text or epoch milliseconds, as date pickers and query strings send them. */
const reportDate = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const d = new Date(typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: ReportMessages.badDate });
    return z.NEVER;
  }
  return d;
});

const validTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
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
    timeZoneOffset: z.coerce.number().int().min(-14 * 60).max(14 * 60).default(0),
    timeZone: z.string().max(64).refine(validTimeZone, { error: ReportMessages.badTimeZone }).optional(),
  })
  .refine((r) => r.endDate >= r.startDate, { error: ReportMessages.endBeforeStart, path: ['endDate'] });
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
});
export type ConversationRow = z.infer<typeof conversationRow>;

export const nlpReportsApi = {
  conversationsReport: endpoint({ method: 'POST', path: 'nlp/conversationsReport', input: reportRange, reply: conversationsReport }),
  graphReport: endpoint({ method: 'POST', path: 'nlp/graphReport', input: reportRange, reply: graphReport }),
  graphReportGet: endpoint({ method: 'GET', path: 'nlp/graphReport', input: reportRange, reply: graphReport }),
  topIntent: endpoint({
    method: 'POST',
    path: 'nlp/topIntent',
    input: reportRange,
    reply: z.array(z.object({ intentName: z.string(), count: z.number() })),
  }),
  conversations: endpoint({
    method: 'POST',
    path: 'nlp/conversations',
    input: reportRange.and(
      z.object({
        scopeType,
        from: z.coerce.number().int().min(0).default(0),
        perPage: z.coerce.number().int().min(1).max(500).default(50),
      }),
    ),
    reply: z.object({ conversations: z.array(conversationRow) }),
  }),
} as const;

/** The CSV export streams a file, not an envelope; its query is the range plus `scope`. */
export const conversationsCsvQuery = reportRange.and(z.object({ scope: scopeType }));
export const CONVERSATIONS_CSV_PATH = 'nlp/download/conversations/csv';
