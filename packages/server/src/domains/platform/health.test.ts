import { describe, expect, it } from 'vitest';
import { call, startServer } from '../../test/harness.js';

describe('GET /api/health under a saturated database', async () => {
  const parley = await startServer();

  it('answers at once from the last probe instead of queueing behind database work', async () => {
    expect((await call(parley, 'GET', 'health')).data.status).toBe('ok');
    // Queue about 3 s of work on every connection. PGlite has one, and runs each statement on this thread, so the
    // queue is many short statements (as chat turns are); PostgreSQL's pool has DATABASE_POOL_SIZE (10 by default).
    const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10);
    const [count, seconds] = parley.database.driver === 'pglite' ? [150, 0.02] : [poolSize + 2, 3];
    const busy = Array.from({ length: count }, () => parley.database.executeSql(`SELECT pg_sleep(${seconds})`, []));
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const health = await call(parley, 'GET', 'health');
    const took = Date.now() - started;
    await Promise.all(busy);
    // A health check waiting for the database would take the remaining ~2.9 s of queued work.
    expect(took).toBeLessThan(1000);
    expect(health.data.database.ok).toBe(true);
  });
});
