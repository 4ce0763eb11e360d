import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type Parley } from '../../app.js';
import { loadConfig } from '../../config.js';
import { broadcastMessages, broadcasts, channels } from '../../db/schema.js';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { call, login, startServer } from '../../test/harness.js';

// The sender runs in a process of its own (killed with SIGKILL mid-broadcast); the vendor (the sandbox of another
// server) lives in this process, so its webhooks outlive the sender as Meta's do. Between them a proxy counts every
// send the sandbox accepted, per recipient: the sandbox's own answer, not our records.
const RATE = 60;
const RECIPIENTS = 240;
const dataDir = mkdtempSync(join(tmpdir(), 'parley-exactly-once-'));
const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
let doomed: ChildProcess | undefined;
let proxy: Server | undefined;
let restarted: Parley | undefined;
afterAll(async () => {
  doomed?.kill('SIGKILL');
  proxy?.close();
  await restarted?.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

const productConfig = (jobs: boolean) =>
  loadConfig({}, { dataDir, databaseUrl: undefined, captcha: false, jobs, hostDist: '/nonexistent', trainDemoAgent: false, demoCustomers: false, sandboxRatePerSecond: RATE, broadcastRatePerSecond: RATE, defaultCountry: 'US' });

/** The vendor's sandbox behind a counting proxy: accepted sends per recipient, as the sandbox answered them. */
async function countingVendor(productPort: number) {
  const vendor = await startServer({ sandboxWebhookUrl: `http://127.0.0.1:${productPort}/webhooks/whatsapp`, sandboxRatePerSecond: RATE });
  const accepted = new Map<string, number>();
  proxy = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      void vendor.app
        .inject({ method: req.method as 'POST', url: req.url!, headers: { authorization: req.headers.authorization ?? '', 'content-type': req.headers['content-type'] ?? 'application/json' }, ...(payload ? { payload } : {}) })
        .then((answer) => {
          if (answer.statusCode === 200 && req.url!.endsWith('/messages')) {
            const to = (JSON.parse(payload) as { to: string }).to;
            accepted.set(to, (accepted.get(to) ?? 0) + 1);
          }
          res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(answer.body);
        });
    });
  });
  await new Promise<void>((r) => proxy!.listen(0, '127.0.0.1', r));
  return { accepted, baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/sandbox/whatsapp` };
}

function startChild(port: number): ChildProcess {
  return spawn(process.execPath, ['--conditions', '@parley/source', '--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PARLEY_CAPTCHA: 'off',
      PARLEY_JOBS: 'on',
      PARLEY_SANDBOX_RATE: String(RATE),
      PARLEY_BROADCAST_RATE: String(RATE),
      PARLEY_DEMO_TRAINING: 'off',
      PARLEY_DEMO_CUSTOMERS: 'off',
      PARLEY_BROADCAST_RECONCILE_MS: '5000',
      HOST_DIST: '/nonexistent',
      LOG_LEVEL: 'error',
    },
    stdio: 'inherit',
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms: number): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const v = await probe();
    if (v) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a broadcast whose sending process is killed', () => {
  it('reaches every recipient exactly once after a restart', async () => {
    const productPort = await freePort();
    // The product's data is set up (without workers) while the vendor starts: the demo channel points at the
    // vendor, and the broadcast is stored and queued.
    const [vendor, setup] = await Promise.all([countingVendor(productPort), buildApp(productConfig(false), { logger: false })]);
    const token = await login(setup);
    const [channel] = await setup.database.db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
    await setup.database.db.update(channels).set({ data: { ...channel!.data, baseUrl: vendor.baseUrl } }).where(eq(channels.id, channel!.id));
    const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `+1415555${String(3000 + i).padStart(4, '0')}`);
    const sent = await call(setup, 'POST', 'chatbird/api/broadcast', {
      token,
      json: {
        channelId: channel!.id,
        phoneNumber: numbers,
        message: { template: { templateId: 'order_update' } },
        columnMapping: [
          { component: 'BODY', variable: '{{1}}', type: 'static', value: 'you' },
          { component: 'BODY', variable: '{{2}}', type: 'static', value: '#1' },
        ],
      },
    });
    expect(sent.status).toBe(true);
    const broadcastId = sent.data.id as string;
    await setup.app.close();

    doomed = startChild(productPort);
    const total = () => [...vendor.accepted.values()].reduce((a, b) => a + b, 0);
    await until('a third of the sends', () => total() >= RECIPIENTS / 3, 60_000);
    doomed.kill('SIGKILL');
    await new Promise((r) => doomed!.once('exit', r));
    const atKill = total();
    expect(atKill).toBeLessThan(RECIPIENTS);

    restarted = await buildApp(productConfig(true), { logger: false });
    await restarted.app.listen({ port: productPort, host: '127.0.0.1' });
    const { db } = restarted.database;
    await until(
      'the broadcast to complete',
      async () => {
        const [b] = await db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
        return b?.status === 'COMPLETED';
      },
      60_000,
    );

    // Every recipient accepted exactly once by the sandbox.
    expect(vendor.accepted.size).toBe(RECIPIENTS);
    expect([...vendor.accepted.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    // Our records agree: one wamid per message, none left queued or sending, and the events name one wamid each.
    const rows = await db.select().from(broadcastMessages).where(eq(broadcastMessages.broadcastId, broadcastId));
    expect(rows.filter((r) => !r.wamid || r.state === 'queued' || r.state === 'sending')).toEqual([]);
    const perMessage = await db.execute(sql`select callback_data, count(distinct wamid)::int as n from channel_message_events where callback_data is not null group by callback_data having count(distinct wamid) > 1`);
    expect((perMessage as unknown as { rows: unknown[] }).rows).toEqual([]);
  }, 150_000);
});
