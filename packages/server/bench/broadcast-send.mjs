#!/usr/bin/env node
// Template broadcasts through the WhatsApp sandbox (issue 20 figures), end to end through the built server. The
// vendor is a second server process (its sandbox, with PARLEY_SANDBOX_RATE as the per-number limit), posting its
// webhooks to the sender over HTTP, so killing the sender does not lose the vendor's webhooks (as with Meta).
//   fast:   BENCH_BROADCAST_RECIPIENTS (100,000) at 1,000 msg/s on PostgreSQL
//   slow:   BENCH_BROADCAST_SLOW_RECIPIENTS (4,000) at the default 80 msg/s on PostgreSQL (50 s rather than 21 min)
//   kill:   BENCH_BROADCAST_KILL_RECIPIENTS (20,000) at 1,000 msg/s, the sender killed -9 at 1/3 and 2/3, restarted
//   pglite: BENCH_BROADCAST_PGLITE_RECIPIENTS (10,000) on embedded PGlite with the in-process sandbox at 1,000 msg/s
// "Accepted by the sandbox" counts the distinct wamids the sandbox's webhooks name per message (every accepted send
// gets at least one status webhook, each echoing the message's id); a duplicate is a message with two wamids. On
// PostgreSQL the sender reaches the vendor through a proxy in this process that counts every send request at the wire
// per recipient, answered or not: a real Cloud API has no idempotency key, so a second request is a second message.
// Run `npm run build` first (or BENCH_SOURCE=1 to run the sources through tsx). BENCH_TARGETS=fast,slow,kill,pglite.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

