import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingStatus } from '@parley/sdk/contract/nlp-agents';
import { TRAINING_EVENT } from '@parley/sdk/contract/nlp-runtime';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { agentModels } from '../../db/schema.js';
import { call, DEMO_PASSWORD, login } from '../../test/harness.js';
import { waitForTraining } from '../../test/wait-for-training.js';

// Both processes share one database: a data folder for embedded PGlite, or (PARLEY_TEST_DB=postgres) a database
// of their own on the local PostgreSQL.
const ADMIN_URL = process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `parley_test_${randomBytes(6).toString('hex')}`;
const databaseUrl = process.env.PARLEY_TEST_DB === 'postgres' ? ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`) : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'parley-takeover-'));
const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
let doomed: ChildProcess | undefined;

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(statement);
  await c.end();
}
beforeAll(async () => {
  if (databaseUrl) await admin(`CREATE DATABASE ${dbName}`);
});
afterAll(async () => {
  doomed?.kill('SIGKILL');
  if (databaseUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** The real server in a process of its own, so it can die the way a crashed or OOM-killed node does. */
async function startProcess(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions', '@parley/source', '--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      PARLEY_CAPTCHA: 'off',
      PARLEY_JOBS: 'on',
      HOST_DIST: '/nonexistent',
      LOG_LEVEL: 'error',
    },
    stdio: 'inherit',
    // tsx is found from the package, wherever the test runner was started.
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
  });
  const base = `http://127.0.0.1:${port}/api`;
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
  }
  child.kill('SIGKILL');
  throw new Error('the first server process did not start');
}

async function http<T = any>(base: string, method: string, path: string, body?: { token?: string; json?: unknown; form?: Record<string, string> }) {
  const headers: Record<string, string> = body?.token ? { 'authentication-token': body.token } : {};
  let payload: string | undefined;
  if (body?.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body.form).toString();
  } else if (body?.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  }
  const res = await fetch(`${base}/${path}`, { method, headers, ...(payload ? { body: payload } : {}) });
  return (await res.json()) as { status: boolean; message: string; data: T };
}

// Enough intents that training takes seconds, so the process can be killed in the middle of it.
const TOPICS = ['order', 'refund', 'parcel', 'invoice', 'card', 'account', 'password', 'store', 'price', 'coupon', 'warranty', 'repair'];
const ASKS = ['I want to ask about my', 'can you help with the', 'please check my', 'how do I change my', 'something is wrong with my', 'I need a new'];
const intentsToTrain = Array.from({ length: 30 }, (_, i) => {
  const topic = TOPICS[i % TOPICS.length]!;
  const detail = TOPICS[(i * 5 + 1) % TOPICS.length]!;
  return {
    name: `topic_${i}`,
    utterances: ASKS.flatMap((ask, j) => [`${ask} ${topic} ${detail}`, `${ask} ${topic} number ${i * 10 + j}`]).map((utterance) => ({ utterance })),
    responses: [{ response: `About topic ${i}` }],
  };
});

const inProcess = (jobs: boolean) => buildApp(loadConfig({}, { dataDir, databaseUrl, captcha: false, jobs, hostDist: '/nonexistent' }), { logger: false });

describe('a training whose process dies', () => {
  it('is resumed by the next process within seconds, shows that it resumed, and stores one model', async () => {
    // The design and the queued training are written by a process without workers; the one that dies takes it up.
    const setup = await inProcess(false);
    let token = await login(setup, 'developer@parley.dev');
    const agentId = (await call(setup, 'POST', 'nlp/agent', { token, form: { name: 'Crashed', description: 'd', type: 'nlp' } })).data.id as string;
    const storyId = (await call(setup, 'POST', 'nlp/story', { token, form: { agentId, name: 'Main' } })).data.id as string;
    for (const intent of intentsToTrain) {
      expect((await call(setup, 'POST', 'nlp/intent', { token, json: { agentId, storyId, ...intent } })).status).toBe(true);
    }
    const jobId = (await call(setup, 'GET', `nlp/agent/${agentId}/train`, { token })).data.jobId as string;
    await setup.app.close();

    const first = await startProcess();
    doomed = first.child;
    const signIn = await http<{ token: string }>(first.base, 'POST', 'account/enterprise/login/twoFactorAuth', {
      form: { email: 'developer@parley.dev', password: DEMO_PASSWORD, captcha: 'any', captchaId: 'any' },
    });
    const training = () => http<TrainingStatus>(first.base, 'GET', `nlp/agent/${agentId}/training`, { token: signIn.data.token });
    let before = (await training()).data;
    while (before.status === 'training' && !before.progress) {
      await new Promise((r) => setTimeout(r, 20));
      before = (await training()).data;
    }
    // Mid-training: the process holds the job (pg-boss has it active) and has reported progress.
    expect(before).toMatchObject({ status: 'training', resumed: false });
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const restartedAt = Date.now();
    const second = await inProcess(true);
    try {
      const seen: { at: number; training: TrainingStatus }[] = [];
      second.events.subscribe((e) => {
        if (e.type === TRAINING_EVENT && e.data.agentId === agentId) seen.push({ at: Date.now(), training: e.data.training as TrainingStatus });
      });
      token = await login(second, 'developer@parley.dev');
      const done = await waitForTraining(second, token, agentId, 45_000);
      expect(done).toMatchObject({ status: 'trained', changedSinceTraining: false, resumed: false });

      // The card went back to "training" from 0, marked as resumed, within seconds of the restart: the dead
      // process's liveness lock went with it, so the job is not left waiting for its heartbeat to go stale (20 s).
      const resumed = seen.find((s) => s.training.resumed);
      expect(resumed?.training).toMatchObject({ status: 'training', progress: 0, resumed: true });
      expect(resumed!.at - restartedAt).toBeLessThan(12_000);

      // The demo agent seeded on the first start has a model of its own.
      const models = await second.database.db.select({ jobId: agentModels.jobId }).from(agentModels).where(eq(agentModels.agentId, agentId));
      expect(models).toEqual([{ jobId }]);
    } finally {
      await second.app.close();
    }
  }, 120_000);
});
