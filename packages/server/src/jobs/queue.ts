import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { Heartbeats } from './heartbeats.js';

/** `attempt` is 1 on the first run and counts up on every retry, a takeover after a lost process included. */
export type JobHandler<T> = (data: T, jobId: string, run: { attempt: number }) => Promise<void>;

const SCHEMA = 'pgboss';
/** How often a worker looks for jobs whose process is gone: one small query, so a death costs a job seconds. */
const SUPERVISE_SECONDS = 2;

/**
 * Durable jobs on pg-boss, in the same database as everything else (PGlite included, through executeSql).
 * A worker process holds a liveness lock in the database for its whole life, and a running job beats every few
 * seconds. Every worker process looks for active jobs whose process is gone (its lock dropped by the database when
 * it died; for an older process without one, its beats stopped) and hands them back to pg-boss as failed-with-retry,
 * so another worker, or the same one restarted, resumes them within seconds of the death instead of after pg-boss's
 * own expiry (expireInSeconds, kept only as a last resort). A live process whose event loop stalls keeps its jobs.
 * Handlers must be idempotent: key their writes on the job id.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;
  private readonly heartbeats: Heartbeats;
  private readonly queues: string[] = [];
  /** This process's worker of each queue, to wake when this process sends it a job. */
  private readonly workerIds = new Map<string, string>();
  private supervisor: NodeJS.Timeout | undefined;
  private supervising = false;

  /** `workers: false` (PARLEY_JOBS=off) still enqueues; other processes do the work. */
  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly workers = true,
  ) {
    this.heartbeats = new Heartbeats(database, SCHEMA, log);
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
      schema: SCHEMA,
      // Embedded PGlite runs one process: a short poll keeps jobs snappy without a second connection.
      monitorStateIntervalSeconds: 30,
    } as ConstructorParameters<typeof PgBoss>[0]);
    this.boss.on('error', (err) => log.error({ err }, 'job queue error'));
  }

  async start() {
    // Before any job is taken: a job of this process must never look like one whose process is gone.
    if (this.workers) await this.heartbeats.holdLiveness();
    await this.boss.start();
    this.started = true;
  }

  async register<T extends object>(name: string, handler: JobHandler<T>, opts: { retryLimit?: number; expireInSeconds?: number } = {}) {
    await this.boss.createQueue(name, { name, retryLimit: opts.retryLimit ?? 3, retryBackoff: true, expireInSeconds: opts.expireInSeconds ?? 900 });
    if (!this.workers) return;
    const workerId = await this.boss.work<T>(name, { pollingIntervalSeconds: 0.5, includeMetadata: true }, async (jobs) => {
      for (const job of jobs) {
        const end = await this.heartbeats.begin(job.id);
        try {
          await handler(job.data, job.id, { attempt: job.retryCount + 1 });
        } finally {
          await end();
        }
      }
    });
    this.workerIds.set(name, workerId);
    this.queues.push(name);
    // At once, so a restart resumes what died with the previous process without waiting for the first tick.
    void this.superviseOnce();
    this.supervisor ??= setInterval(() => void this.superviseOnce(), SUPERVISE_SECONDS * 1000);
    this.supervisor.unref();
  }

  /** Hands every job whose process is gone back to pg-boss: failed with retries left, it is picked up at once. */
  private async superviseOnce() {
    if (this.supervising || !this.started) return;
    this.supervising = true;
    try {
      for (const job of await this.heartbeats.claimLost(this.queues)) {
        this.log.warn(
          { jobId: job.id, queue: job.name },
          'job lost its process (its liveness lock is gone, or an old process stopped beating); handing it back for retry',
        );
        await this.boss.fail(job.name, job.id, { message: 'the process running this job is gone' });
      }
      await this.heartbeats.forgetOld();
    } catch (err) {
      this.log.warn({ err }, 'job supervisor pass failed');
    } finally {
      this.supervising = false;
    }
  }

  /** `id` lets the caller record the job before a worker can pick it up. */
  async send<T extends object>(name: string, data: T, opts: { id?: string } = {}): Promise<string> {
    const id = await this.boss.send(name, data, opts.id ? { id: opts.id } : {});
    if (!id) throw new Error(`job ${name} was not queued`);
    // A job sent to a queue this process works starts now, not at the worker's next poll (up to half a second later).
    const workerId = this.workerIds.get(name);
    if (workerId && this.started) this.boss.notifyWorker(workerId);
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
    clearInterval(this.supervisor);
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
    this.heartbeats.stop();
  }
}
