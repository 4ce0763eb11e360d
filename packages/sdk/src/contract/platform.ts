import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageQuery } from './envelope.js';
import { filterDate } from './fields.js';
import { REPORT_PAGE } from './report-texts.js';

/** The app configuration's environment section (spec 3): feature flags and white-label switches. */
export const appConfig = z.object({
  productTitle: z.string(),
  features: z.record(z.string(), z.boolean()),
  passwordEncryption: z.boolean(),
  isIsvWhitelabel: z.boolean(),
  baseHref: z.string(),
  sso: z.object({ enabled: z.boolean() }),
  /** The outbox is open to signed-out users (PARLEY_DEV_MAILBOX=on, loopback only), so sign-in screens may link to it. */
  mailbox: z.boolean(),
  /** PARLEY_ANALYTICS_URL: the page the agent shell's analytics tabs frame; null when none is configured. */
  analyticsUrl: z.string().nullable().optional(),
});
export type AppConfig = z.infer<typeof appConfig>;

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  jobs: z.object({ ok: z.boolean(), queued: z.number(), active: z.number() }),
  uptimeSeconds: z.number(),
});

export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const auditEntry = z.object({
  id: z.string(),
  uId: z.string().nullable(),
  userName: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  statusCode: z.number(),
  ip: z.string().nullable(),
  at: z.string(),
});

const auditText = z
  .string()
  .max(200)
  .transform((v) => v.trim() || undefined)
  .optional();

/**
 * The audit trail's filters (issue 36 item 5): the user who acted (`uId`), the action (a part of `METHOD /route`),
 * the object (a part of the path acted on, such as a user's id) and the dates (ISO, inclusive).
 */
export const auditFilters = z.object({
  uId: z.uuid({ error: 'User not found' }).optional(),
  action: auditText,
  object: auditText,
  fromDate: filterDate('Invalid Date Format').optional(),
  toDate: filterDate('Invalid Date Format').optional(),
});
/** perPage -1 reads up to 1000 rows, as before the filters came. */
export const auditTrailQuery = pageQuery.extend({ perPage: pageQuery.shape.perPage.default(REPORT_PAGE) }).extend(auditFilters.shape);

export const platformApi = {
  health: endpoint({ method: 'GET', path: 'health', input: z.object({}), reply: health }),
  appConfig: endpoint({ method: 'GET', path: 'app/config', input: z.object({}), reply: appConfig }),
  mailbox: endpoint({
    method: 'GET',
    path: 'dev/mailbox',
    input: z.object({ to: z.string().optional() }),
    reply: z.array(outboxMail),
  }),
  auditTrail: endpoint({
    method: 'GET',
    path: 'e/enterprise/audit_trail',
    input: auditTrailQuery,
    reply: z.array(auditEntry),
  }),
  /** Who may be picked in the audit trail's user filter: the enterprise's users, any state, by name. */
  auditUsers: endpoint({
    method: 'GET',
    path: 'e/enterprise/audit_trail/users',
    input: z.object({}),
    reply: z.array(z.object({ uId: z.string(), name: z.string() })),
  }),
  /** Runs the demo job: proves the durable queue and the LISTEN/NOTIFY fan-out end to end. */
  demoJob: endpoint({
    method: 'POST',
    path: 'e/enterprise/jobs/demo',
    input: z.object({ text: z.string().min(1).max(200) }),
    reply: z.object({ jobId: z.string() }),
  }),
} as const;
