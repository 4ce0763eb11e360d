import type { Database } from '../../db/database.js';
import type { JobQueue } from '../../jobs/queue.js';

export interface HealthState {
  database: boolean;
  jobs: { queued: number; active: number } | null;
  /** When the last probe finished; a probe stuck behind a saturated database leaves this growing old. */
  checkedAt: number;
}

/** A probe that has not finished for this long means the database is not answering: report it as down. */
const STALE_MS = 10_000;

/**
 * Checks the database and the job queue in the background, so `/api/health` answers from memory: a load balancer's
 * health check must not queue behind chat turns waiting for the one PGlite connection or a busy pool, or a loaded
 * but healthy process is taken out of rotation exactly when it is needed.
 */
export class HealthProbe {
  private state: HealthState = { database: false, jobs: null, checkedAt: 0 };
  private timer: NodeJS.Timeout | undefined;
  private probing = false;

  constructor(
    private readonly database: Database,
    private readonly jobs: JobQueue,
    private readonly intervalMs = 2000,
  ) {}

  async start() {
    await this.probe();
    this.timer = setInterval(() => void this.probe(), this.intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  current(now = Date.now()): HealthState {
    if (now - this.state.checkedAt <= STALE_MS) return this.state;
    return { ...this.state, database: false };
  }

  private async probe() {
    if (this.probing) return;
    this.probing = true;
    try {
      const database = await this.database.ping().catch(() => false);
      const jobs = database && this.jobs.running ? await this.jobs.counts().catch(() => null) : null;
      this.state = { database, jobs, checkedAt: Date.now() };
    } finally {
      this.probing = false;
    }
  }
}
