import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { demoJobRuns } from '../db/schema.js';
import type { ParleyEvent } from '../realtime/event-bus.js';
import { call, login } from '../test/harness.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const config = (jobs: boolean) =>
  // Without the demo's training and customers, which this test does not need and which slow a busy machine's start.
  loadConfig({}, { dataDir, databaseUrl: undefined, captcha: false, jobs, hostDist: '/nonexistent', trainDemoAgent: false, demoCustomers: false });

describe('durable jobs across a restart (embedded database on disk)', () => {
  it('a job queued by a process without workers is done once by the next process on the same data', async () => {
    const first = await buildApp(config(false), { logger: false });
    const token = await login(first);
    const queued = await call(first, 'POST', 'e/enterprise/jobs/demo', { token, form: { text: 'survives' } });
    expect(queued.status).toBe(true);
    const jobId = queued.data.jobId as string;
    await new Promise((r) => setTimeout(r, 1500));
    expect(await first.database.db.select().from(demoJobRuns)).toHaveLength(0);
    await first.app.close();

    const second = await buildApp(config(true), { logger: false });
    try {
      const done = await new Promise<ParleyEvent>((resolve, reject) => {
        const stop = second.events.subscribe((e) => e.type === 'job.done' && e.data.jobId === jobId && (stop(), resolve(e)));
        setTimeout(() => reject(new Error('job not done after restart')), 20_000);
      });
      expect(done.data.name).toBe('demo.echo');
      const rows = await second.database.db.select().from(demoJobRuns).where(eq(demoJobRuns.jobId, jobId));
      expect(rows.map((r) => r.text)).toEqual(['survives']);
    } finally {
      await second.app.close();
    }
  }, 120_000);
});