const FROM_SOURCE = process.env.BENCH_SOURCE === '1';
const main = fileURLToPath(new URL(FROM_SOURCE ? '../src/main.ts' : '../dist/main.js', import.meta.url));
/** The title of a handed message whose answer was lost and of which no webhook spoke (reconcile.ts). */
const NOT_SENT_AGAIN = 'The vendor did not answer; not sent again to avoid a duplicate';
const ADMIN_URL = process.env.PARLEY_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_SMOKE=1 only checks that the bench still runs to its figures (npm test): 100 recipients, the kill -9 case on
// PostgreSQL (the fast and slow cases differ from it only in rate and kills) and the PGlite case.
const SMOKE = process.env.BENCH_SMOKE ? 100 : undefined;
let TARGETS = (process.env.BENCH_TARGETS ?? (SMOKE ? 'kill,pglite' : 'fast,slow,kill,pglite')).split(',');
const COUNTS = {
  fast: Number(process.env.BENCH_BROADCAST_RECIPIENTS ?? SMOKE ?? 100_000),
  slow: Number(process.env.BENCH_BROADCAST_SLOW_RECIPIENTS ?? SMOKE ?? 4_000),
  kill: Number(process.env.BENCH_BROADCAST_KILL_RECIPIENTS ?? SMOKE ?? 20_000),
  pglite: Number(process.env.BENCH_BROADCAST_PGLITE_RECIPIENTS ?? SMOKE ?? 10_000),
};
if (
  !(await new pg.Client({ connectionString: ADMIN_URL }).connect().then(
    (c) => c.end().then(() => true),
    () => false,
  ))
) {
  console.log(`\n!!! No PostgreSQL at ${ADMIN_URL} (PARLEY_TEST_ADMIN_URL): the broadcast bench's PostgreSQL cases are SKIPPED.\n`);
  TARGETS = TARGETS.filter((t) => t === 'pglite');
}
const work = mkdtempSync(join(tmpdir(), 'parley-broadcast-bench-'));
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function startServer(env, port, dataDir) {
  const child = spawn(process.execPath, FROM_SOURCE ? ['--conditions', '@parley/source', '--import', 'tsx', main] : [main], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      PARLEY_CAPTCHA: 'off',
      PARLEY_DEMO_TRAINING: 'off',
      PARLEY_DEMO_CUSTOMERS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  return {
    base,
    child,
    async ready() {
      for (const t0 = Date.now(); Date.now() - t0 < 120_000; await sleep(100)) {
        if (child.exitCode !== null) throw new Error('server exited');
        if (
          await fetch(`${base}/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
      }
      throw new Error('server did not start');
    },
    /** SIGTERM, then SIGKILL after 10 s: a webhook cut off mid-body keeps a graceful close waiting for minutes. */
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function api(base, token, method, path, body) {
  const res = await fetch(`${base}/${path}`, {
    method,
    headers: { 'authentication-token': token ?? '', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = await res.json();
  if (!envelope.status) throw new Error(`${method} ${path}: ${envelope.message} ${JSON.stringify(envelope.errors ?? '')}`);
  return envelope.data;
}

const signIn = async (base) =>
  (
    await api(base, null, 'POST', 'account/enterprise/login/twoFactorAuth', {
      email: 'admin@parley.dev',
      password: 'parley-admin',
      captcha: 'x',
      captchaId: 'x',
    })
  ).token;

async function freshDatabase() {
  const name = `parley_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const numbers = (n) => Array.from({ length: n }, (_, i) => `+9198${String(i).padStart(8, '0')}`);
const request = (channelId, n) => ({
  channelId,
  phoneNumber: numbers(n),
  message: { template: { templateId: 'order_update' } },
  columnMapping: [
    { component: 'BODY', variable: '{{1}}', type: 'static', value: 'friend' },
    { component: 'BODY', variable: '{{2}}', type: 'static', value: '#10423' },
  ],
});

/** What a finished broadcast left: our counts, the sandbox's (by webhooks), duplicates, the pace. */
const METRICS = `
  with m as (select * from broadcast_messages where broadcast_id = $1),
  e as (select callback_data, count(distinct wamid) as wamids from channel_message_events where callback_data in (select id::text from m) group by callback_data)
  select (select count(*) from m)::int as total,
         (select count(*) from m where wamid is not null)::int as accepted,
         (select count(*) from m where state in ('queued', 'sending'))::int as open,
         (select count(*) from m where state = 'failed' and error_code = 130429)::int as rate_failed,
         (select count(*) from m where attempts > 1)::int as retried,
         (select count(*) from m where error_title = '${NOT_SENT_AGAIN}')::int as unknown_fate,
         (select count(*) from e)::int as sandbox_accepted,
         (select count(*) from e where wamids > 1)::int as duplicates,
         (select extract(epoch from max(handed_at) - min(handed_at)) from m where wamid is not null)::float as seconds,
         (select status from broadcasts where id = $1) as status`;

/** A proxy to the vendor that logs every send request's recipient as it arrives, before the vendor decides anything. */
async function wireCounter(vendorPort) {
  const perRecipient = new Map();
  const server = createHttpServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'POST' && req.url.endsWith('/messages')) {
        const to = JSON.parse(body.toString('utf8')).to;
        perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      }
      const out = httpRequest({ host: '127.0.0.1', port: vendorPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/sandbox/whatsapp`,
    figures: () => {
      const counts = [...perRecipient.values()];
      return { wire: counts.reduce((a, b) => a + b, 0), wire_recipients: counts.length, wire_twice: counts.filter((n) => n > 1).length };
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

const sqlOn =
  (url) =>
  async (text, values = []) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(text, values)).rows;
    } finally {
      await c.end();
    }
  };

/** Waits until the sandbox's webhooks stop adding messages (all of them have at least one). */
async function drained(query, id) {
  let last = -1;
  for (let still = 0; still < 6; await sleep(500)) {
    const [m] = await query(METRICS, [id]);
    if (m.sandbox_accepted === last && m.open === 0) still++;
    else still = 0;
    last = m.sandbox_accepted;
  }
  return (await query(METRICS, [id]))[0];
}

/** One case on PostgreSQL: vendor and sender processes, the broadcast, optional kills of the sender. */
async function onPostgres(label, n, rate, kills) {
  const vendorDb = await freshDatabase();
  const productDb = await freshDatabase();
  const [vendorPort, productPort] = [await freePort(), await freePort()];
  // The vendor's credentials, which the product's demo channel is seeded with (each installation makes its own).
  const credentials = { PARLEY_SANDBOX_ACCESS_TOKEN: randomBytes(16).toString('hex'), PARLEY_SANDBOX_APP_SECRET: randomBytes(16).toString('hex') };
  const vendor = startServer(
    {
      ...credentials,
      DATABASE_URL: vendorDb.url,
      PARLEY_JOBS: 'off',
      PARLEY_SANDBOX_RATE: String(rate),
      PARLEY_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${productPort}/webhooks/whatsapp`,
    },
    vendorPort,
    join(work, `${label}-vendor`),
  );
  const proxy = await wireCounter(vendorPort);
  const productEnv = {
    ...credentials,
    DATABASE_URL: productDb.url,
    PARLEY_SANDBOX_RATE: String(rate),
    PARLEY_BROADCAST_RATE: String(rate),
    DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '40',
    // The proxy is a loopback address: the operator's lists let the channel name it and the sender reach it.
    PARLEY_WHATSAPP_BASE_URLS: proxy.url,
    PARLEY_OUTBOUND_PRIVATE_ORIGINS: new URL(proxy.url).origin,
  };
  let product = startServer(productEnv, productPort, join(work, `${label}-product`));
  const query = sqlOn(productDb.url);
  try {
    await Promise.all([vendor.ready(), product.ready()]);
    const [channel] = await query(`update channels set data = data || jsonb_build_object('baseUrl', $1::text) where name = 'WhatsApp Sandbox' returning id`, [
      proxy.url,
    ]);
    const token = await signIn(product.base);
    const t0 = performance.now();
    const { id } = await api(product.base, token, 'POST', 'chatbird/api/broadcast', request(channel.id, n));
    const answered = (performance.now() - t0) / 1000;
    let killed = 0;
    for (;;) {
      const [row] = await query(
        `select status, (select count(*) from broadcast_messages where broadcast_id = $1 and wamid is not null)::int as accepted from broadcasts where id = $1`,
        [id],
      );
      if (row.status === 'COMPLETED') break;
      if (killed < kills && row.accepted >= (n * (killed + 1)) / (kills + 1)) {
        await product.stop('SIGKILL');
        killed++;
        console.log(`  ${label}: sender killed -9 at ${fmt(row.accepted)} accepted; restarting`);
        product = startServer(productEnv, productPort, join(work, `${label}-product`));
        await product.ready();
      }
      await sleep(200);
    }
    const wall = (performance.now() - t0) / 1000;
    const m = await drained(query, id);
    return { label, n, rate, answered, wall, ...m, ...proxy.figures() };
  } finally {
    await proxy.close();
    await product.stop();
    await vendor.stop();
    await productDb.drop();
    await vendorDb.drop();
  }
}

/** Embedded PGlite with the in-process sandbox; counted from the data folder once the server has stopped. */
async function onPglite(n, rate) {
  const port = await freePort();
  const dataDir = join(work, 'pglite');
  const server = startServer({ DATABASE_URL: '', PARLEY_SANDBOX_RATE: String(rate), PARLEY_BROADCAST_RATE: String(rate) }, port, dataDir);
  try {
    await server.ready();
    const token = await signIn(server.base);
    const channelId = (await api(server.base, token, 'GET', 'e/enterprise/channels?perPage=20')).channels?.find?.(
      (c) => c.name === 'WhatsApp Sandbox',
    )?.channelId;
    const t0 = performance.now();
    const { id } = await api(server.base, token, 'POST', 'chatbird/api/broadcast', request(channelId, n));
    const answered = (performance.now() - t0) / 1000;
    while ((await api(server.base, token, 'GET', `chatbird/api/broadcast/${id}`)).data.status !== 'COMPLETED') await sleep(250);
    const wall = (performance.now() - t0) / 1000;
    await sleep(3000);
    await server.stop();
    const db = new PGlite(join(dataDir, 'pglite'));
    const m = (await db.query(METRICS, [id])).rows[0];
    await db.close();
    return { label: 'pglite', n, rate, answered, wall, ...m };
  } finally {
    await server.stop();
  }
}

function report(r) {
  const pace = r.accepted / r.seconds;
  console.log(
    `  ${r.label.padEnd(6)} ${fmt(r.n)} recipients at ${r.rate} msg/s: send call answered in ${r.answered.toFixed(2)} s; ${pace.toFixed(1)} msg/s sustained ` +
      `(${fmt(r.accepted)} accepted over ${r.seconds.toFixed(1)} s; ${r.wall.toFixed(1)} s call to COMPLETED); accepted by the sandbox ${fmt(r.sandbox_accepted)}, ` +
      `duplicates ${r.duplicates}, left queued/sending ${r.open}, retried ${fmt(r.retried)}, failed with 130429 ${r.rate_failed}, status ${r.status}` +
      (r.wire === undefined
        ? ''
        : `; at the wire ${fmt(r.wire)} sends to ${fmt(r.wire_recipients)} recipients, ${r.wire_twice} twice; ${r.unknown_fate} of unknown fate (not sent again)`),
  );
}

console.log('Broadcast sending (sandbox limit per number = msg/s asked):');
try {
  if (TARGETS.includes('fast')) report(await onPostgres('fast', COUNTS.fast, 1000, 0));
  if (TARGETS.includes('slow')) report(await onPostgres('slow', COUNTS.slow, 80, 0));
  if (TARGETS.includes('kill')) report(await onPostgres('kill', COUNTS.kill, 1000, 2));
  if (TARGETS.includes('pglite')) report(await onPglite(COUNTS.pglite, 1000));
} finally {
  rmSync(work, { recursive: true, force: true });
}
