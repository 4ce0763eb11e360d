import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type Parley } from '../../app.js';
import { loadConfig } from '../../config.js';
import { broadcastMessages, broadcasts, channels } from '../../db/schema.js';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { freePort, until } from '../../test/child-server.js';
import { sendOrderUpdate } from '../../test/order-update-broadcast.js';
import { login, startServer } from '../../test/harness.js';
import { NOT_SENT_AGAIN } from './reconcile.js';
import { unknownFateBound } from './send-job.js';

// The sender runs in a process of its own (killed with SIGKILL mid-broadcast); the vendor (the sandbox of another
// server) lives in this process, so its webhooks outlive the sender as Meta's do. Between them a proxy counts every
// send request at the wire, per recipient, before the sandbox decides anything: a real Cloud API has no idempotency
// key, so a second request is a second message to a customer, whatever either side recorded.
// The sender's database is a data folder for embedded PGlite, or (PARLEY_TEST_DB=postgres) a database of its own.
const RATE = 200;
const RECIPIENTS = 600;
const ADMIN_URL = process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `parley_test_${randomBytes(6).toString('hex')}`;
const databaseUrl = process.env.PARLEY_TEST_DB === 'postgres' ? ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`) : undefined;
const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
const dataDir = mkdtempSync(join(tmpdir(), 'parley-exactly-once-'));
const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
let doomed: ChildProcess | undefined;
let proxy: Server | undefined;
let gate: Server | undefined;
let restarted: Parley | undefined;

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
  proxy?.close();
  gate?.close();
  await restarted?.app.close();
  if (databaseUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
});

const RECONCILE_MS = 3000;
/** The vendor's own credentials, which the product's demo channel is seeded with. */
const credentials = { sandboxAccessToken: randomBytes(16).toString('hex'), sandboxAppSecret: randomBytes(16).toString('hex') };
/** The vendor's address is loopback: the operator's lists let a channel name it and the server reach it. */
const vendorEnv = (baseUrl: string) => ({
  PARLEY_WHATSAPP_BASE_URLS: baseUrl,
  PARLEY_OUTBOUND_PRIVATE_ORIGINS: new URL(baseUrl).origin,
  PARLEY_SANDBOX_ACCESS_TOKEN: credentials.sandboxAccessToken,
  PARLEY_SANDBOX_APP_SECRET: credentials.sandboxAppSecret,
});
const productConfig = (jobs: boolean, env: Record<string, string>) =>
  loadConfig(env, {
    dataDir,
    databaseUrl,
    captcha: false,
    jobs,
    hostDist: '/nonexistent',
    trainDemoAgent: false,
    demoCustomers: false,
    sandboxRatePerSecond: RATE,
    broadcastRatePerSecond: RATE,
    broadcastReconcileMs: RECONCILE_MS,
    defaultCountry: 'US',
  });

/**
 * The vendor's webhooks to the product pass a gate that can hold them back (503, so the vendor retries): webhooks
 * late by more than the reconcile's wait, as Meta's can be after an outage, whatever the machine's speed.
 */
async function webhookGate(productPort: number) {
  const state = { open: true };
  gate = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!state.open) return res.writeHead(503).end();
      const out = httpRequest({ host: '127.0.0.1', port: productPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.writeHead(502).end());
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => gate!.listen(0, '127.0.0.1', r));
  return { state, url: `http://127.0.0.1:${(gate.address() as AddressInfo).port}/webhooks/whatsapp` };
}

