import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';

export type JobHandler<T> = (data: T, jobId: string) => Promise<void>;

/**
 * Durable jobs on pg-boss, in the same database as everything else (PGlite included, through executeSql).
 * A job that was active when its process died is retried by another (expireInSeconds), so handlers must be
 * idempotent: key their writes on the job id.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;

  /** `workers: false` (PARLEY_JOBS=off) still enqueues; other processes do the work. */
  constructor(
    private readonly database: Database,
    log: FastifyBaseLogger,
    private readonly workers = true,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
      schema: 'pgboss',
      // Embedded PGlite runs one process: a short poll keeps jobs snappy without a second connection.
      monitorStateIntervalSeconds: 30,
    } as ConstructorParameters<typeof PgBoss>[0]);
    this.boss.on('error', (err) => log.error({ err }, 'job queue error'));
  }

  async start() {
    await this.boss.start();
    this.started = true;
  }

  async register<T extends object>(name: string, handler: JobHandler<T>, opts: { retryLimit?: number; expireInSeconds?: number } = {}) {
    await this.boss.createQueue(name, { name, retryLimit: opts.retryLimit ?? 3, retryBackoff: true, expireInSeconds: opts.expireInSeconds ?? 900 });
    if (!this.workers) return;
    await this.boss.work<T>(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) await handler(job.data, job.id);
    });
  }

  /** `id` lets the caller record the job before a worker can pick it up. */
  async send<T extends object>(name: string, data: T, opts: { id?: string } = {}): Promise<string> {
    const id = await this.boss.send(name, data, opts.id ? { id: opts.id } : {});
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  async counts(): Promise<{ queued: number; active: number }> {
    const { rows } = await this.database.executeSql(
      `SELECT count(*) FILTER (WHERE state IN ('created','retry'))::int AS queued,
              count(*) FILTER (WHERE state = 'active')::int AS active FROM pgboss.job`,
      [],
    );
    return { queued: Number(rows[0]?.queued ?? 0), active: Number(rows[0]?.active ?? 0) };
  }

  get running() {
    return this.started;
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}
