#!/usr/bin/env node
// Deep paging on the embedded database (security issue 5): BENCH_CUSTOMERS customers (500,000) in the demo enterprise,
// written straight into a server's PGlite while it is stopped (an import's batches share a timestamp; here groups of
// 100 do). Then, on the running server: OTHER users (5) ask GET e/enterprise/users/me and the first page of the
// customer list in turns, first alone (quiet), then while DEEP clients (4) read one page at 95% depth each, again and
// again. Before the fix a deep page is `from=<95%>`; after it that is refused with 1400 (checked) and the deep page is
// read with the cursor of the row at 95%, as a client that walked there would have it. Reports the deep pages' and the
// other users' latencies (p50, p99, max).
// Runs the sources through tsx (no build needed); BENCH_SERVER_DIR runs another checkout's packages/server (the code
// before the fix), BENCH_MAIN a build. BENCH_SMOKE=1: 5,000 customers, 3 s a phase. BENCH_SECONDS sets a phase (15).
//   node packages/server/bench/deep-paging.mjs
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const SMOKE = Boolean(process.env.BENCH_SMOKE);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? (SMOKE ? 5_000 : 500_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (SMOKE ? 3 : 15));
const DEEP = Number(process.env.BENCH_DEEP_CLIENTS ?? 4);
const OTHERS = Number(process.env.BENCH_OTHER_CLIENTS ?? 5);
const serverDir = process.env.BENCH_SERVER_DIR ?? fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'parley-deep-paging-bench-'));
const dataDir = join(work, 'data');

function startServer() {
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const args = process.env.BENCH_MAIN ? [process.env.BENCH_MAIN] : ['--import', 'tsx', '--conditions', '@parley/source', join(serverDir, 'src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PARLEY_CAPTCHA: 'off',
      PARLEY_DEMO_TRAINING: 'off',
      PARLEY_DEMO_CUSTOMERS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`server exited unexpectedly: code ${code}, signal ${signal}`);
  });
  return {
    base: `http://127.0.0.1:${port}/api`,
    async ready() {
      const t0 = Date.now();
      for (;;) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
        } catch {
          // Not listening yet.
        }
        if (Date.now() - t0 > 180_000) throw new Error('server did not start');
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop() {
      stopping = true;
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

async function api(base, token, method, path, body) {
  const res = await fetch(`${base}/${path}`, {
    method,
    headers: { 'authentication-token': token ?? '', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}
const signIn = async (base) =>
  (
    await api(base, null, 'POST', 'account/enterprise/login/twoFactorAuth', {
      email: 'admin@parley.dev',
      password: 'parley-admin',
      captcha: 'x',
      captchaId: 'x',
    })
  ).data.token;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const summary = (waits) => {
  const s = [...waits].sort((a, b) => a - b);
  return `x${s.length}: p50 ${percentile(s, 50).toFixed(0)} ms, p99 ${percentile(s, 99).toFixed(0)} ms, max ${(s.at(-1) ?? 0).toFixed(0)} ms`;
};

/** Customers written in the database's own terms: one statement per 100,000, newest-first ties in groups of 100. */
async function fillCustomers() {
  const db = new PGlite(join(dataDir, 'pglite'));
  await db.waitReady;
  const eId = (await db.query(`select e_id from users where email = 'admin@parley.dev'`)).rows[0].e_id;
  const t0 = performance.now();
  for (let start = 1; start <= CUSTOMERS; start += 100_000) {
    const end = Math.min(CUSTOMERS, start + 99_999);
    await db.query(
      `insert into customers (e_id, name, phone_number, search, created_at, updated_at)
       select $1, 'Customer ' || g, '+9199' || lpad(g::text, 8, '0'), to_tsvector('simple', 'customer ' || g),
              timestamptz '2026-01-01 00:00:00+00' + (g / 100) * interval '1 millisecond', now()
       from generate_series($2::int, $3::int) g`,
      [eId, start, end],
    );
  }
  await db.exec('analyze customers');
  const deepOffset = Math.floor(CUSTOMERS * 0.95);
  const deep = (
    await db.query(
      `select (extract(epoch from created_at) * 1000000)::bigint::text as at, id from customers where e_id = $1
       order by created_at desc, id desc offset $2 limit 1`,
      [eId, deepOffset - 1],
    )
  ).rows[0];
  await db.close();
  console.log(`  ${CUSTOMERS.toLocaleString('en')} customers written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // The list's cursor (customers/service.ts): where the page before the deep one ends.
  return { deepOffset, cursor: Buffer.from(`${deep.at}_${deep.id}`).toString('base64url') };
}

/** Clients asking `ask` in a loop until `until()`; each one's latencies. */
const loop = (n, until, ask) =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const waits = [];
      for (let k = i; !until(); k++) {
        const t0 = performance.now();
        await ask(k);
        waits.push(performance.now() - t0);
      }
      return waits;
    }),
  ).then((all) => all.flat());

console.log(
  `Deep paging on PGlite (${process.env.BENCH_SERVER_DIR ? serverDir : 'this checkout'}${SMOKE ? ', smoke' : ''}): ${DEEP} deep clients, ${OTHERS} other users, ${SECONDS} s a phase`,
);
let server = startServer();
try {
  // The first start makes the database and seeds the demo enterprise.
  await server.ready();
  await server.stop();
  const { deepOffset, cursor } = await fillCustomers();
  server = startServer();
  await server.ready();
  const token = await signIn(server.base);
  const other = await signIn(server.base);
  const byOffset = await api(server.base, token, 'GET', `customer/customers?from=${deepOffset}&perPage=10`);
  const fixed = byOffset.code === 1400;
  console.log(`  from=${deepOffset}: code ${byOffset.code}${fixed ? ` (${byOffset.errors?.[0]?.message}); deep pages by cursor` : '; deep pages by offset'}`);
  const deepPage = fixed ? `customer/customers?perPage=10&cursor=${cursor}` : `customer/customers?from=${deepOffset}&perPage=10`;
  const deepAnswer = await api(server.base, token, 'GET', deepPage);
  console.log(
    `  the deep page: code ${deepAnswer.code}, ${deepAnswer.data?.customers?.customers?.length ?? 0} rows, first ${deepAnswer.data?.customers?.customers?.[0]?.name}`,
  );
  const otherAsk = (k) => api(server.base, other, 'GET', k % 2 ? 'e/enterprise/users/me' : 'customer/customers?perPage=10');
  // Warm-up, then the quiet phase.
  await loop(
    OTHERS,
    (
      (end) => () =>
        performance.now() > end
    )(performance.now() + 1000),
    otherAsk,
  );
  const quietEnd = performance.now() + SECONDS * 1000;
  const quiet = await loop(OTHERS, () => performance.now() > quietEnd, otherAsk);
  console.log(`  quiet: other users ${summary(quiet)}`);
  const end = performance.now() + SECONDS * 1000;
  const [deepWaits, busy] = await Promise.all([
    loop(
      DEEP,
      () => performance.now() > end,
      () => api(server.base, token, 'GET', deepPage),
    ),
    loop(OTHERS, () => performance.now() > end, otherAsk),
  ]);
  console.log(`  with deep pages: deep pages ${summary(deepWaits)}`);
  console.log(`                   other users ${summary(busy)}`);
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