/** The vendor's sandbox behind a proxy that logs every send request as it arrives, answered or not. */
async function countingVendor(webhookUrl: string) {
  // Meta's retry schedule, compressed: the product is down for seconds here, not hours.
  const vendor = await startServer({
    ...credentials,
    sandboxWebhookUrl: webhookUrl,
    sandboxRatePerSecond: RATE,
    sandboxWebhookRetryMs: 100,
    sandboxWebhookRetryMaxMs: 1000,
  });
  const wire = new Map<string, number>();
  const callbacks = new Map<string, number>();
  /** Per recipient, the requests the sandbox did not refuse (4xx, 130429 among them): at most one may be. */
  const notRefused = new Map<string, number>();
  /** Messages the sandbox answered with a wamid. */
  const accepted = new Set<string>();
  /** Requests that reached the vendor and whose answer never reached the sender: the truly unknowable ones. */
  const lost = { n: 0 };
  proxy = createHttpServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished && req.url!.endsWith('/messages')) lost.n++;
    });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      const send =
        req.method === 'POST' && req.url!.endsWith('/messages') ? (JSON.parse(payload) as { to: string; biz_opaque_callback_data?: string }) : undefined;
      if (send) {
        wire.set(send.to, (wire.get(send.to) ?? 0) + 1);
        notRefused.set(send.to, (notRefused.get(send.to) ?? 0) + 1);
        if (send.biz_opaque_callback_data) callbacks.set(send.biz_opaque_callback_data, (callbacks.get(send.biz_opaque_callback_data) ?? 0) + 1);
      }
      void vendor.app
        .inject({
          method: req.method as 'POST',
          url: req.url!,
          headers: { authorization: req.headers.authorization ?? '', 'content-type': req.headers['content-type'] ?? 'application/json' },
          ...(payload ? { payload } : {}),
        })
        .then((answer) => {
          if (send && answer.statusCode >= 400 && answer.statusCode < 500) notRefused.set(send.to, notRefused.get(send.to)! - 1);
          if (send?.biz_opaque_callback_data && answer.statusCode === 200) accepted.add(send.biz_opaque_callback_data);
          if (!res.destroyed) res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(answer.body);
        });
    });
  });
  await new Promise<void>((r) => proxy!.listen(0, '127.0.0.1', r));
  return { wire, callbacks, notRefused, accepted, lost, baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/sandbox/whatsapp` };
}

function startChild(port: number, vendor: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--conditions', '@parley/source', '--import', 'tsx', main], {
    env: {
      ...process.env,
      ...vendor,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      PARLEY_CAPTCHA: 'off',
      PARLEY_JOBS: 'on',
      PARLEY_SANDBOX_RATE: String(RATE),
      PARLEY_BROADCAST_RATE: String(RATE),
      PARLEY_DEMO_TRAINING: 'off',
      PARLEY_DEMO_CUSTOMERS: 'off',
      PARLEY_BROADCAST_RECONCILE_MS: String(RECONCILE_MS),
      HOST_DIST: '/nonexistent',
      LOG_LEVEL: 'error',
    },
    stdio: 'inherit',
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
  });
}

describe(`a broadcast whose sending process is killed (${engine})`, () => {
  it('never sends a recipient twice, counted at the wire, and leaves at most the in-flight window of unknown fate', async () => {
    const productPort = await freePort();
    // The product's data is set up (without workers): the demo channel points at the vendor, and the broadcast is
    // stored and queued.
    const hooks = await webhookGate(productPort);
    const vendor = await countingVendor(hooks.url);
    const env = vendorEnv(vendor.baseUrl);
    const setup = await buildApp(productConfig(false, env), { logger: false });
    const token = await login(setup);
    const [channel] = await setup.database.db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
    await setup.database.db
      .update(channels)
      .set({ data: { ...channel!.data, baseUrl: vendor.baseUrl } })
      .where(eq(channels.id, channel!.id));
    const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `+1415555${String(3000 + i).padStart(4, '0')}`);
    const broadcastId = await sendOrderUpdate(setup, token, channel!.id, numbers);
    await setup.app.close();

    doomed = startChild(productPort, env);
    const total = () => [...vendor.wire.values()].reduce((a, b) => a + b, 0);
    await until('a third of the sends', () => total() >= RECIPIENTS / 3, 60_000);
    // The webhooks of the last sends wait until the restarted sender has settled them without their word.
    hooks.state.open = false;
    doomed.kill('SIGKILL');
    await new Promise((r) => doomed!.once('exit', r));
    const atKill = total();
    expect(atKill).toBeLessThan(RECIPIENTS);

    restarted = await buildApp(productConfig(true, env), { logger: false });
    const { db } = restarted.database;
    // What the dead process left: messages whose request may be on the wire and whose answer is not recorded.
    const [left] = (
      (await db.execute(sql`
        select count(*) filter (where state = 'sending' and handed_at is not null and wamid is null)::int as unknown,
               count(*) filter (where wamid is not null)::int as recorded
        from broadcast_messages where broadcast_id = ${broadcastId}::uuid`)) as unknown as { rows: { unknown: number; recorded: number }[] }
    ).rows;
    await restarted.app.listen({ port: productPort, host: '127.0.0.1' });
    const rowsNow = () => db.select().from(broadcastMessages).where(eq(broadcastMessages.broadcastId, broadcastId));
    await until(
      'the broadcast to complete',
      async () => {
        const [b] = await db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
        return b?.status === 'COMPLETED';
      },
      60_000,
    );
    // Every request that reached the vendor was accepted there; its webhooks (retried while the product was down or
    // the gate shut) bring its wamid, even to a message the reconcile had to give up on.
    const givenUpAtEnd = (await rowsNow()).filter((r) => r.errorTitle === NOT_SENT_AGAIN).length;
    hooks.state.open = true;
    await until(
      'the webhooks of every send the vendor accepted',
      async () => (await rowsNow()).every((r) => !vendor.accepted.has(r.id) || r.wamid),
      20_000,
    ).catch(() => undefined);
    const rows = await rowsNow();

    // A request the vendor refused (130429 after the restart, say) may go again; none other.
    const twice = [...vendor.notRefused.entries()].filter(([, n]) => n > 1);
    const again = [...vendor.wire.values()].filter((n) => n > 1).length - twice.length;
    const notSent = rows.filter((r) => !vendor.callbacks.has(r.id));
    const givenUp = rows.filter((r) => r.errorTitle === NOT_SENT_AGAIN);
    console.log(
      `[exactly-once, ${engine}] ${RECIPIENTS} recipients at ${RATE} msg/s, killed at ${atKill} sends at the wire (${left?.recorded} recorded, ${left?.unknown} of unknown fate): ` +
        `${total()} sends at the wire to ${vendor.wire.size} recipients, ${twice.length} twice (${again} sent again after the vendor refused them), ${vendor.lost.n} answers lost; ${notSent.length} never sent; ${givenUpAtEnd} failed for want of an answer when the broadcast completed, ${givenUp.length} still after the late webhooks`,
    );
    // No recipient got a request twice.
    expect(twice).toEqual([]);
    // Nothing is left open, and every message the vendor got is recorded as the vendor took it.
    expect(rows.filter((r) => r.state === 'queued' || r.state === 'sending')).toEqual([]);
    expect(rows.filter((r) => vendor.accepted.has(r.id) && (!r.wamid || r.errorTitle === NOT_SENT_AGAIN)).map((r) => r.recipient)).toEqual([]);
    // What never reached the vendor is only what the crash cut off between its hand-over mark and the wire, and it
    // says so; with the requests whose answer was lost, never more than the in-flight window.
    expect(notSent.filter((r) => r.state !== 'failed' || r.errorTitle !== NOT_SENT_AGAIN).map((r) => r.recipient)).toEqual([]);
    expect(notSent.length + vendor.lost.n).toBeLessThanOrEqual(unknownFateBound(RATE));
    expect(notSent.length).toBeLessThanOrEqual(left!.unknown);
    // The events name one wamid per message.
    const perMessage = await db.execute(
      sql`select callback_data, count(distinct wamid)::int as n from channel_message_events where callback_data is not null group by callback_data having count(distinct wamid) > 1`,
    );
    expect((perMessage as unknown as { rows: unknown[] }).rows).toEqual([]);
  }, 150_000);
});
