import type { FastifyInstance } from 'fastify';
import { platformApi } from '@parley/sdk/contract/platform';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { demoJobRuns } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute } from '../../http/route.js';
import { reply } from '../../http/reply.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Mailer } from '../../mail/mailer.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { readOutbox } from './outbox-queries.js';
import { auditTrailRoutes } from './audit-trail.js';
import type { HealthProbe } from './health-probe.js';

export const DEMO_JOB = 'demo.echo';

/** Reading users' reset links amounts to managing their accounts: the user-editing admin permission. */
const MAILBOX_READERS = ['USERS.EDIT'] as const;

export interface PlatformDeps {
  config: Config;
  database: Database;
  jobs: JobQueue;
  events: EventBus;
  mailer: Mailer;
  startedAt: number;
  health: HealthProbe;
}

/** The demo job: an idempotent write keyed by job id, then an event that every process receives. */
export async function registerDemoJob({ database, jobs, events }: PlatformDeps) {
  await jobs.register<{ eId: string; text: string }>(DEMO_JOB, async (data, jobId) => {
    await database.db.insert(demoJobRuns).values({ jobId, eId: data.eId, text: data.text }).onConflictDoNothing();
    await events.publish({ type: 'job.done', eId: data.eId, data: { jobId, name: DEMO_JOB } });
  });
}

export function platformRoutes(app: FastifyInstance, deps: PlatformDeps) {
  const { config, database, jobs, mailer } = deps;

  defineRoute(app, platformApi.health, 'public', async () => {
    const { database: dbOk, jobs: counts } = deps.health.current();
    return {
      status: dbOk && counts ? ('ok' as const) : ('degraded' as const),
      database: { ok: dbOk, driver: database.driver },
      jobs: { ok: Boolean(counts), queued: counts?.queued ?? 0, active: counts?.active ?? 0 },
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
    };
  });

  defineRoute(app, platformApi.appConfig, 'public', async () => ({
    productTitle: 'Parley',
    features: config.features,
    passwordEncryption: false,
    isIsvWhitelabel: Boolean(config.whitelabelDir),
    baseHref: '/',
    sso: { enabled: Boolean(config.oidc) },
    // Only the open development mailbox is worth linking to from the signed-out screens.
    mailbox: config.devMailbox && !mailer.delivers,
    analyticsUrl: config.analyticsUrl ?? null,
  }));

  // Without SMTP there is no other way to read a reset link; with SMTP this route is gone. The outbox holds every
  // tenant's reset links and codes, so only an admin reads it, and only mail to the users of their own enterprise;
  // the open development mailbox is allowed on loopback only (config.ts refuses it elsewhere).
  const mailbox = async (input: { to?: string | undefined }, eId?: string) => {
    if (mailer.delivers) throw ApiError.notFound();
    const mails = await readOutbox(database.db, { to: input.to, eId });
    return mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString() }));
  };
  if (config.devMailbox) defineRoute(app, platformApi.mailbox, 'public', (input) => mailbox(input));
  else defineRoute(app, platformApi.mailbox, MAILBOX_READERS, (input, { auth }) => mailbox(input, auth.eId));

  auditTrailRoutes(app, database.db);

  defineRoute(app, platformApi.demoJob, 'authenticated', async (input, { auth }) =>
    reply({ jobId: await jobs.send(DEMO_JOB, { eId: auth.eId, text: input.text }) }, 'Job queued'),
  );
}
