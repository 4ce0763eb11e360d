#!/usr/bin/env node
// Time from load to drawn charts for 90 days of conversations: the built server on a PostgreSQL database of its own
// (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres), the demo agent given 90 days of history
// (BENCH_MESSAGES_PER_DAY, default 300), and a partner page on another origin loading <parley-nlp-report days="90">
// from /elements/ with a report-scoped embed key, in Chromium. Prints the median and worst of BENCH_RUNS (default 5)
// cold loads. Needs `npm run build` first.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_SMOKE=1 only checks that the bench still runs to its figures (npm test): 30 messages a day, one load.
const SMOKE = Boolean(process.env.BENCH_SMOKE);
const PER_DAY = Number(process.env.BENCH_MESSAGES_PER_DAY ?? (SMOKE ? 30 : 300));
const RUNS = Number(process.env.BENCH_RUNS ?? (SMOKE ? 1 : 5));
const DAYS = 90;
const root = fileURLToPath(new URL('../../../', import.meta.url));
const port = 18_400 + Math.floor(Math.random() * 500);
const pagePort = port + 1;
const base = `http://127.0.0.1:${port}`;

const admin = new pg.Client({ connectionString: ADMIN_URL });
try {
  await admin.connect();
} catch {
  console.log(`\n!!! No PostgreSQL at ${ADMIN_URL} (BENCH_POSTGRES_URL): the report render bench is SKIPPED.\n`);
  process.exit(0);
}
const dbName = `parley_bench_report_${process.pid}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const server = spawn(process.execPath, [`${root}packages/server/dist/main.js`], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, PARLEY_CAPTCHA: 'off', PARLEY_DEMO_TRAINING: 'off', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
let pageServer;
let browser;
const cleanup = async () => {
  await browser?.close().catch(() => undefined);
  pageServer?.close();
  server.kill();
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
};

try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 120) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const api = async (method, path, token, body) => {
    const res = await fetch(`${base}/api/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'authentication-token': token } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = await res.json();
    if (!envelope.status) throw new Error(`${path}: ${envelope.message}`);
    return envelope.data;
  };
  const { token } = await api('POST', 'account/enterprise/login/twoFactorAuth', null, {
    email: 'admin@parley.dev',
    password: 'parley-admin',
    captcha: 'x',
    captchaId: 'x',
  });
  const { agents } = await api('GET', 'nlp/v2/agent?perPage=-1', token);
  const agent = agents.find((a) => a.name === 'Demo Pizza Bot');

  // 90 days of history, written as the runtime writes it: sessions with their running counts, then their messages.
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const sessionsPerDay = Math.ceil(PER_DAY / 3);
  await db.query(
    `insert into conversation_sessions (id, e_id, agent_id, sender_id, messages, scoped_messages, weak_messages, created_at, updated_at)
     select gen_random_uuid(), $1, $2, 'bench-' || g, 3, 2, (g % 5 = 0)::int, t, t + interval '2 minutes'
     from generate_series(1, $3::int) g, lateral (select now() - ((g % $4) * interval '1 day') - ((g % 20) * interval '1 hour') as t) x`,
    [agent.eId, agent.id, sessionsPerDay * DAYS, DAYS],
  );
  const { rowCount } = await db.query(
    `insert into conversation_messages (e_id, agent_id, session_id, sender_id, user_message, created_at, intent_identified, intent, confidence, utterance, bot_response, emotion, scoped, weak)
     select s.e_id, s.agent_id, s.id, s.sender_id, 'message ' || n, s.created_at + n * interval '20 seconds', n < 3, case when n < 3 then (array['Order pizza','Store hours','Menu','Greeting'])[1 + (hashtext(s.sender_id || n) & 3)] end,
            case when n < 3 then 0.9 else 0.2 end, null, 'reply', (array['neutral','joy','curiosity','gratitude'])[1 + (hashtext(s.sender_id) & 3)], n < 3, n = 1 and s.weak_messages = 1
     from conversation_sessions s, generate_series(1, 3) n where s.agent_id = $1 and s.sender_id like 'bench-%'`,
    [agent.id],
  );
  await db.end();
  const key = await api('POST', 'e/enterprise/embed-keys', token, {
    name: 'bench',
    scopes: ['report'],
    agentIds: [agent.id],
    allowedOrigins: [`http://localhost:${pagePort}`],
  });

  const html = `<!doctype html><meta charset="utf-8"><script type="module" src="${base}/elements/parley-nlp-report.js"></script>
    <parley-nlp-report api-base="${base}/api" agent-id="${agent.id}" agent-name="Demo Pizza Bot" embed-key="${key.secret}" days="${DAYS}"></parley-nlp-report>`;
  pageServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html)).listen(pagePort, 'localhost');
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    // A new context each time: nothing cached, as a first visit.
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`http://localhost:${pagePort}/`);
    // Drawn: the scope trend has a pair of bars for most of the 90 days, and the active users line is there.
    await page.waitForFunction(
      (days) => {
        const el = document.querySelector('parley-nlp-report');
        return el && el.querySelectorAll('svg rect').length >= days * 1.5 && el.querySelector('svg path');
      },
      DAYS,
      { timeout: 60_000, polling: 16 },
    );
    times.push(await page.evaluate(() => performance.now()));
    await context.close();
  }
  times.sort((a, b) => a - b);
  console.log(
    `report render, ${DAYS} days (${rowCount.toLocaleString('en')} messages): load to drawn charts median ${Math.round(times[Math.floor(times.length / 2)])} ms, worst ${Math.round(times.at(-1))} ms over ${RUNS} cold loads`,
  );
} finally {
  await cleanup();
}
