import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';

/** How often a running job proves its process is alive. */
export const BEAT_SECONDS = 5;
/**
 * Four missed beats: how long the jobs of a process without a liveness lock (one of an older version) may go
 * unbeaten before they are taken over. A process that holds its lock is judged by the lock alone: an event loop
 * stalled by a long synchronous stretch (a 200 MB import on PGlite stalled one for longer than this) misses beats
 * while the process is alive, and a takeover then would run its job twice.
 */
export const TAKEOVER_AFTER_SECONDS = 20;
/** The advisory lock class ('PAR1') of the liveness locks: (LIVENESS_LOCK, hashtext(process id)) while it lives. */
export const LIVENESS_LOCK = 0x50415231;
/** Process ids that hold a liveness lock say so, so a process of an older version is never taken for dead. */
const LIVE = 'live:';
// A live job beats every few seconds, so an older row can only belong to a job that ended without cleaning up.
const FORGET_AFTER_SECONDS = 3600;

/**
 * The `job_heartbeats` rows of the jobs this process runs, and the search for jobs whose process is gone.
 * All times are the database's, so processes with skewed clocks agree on what is stale.
 */
export class Heartbeats {
  readonly processId = `${LIVE}${randomUUID()}`;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly bossSchema: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Beats for `jobId` until the returned function is called (when the handler has ended, however it ended). */
  async begin(jobId: string): Promise<() => Promise<void>> {
    // Unconditional: this process now owns the job, whoever beat for it before.
    await this.database.executeSql(
      `INSERT INTO job_heartbeats (job_id, process_id, beat_at) VALUES ($1, $2, now())
       ON CONFLICT (job_id) DO UPDATE SET process_id = excluded.process_id, beat_at = excluded.beat_at`,
      [jobId, this.processId],
    );
    const timer = setInterval(() => void this.beat(jobId), BEAT_SECONDS * 1000);
    timer.unref();
    this.timers.add(timer);
    return async () => {
      clearInterval(timer);
      this.timers.delete(timer);
      if (this.stopped) return;
      await this.database
        .executeSql('DELETE FROM job_heartbeats WHERE job_id = $1 AND process_id = $2', [jobId, this.processId])
        .catch((err: unknown) => this.log.warn({ err, jobId }, 'job heartbeat not removed'));
    };
  }

  private async beat(jobId: string) {
    if (this.stopped) return;
    try {
      const { rows } = await this.database.executeSql('UPDATE job_heartbeats SET beat_at = now() WHERE job_id = $1 AND process_id = $2 RETURNING job_id', [
        jobId,
        this.processId,
      ]);
      if (!rows.length) this.log.warn({ jobId }, 'job was taken over by another process, which found this one gone; it may run twice');
    } catch (err) {
      this.log.warn({ err, jobId }, 'job heartbeat failed');
    }
  }

  /** Takes this process's liveness lock: held until the process dies, when the database drops it at once. */
  async holdLiveness() {
    await this.database.holdAdvisoryLock(LIVENESS_LOCK, this.processId);
  }

  /**
   * Active jobs of `queues` whose process is gone. A process with a liveness lock is gone when the database no longer
   * holds its lock (a crash, a kill -9, an OOM kill: the database drops it with the connection; a machine that went
   * unreachable: the lock connection's TCP keepalives end it, db/database.ts), never for missed beats alone. A process
   * without one (an older version) is gone when it has not beaten for TAKEOVER_AFTER_SECONDS; so is a job that never
   * beat at all, started that long ago. This process never takes over its own jobs: it is alive, it is looking (on
   * PGlite, the only process, that alone rules out a takeover). Each is claimed by writing a fresh beat in this
   * process's name, in one statement: when several processes look at once, the row lock lets exactly one of them
   * return the job, and the others see the beat of a live process.
   */
  async claimLost(queues: string[]): Promise<{ id: string; name: string }[]> {
    if (!queues.length || this.stopped) return [];
    const stale = `now() - $3::int * interval '1 second'`;
    const gone = (h: string) => `(${h}.process_id <> $2 AND CASE WHEN ${h}.process_id LIKE '${LIVE}%' THEN NOT EXISTS (
           SELECT 1 FROM pg_locks l
           WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid = ${LIVENESS_LOCK}::oid
             AND l.objid = hashtext(${h}.process_id)::oid
             AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))
         ELSE ${h}.beat_at < ${stale} END)`;
    const { rows } = await this.database.executeSql(
      `WITH lost AS (
         SELECT j.id, j.name FROM ${this.bossSchema}.job j
         LEFT JOIN job_heartbeats h ON h.job_id = j.id
         WHERE j.state = 'active' AND j.name = ANY($1::text[])
           AND (CASE WHEN h.job_id IS NULL THEN j.started_on < ${stale} ELSE ${gone('h')} END)
       ), claimed AS (
         INSERT INTO job_heartbeats (job_id, process_id, beat_at) SELECT id, $2, now() FROM lost
         ON CONFLICT (job_id) DO UPDATE SET process_id = excluded.process_id, beat_at = excluded.beat_at
         WHERE ${gone('job_heartbeats')}
         RETURNING job_id
       )
       SELECT lost.id, lost.name FROM lost JOIN claimed ON claimed.job_id = lost.id`,
      [queues, this.processId, TAKEOVER_AFTER_SECONDS],
    );
    return rows.map((r) => ({ id: String(r.id), name: String(r.name) }));
  }

  async forgetOld() {
    if (this.stopped) return;
    await this.database.executeSql(`DELETE FROM job_heartbeats WHERE beat_at < now() - $1::int * interval '1 second'`, [FORGET_AFTER_SECONDS]);
  }

  stop() {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
  }
}
