import { describe, expect, it } from 'vitest';
import { startServer } from '../test/harness.js';
import { Heartbeats, TAKEOVER_AFTER_SECONDS } from './heartbeats.js';

const QUEUE = 'test.long-job';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = { warn() {}, info() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as never;

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) {
    const v = await probe();
    if (v) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A process whose event loop stalls (a 200 MB import on PGlite did, past TAKEOVER_AFTER_SECONDS) misses its job's
 * beats while it is alive; its liveness lock, not its beats, must decide whether it is gone.
 */
describe('a job of a live process is never taken over for missed heartbeats', async () => {
  const parley = await startServer({ jobs: true });
  const { database, jobs } = parley;
  const attempts = new Map<string, number[]>();
  const gates = new Map<string, () => void>();
  await jobs.register<{ tag: string }>(QUEUE, async (_data, jobId, run) => {
    attempts.set(jobId, [...(attempts.get(jobId) ?? []), run.attempt]);
    await new Promise<void>((release) => gates.set(jobId, release));
  });
  const state = async (id: string) => String((await database.executeSql('SELECT state FROM pgboss.job WHERE id = $1', [id])).rows[0]?.state);
  const beatRow = async (id: string) => (await database.executeSql('SELECT process_id FROM job_heartbeats WHERE job_id = $1', [id])).rows[0];
  const startJob = async (tag: string) => {
    const id = await jobs.send(QUEUE, { tag });
    await until('the job running with its heartbeat', async () => gates.has(id) && (await beatRow(id)));
    return id;
  };
  // What a stall leaves in the database: the last beat long ago (the event loop ran no beat timer since).
  const stall = (id: string) =>
    database.executeSql(`UPDATE job_heartbeats SET beat_at = now() - $2::int * interval '1 second' WHERE job_id = $1`, [id, TAKEOVER_AFTER_SECONDS * 30]);

  it('keeps a stalled job with its live process, whoever looks', async () => {
    const id = await startJob('stalled');
    await stall(id);
    // Another process's supervisor on the same database: the process that runs the job holds its lock.
    const other = new Heartbeats(database, 'pgboss', silent);
    expect(await other.claimLost([QUEUE])).toEqual([]);
    // This process's own supervisor, at its next passes (every 2 s).
    await sleep(4500);
    expect(await state(id)).toBe('active');
    expect(attempts.get(id)).toEqual([1]);
    gates.get(id)!();
    await until('the job completed', async () => (await state(id)) === 'completed');
    expect(attempts.get(id)).toEqual([1]);
  });

  it('still takes over at once a job whose process lost its lock, beats or not', async () => {
    const id = await startJob('orphaned');
    // The row of a process that died: fresh beat, but no lock held for it.
    await database.executeSql(`UPDATE job_heartbeats SET process_id = 'live:a-process-that-died', beat_at = now() WHERE job_id = $1`, [id]);
    await until('the job handed back to pg-boss', async () => (await state(id)) !== 'active', 10_000);
    // The first run ends (a dead process's would have), freeing the worker for the retry.
    gates.get(id)!();
    await until('the job run again', async () => (attempts.get(id)?.length ?? 0) >= 2, 20_000);
    expect(attempts.get(id)).toEqual([1, 2]);
    gates.get(id)!();
  });

  it('takes over the stale job of an older process without a lock', async () => {
    const id = await startJob('old process');
    await database.executeSql(`UPDATE job_heartbeats SET process_id = 'an-old-process' WHERE job_id = $1`, [id]);
    await stall(id);
    await until('the job handed back to pg-boss', async () => (await state(id)) !== 'active', 10_000);
    gates.get(id)!();
    await until('the job run again', async () => (attempts.get(id)?.length ?? 0) >= 2, 20_000);
    gates.get(id)!();
  });
});
