#!/usr/bin/env node
// Customer CSV import, end to end through the built server (issue: customer master figures): a generated file of
// ROWS rows and 10 columns (~2% invalid phones, some quoted newlines), upload call → job COMPLETED, on PostgreSQL and
// on embedded PGlite; then the same file again (every row an update); then a kill -9 at about half way and a restart,
// compared with the uninterrupted run. The server's RSS is sampled from /proc every 100 ms.
// Run `npm run build` first. BENCH_IMPORT_ROWS (default 1,000,000), BENCH_TARGETS=postgres,pglite,kill; BENCH_MAIN
// runs another build of the server (a copy of dist at the same depth), to compare two builds in alternating runs.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import pg from 'pg';

const main = process.env.BENCH_MAIN ?? fileURLToPath(new URL('../dist/main.js', import.meta.url));
// BENCH_SMOKE=1 only checks that the bench still runs to its figures (npm test): a 10,000-row file, a tenth of the
// searches, PGlite and the kill -9 run (which goes through PostgreSQL too).
const SMOKE = Boolean(process.env.BENCH_SMOKE);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? (SMOKE ? 10_000 : 1_000_000));
let TARGETS = (process.env.BENCH_TARGETS ?? (SMOKE ? 'pglite,kill' : 'postgres,pglite,kill')).split(',');
const ADMIN_URL = process.env.PARLEY_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const postgres = await new pg.Client({ connectionString: ADMIN_URL }).connect().then(
  (c) => c.end().then(() => true),
  () => false,
);
if (!postgres) {
  console.log(`\n!!! No PostgreSQL at ${ADMIN_URL} (PARLEY_TEST_ADMIN_URL): the PostgreSQL and kill -9 runs of the import bench are SKIPPED.\n`);
  TARGETS = TARGETS.filter((t) => t === 'pglite');
}
const work = mkdtempSync(join(tmpdir(), 'parley-import-bench-'));
const FIRST = ['Asha', 'Ravi', 'Meera', 'John', 'Li', 'Fatima', 'Carlos', 'Yuki', 'Olu', 'Anna', 'Rahul', 'Sara'];
const LAST = ['Rao', 'Kumar', 'Sharma', 'Smith', 'Chen', 'Khan', 'Garcia', 'Sato', 'Adeyemi', 'Novak', 'Iyer', 'Lopez'];
const CITIES = ['Pune', 'Mumbai', 'Delhi', 'Chennai', 'Goa', 'Jaipur', 'Kochi', 'Indore'];
const TIERS = ['Gold', 'Silver', 'Bronze'];
const SEARCHES = SMOKE ? 20 : 200;

/** The file: phone, name, email, city, tier, whatsapp, company, notes (some with quoted newlines), pincode, source. */
async function writeCsv(path) {
  const out = createWriteStream(path);
  const write = (s) => (out.write(s) ? undefined : once(out, 'drain'));
  await write('Phone,Name,Email,City,Tier,Whatsapp,Company,Notes,Pincode,Source\r\n');
  let chunk = '';
  for (let i = 0; i < ROWS; i++) {
    const phone = i % 50 === 7 ? `98${i % 1000}` : `+9198${String(i).padStart(8, '0')}`;
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    const notes = i % 100 === 3 ? `"Called twice,\r\nprefers ""evenings"""` : `Lead ${i % 97}`;
    chunk += `${phone},${first} ${last},${first.toLowerCase()}.${i}@example.com,${CITIES[i % CITIES.length]},${TIERS[i % 3]},${phone},Acme ${i % 500},${notes},${400000 + (i % 9999)},web\r\n`;
    if (chunk.length > 1 << 20) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  out.end();
  await once(out, 'finish');
}

function startServer(env, dataDir) {
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), main], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      peak = Math.max(peak, kb * 1024);
    } catch {
      // the process is gone
    }
  }, 100);
  const base = `http://127.0.0.1:${port}/api`;
  return {
    base,
    child,
    peakRss: () => peak,
    resetPeak: () => (peak = 0),
    async ready() {
      const t0 = Date.now();
      for (;;) {
        try {
          if ((await fetch(`${base}/health`)).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() - t0 > 120_000) throw new Error('server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(signal = 'SIGTERM') {
      clearInterval(sampler);
      stopping = true;
      child.kill(signal);
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

async function api(base, token, method, path, body) {
  const res = await fetch(`${base}/${path}`, {
    method,
    headers: { 'authentication-token': token ?? '', ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const envelope = await res.json();
  if (!envelope.status) throw new Error(`${method} ${path}: ${envelope.message} ${JSON.stringify(envelope.errors ?? '')}`);
  return envelope.data;
}

async function signIn(base) {
  return (
    await api(base, null, 'POST', 'account/enterprise/login/twoFactorAuth', {
      email: 'admin@parley.dev',
      password: 'parley-admin',
      captcha: 'x',
      captchaId: 'x',
    })
  ).token;
}

const MAPPING = [
  ['Phone', 'phoneNumber'],
  ['Name', 'name'],
  ['Email', 'email'],
  ['City', 'city'],
  ['Tier', 'tier'],
  ['Whatsapp', 'whatsAppNumber'],
  ['Company', 'company'],
  ['Notes', 'notes'],
  ['Pincode', 'pincode'],
  ['Source', 'source'],
].map(([src, des]) => ({ src, des }));

async function defineFields(base, token) {
  const field = (fieldName, extra) =>
    api(base, token, 'POST', 'customer/definition', {
      fieldName,
      fieldLabel: fieldName[0].toUpperCase() + fieldName.slice(1),
      fieldHelpText: fieldName,
      mandatory: false,
      search: false,
      ...extra,
    });
  await field('email', { fieldType: 'text', inputType: 'email' });
  await field('city', { fieldType: 'text', inputType: 'alphabets', search: true });
  await field('tier', { fieldType: 'selectbox-singlevalue', defaultValue: TIERS.join(','), mandatory: true });
  await field('company', { fieldType: 'text', inputType: 'alphanumeric' });
  await field('notes', { fieldType: 'textarea', inputType: 'alphanumeric', validations: [{ id: 'allowSpecialChars', value: true }] });
  await field('pincode', { fieldType: 'text', inputType: 'number' });
  await field('source', { fieldType: 'text', inputType: 'alphabets' });
  return (await api(base, token, 'POST', 'customer/tag', { name: `Bench ${Date.now()}` })).tag.id;
}

/** CPU seconds a process has used, all its threads (Linux: /proc, in clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Where an import's CPU goes: the server's process (all its threads) and the database's backends for this database
 * (PostgreSQL on this machine). Each backend's time is counted from when it was first seen; one that ended meanwhile
 * is missed, and the pool keeps its connections while it is busy.
 */
async function cpuMeter(serverPid, dbUrl) {
  const name = new URL(dbUrl).pathname.slice(1);
  const backends = async () => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    const { rows } = await c.query('select pid from pg_stat_activity where datname = $1', [name]);
    await c.end();
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  };
  const before = { server: cpuSeconds(serverPid), db: await backends(), t: performance.now() };
  return async (rows) => {
    const after = await backends();
    let db = 0;
    for (const [pid, s] of after) db += s - (before.db.get(pid) ?? 0);
    const server = cpuSeconds(serverPid) - before.server;
    const wall = (performance.now() - before.t) / 1000;
    const us = (s) => ((s / rows) * 1e6).toFixed(1);
    return `CPU a row: server ${us(server)} µs, database ${us(db)} µs; both cores ${Math.round(((server + db) / (2 * wall)) * 100)} % busy`;
  };
}

/** The progress calls' latency: median, slowest and how many. */
function pollFigures(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);
  return `progress calls during the import: p50 ${at(0.5).toFixed(0)} ms, slowest ${(sorted.at(-1) ?? 0).toFixed(0)} ms (${sorted.length} calls)`;
}

/** Upload call → mapping call → polled until COMPLETED. Returns seconds and the final upload. */
async function importFile(server, token, segmentId, file, onProgress) {
  const t0 = performance.now();
  const form = new FormData();
  form.append('segmentId', segmentId);
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'customers.csv');
  const { uploadId } = await api(server.base, token, 'POST', 'customer/upload', form);
  const uploadSeconds = (performance.now() - t0) / 1000;
  await api(server.base, token, 'POST', 'customer/upload/mapping', { uploadId, headerMapping: MAPPING });
  // How long the progress call takes while the import runs: what the Uploads screen waits for (on PGlite the import
  // and every request share the database's one connection).
  const polls = [];
  for (;;) {
    const asked = performance.now();
    const csv = (await api(server.base, token, 'GET', `customer/uploads/${uploadId}`)).customerCSV;
    if (csv.state === 'WAITING') polls.push(performance.now() - asked);
    const done = () => ({ uploadId, csv, uploadSeconds, seconds: (performance.now() - t0) / 1000, polls: pollFigures(polls) });
    if (onProgress && (await onProgress(csv))) return done();
    if (csv.state !== 'WAITING') return done();
    // Each poll is a request the server answers on the cores the import uses (on PGlite, on the database's own
    // thread): once a second until the end is near, then every 20 ms, so the end is seen when it happens.
    const near = csv.totalLines > 0 && csv.processedLines >= csv.totalLines * 0.95;
    await new Promise((r) => setTimeout(r, near ? 20 : 1000));
  }
}

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

/**
 * What an import leaves behind, to compare two runs: counts, and digests of the customers and the error rows. Field
 * values are named by field name, not by definition id (each run's database has its own ids).
 */
async function endState(url, uploadId) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const {
    rows: [s],
  } = await c.query(
    `
    select (select count(*) from customers)::int as customers,
           (select count(*) from customer_upload_errors where upload_id = $1)::int as error_rows,
           (select md5(string_agg(c.phone_number || c.name || c.whatsapp_number || coalesce((select string_agg(d.field_name || '=' || (c.data ->> d.data_key), ',' order by d.field_name) from customer_attribute_definitions d where c.data ? d.data_key), ''), ',' order by c.phone_number)) from customers c) as customers_digest,
           (select md5(string_agg(line || line_str || errors::text, ',' order by line)) from customer_upload_errors where upload_id = $1) as errors_digest,
           (select row(total_lines, accepted_lines, error_lines, state)::text from customer_uploads where id = $1) as counts`,
    [uploadId],
  );
  await c.end();
  return s;
}

/** The customer list's search at the size just imported: names, name prefixes, phone digits, a city, with and without the segment. */
async function searchBench(server, token, segment, when) {
  const { terms, times0, p50, p95, max } = await searchTimes(server, token, segment, SEARCHES);
  const count = (await api(server.base, token, 'GET', 'customer/tags')).tags.reduce((n, t) => n + t.count, 0);
  console.log(
    `\nCustomer list search over HTTP at ${fmt(count)} customers, ${when} (${SEARCHES} searches: names, phone digits, city prefix; half within the segment): p50 ${p50} ms, p95 ${p95} ms, max ${max} ms`,
  );
  console.log(`  slowest: ${slowest({ terms, times0 })}`);
}

function slowest({ terms, times0 }) {
  const slow = terms
    .map((t, i) => ({ ...t, ms: times0[i] }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
  return slow.map((s) => `${JSON.stringify(s.term)}${s.tags ? ' in segment' : ''} ${s.ms.toFixed(0)} ms`).join(', ');
}

async function searchTimes(server, token, segment, n) {
  const terms = [];
  for (let i = 0; i < n; i++) {
    const kind = i % 5;
    const term =
      kind === 0
        ? FIRST[i % FIRST.length]
        : kind === 1
          ? `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`
          : kind === 2
            ? `98${String(i * 4999)
                .padStart(8, '0')
                .slice(0, 5)}`
            : kind === 3
              ? CITIES[i % CITIES.length].slice(0, 3)
              : `${LAST[i % LAST.length].slice(0, 4)}`;
    terms.push({ term, tags: i % 2 ? segment : undefined });
  }
  const times = [];
  for (const { term, tags } of terms) {
    const qs = new URLSearchParams({ search: term, ...(tags ? { tags } : {}) });
    const t0 = performance.now();
    await api(server.base, token, 'GET', `customer/customers?${qs}`);
    times.push(performance.now() - t0);
  }
  const times0 = [...times];
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  return { terms, times0, p50: at(0.5), p95: at(0.95), max: at(1) };
}

/**
 * The same fixed work at every run, none of it Parley's: this machine's speed drifts by a third from hour to hour, and
 * these two times say how fast it was just before the run (a hint only: the speed moves during an import too).
 * JavaScript: 50,000 numbers through libphonenumber's parser; PostgreSQL: 200,000 distinct md5s. The best of three.
 */
async function machineCheck() {
  const best = async (f) => {
    let ms = Infinity;
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      await f();
      ms = Math.min(ms, performance.now() - t0);
    }
    return ms.toFixed(0);
  };
  const js = await best(() => {
    for (let i = 0; i < 50_000; i++) parsePhoneNumberFromString(`+9198${String(i).padStart(8, '0')}`, 'IN')?.isValid();
  });
  let db = 'n/a';
  if (postgres) {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    db = await best(() => c.query('select count(distinct md5(i::text)) from generate_series(1, 200000) i'));
    await c.end();
  }
  return `Machine check (fixed work, to compare runs made at different hours): JavaScript ${js} ms, PostgreSQL ${db} ms`;
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const mb = (b) => `${Math.round(b / 1024 / 1024)} MB`;
const results = [];

const csvPath = join(work, 'customers.csv');
await writeCsv(csvPath);
console.log(`Customer import: ${fmt(ROWS)} rows, 10 columns, ${mb(statSync(csvPath).size)} file (~2% invalid phones, quoted newlines)`);
console.log(await machineCheck());

try {
  if (TARGETS.includes('postgres')) {
    const db = await freshDatabase();
    const server = startServer({ DATABASE_URL: db.url }, join(work, 'pg'));
    await server.ready();
    const token = await signIn(server.base);
    const segment = await defineFields(server.base, token);
    server.resetPeak();
    let cpu = await cpuMeter(server.child.pid, db.url);
    const first = await importFile(server, token, segment, csvPath);
    results.push({ what: 'PostgreSQL, new customers', ...first, rss: server.peakRss(), cpu: await cpu(first.csv.totalLines) });
    await searchBench(server, token, segment, 'after the first import');
    server.resetPeak();
    cpu = await cpuMeter(server.child.pid, db.url);
    const again = await importFile(server, token, segment, csvPath);
    results.push({ what: 'PostgreSQL, same file again (updates)', ...again, rss: server.peakRss(), cpu: await cpu(again.csv.totalLines) });
    await searchBench(server, token, segment, 'after the re-import (every row updated)');
    await server.stop();
    // BENCH_KEEP_DB=1 leaves the million customers for a look at the plans (psql), and prints where.
    if (process.env.BENCH_KEEP_DB) console.log(`kept: ${db.url}`);
    else await db.drop();
  }
  if (TARGETS.includes('pglite')) {
    const server = startServer({}, join(work, 'pglite'));
    await server.ready();
    const token = await signIn(server.base);
    const segment = await defineFields(server.base, token);
    server.resetPeak();
    const cpu = cpuSeconds(server.child.pid);
    const first = await importFile(server, token, segment, csvPath);
    results.push({
      what: 'embedded PGlite, new customers',
      ...first,
      rss: server.peakRss(),
      cpu: `CPU a row: server (with its database) ${(((cpuSeconds(server.child.pid) - cpu) / first.csv.totalLines) * 1e6).toFixed(1)} µs`,
    });
    console.log(`embedded PGlite: ${first.polls}`);
    await server.stop();
  }
  if (TARGETS.includes('kill')) {
    // The uninterrupted run, then the same file into a new database with a kill -9 at about half way.
    const clean = await freshDatabase();
    let server = startServer({ DATABASE_URL: clean.url }, join(work, 'clean'));
    await server.ready();
    let token = await signIn(server.base);
    let segment = await defineFields(server.base, token);
    // The searches a user makes while an import runs, at about half way (the uninterrupted run's time is not reported).
    let during = null;
    const whole = await importFile(server, token, segment, csvPath, async (csv) => {
      if (!during && csv.totalLines && csv.processedLines >= csv.totalLines / 2) during = await searchTimes(server, token, segment, SEARCHES / 5);
      return false;
    });
    console.log(
      `\nCustomer list search over HTTP during the import, at ~${fmt(ROWS / 2)} customers (${SEARCHES / 5} searches, half within the segment): p50 ${during?.p50} ms, p95 ${during?.p95} ms, max ${during?.max} ms`,
    );
    if (during) console.log(`  slowest: ${slowest(during)}`);
    const expected = await endState(clean.url, whole.uploadId);
    await server.stop();

    const crashed = await freshDatabase();
    server = startServer({ DATABASE_URL: crashed.url }, join(work, 'crashed'));
    await server.ready();
    token = await signIn(server.base);
    segment = await defineFields(server.base, token);
    let killedAt = 0;
    const killed = await importFile(server, token, segment, csvPath, async (csv) => {
      if (csv.totalLines && csv.processedLines >= csv.totalLines / 2) {
        killedAt = csv.processedLines;
        await server.stop('SIGKILL');
        return true;
      }
      return false;
    });
    const tRestart = performance.now();
    server = startServer({ DATABASE_URL: crashed.url }, join(work, 'crashed'));
    await server.ready();
    token = await signIn(server.base);
    let resumedAfter = 0;
    let csv;
    for (;;) {
      csv = (await api(server.base, token, 'GET', `customer/uploads/${killed.uploadId}`)).customerCSV;
      if (!resumedAfter && csv.processedLines > killedAt) resumedAfter = (performance.now() - tRestart) / 1000;
      if (csv.state !== 'WAITING') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const after = await endState(crashed.url, killed.uploadId);
    await server.stop();
    console.log(`\nkill -9 at ${fmt(killedAt)} of ${fmt(csv.totalLines)} rows; the restarted server resumed after ${resumedAfter.toFixed(1)} s`);
    const same = ['customers', 'error_rows', 'customers_digest', 'errors_digest', 'counts'].every((k) => expected[k] === after[k]);
    console.log(`uninterrupted: ${JSON.stringify(expected)}`);
    console.log(`killed+resumed: ${JSON.stringify(after)}`);
    console.log(`end state identical to the uninterrupted run: ${same ? 'yes' : 'NO'}`);
    await clean.drop();
    await crashed.drop();
    if (!same) process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (results.length) {
  console.log('\n' + 'run'.padEnd(40), 'seconds'.padStart(8), 'rows/s'.padStart(10), 'accepted'.padStart(10), 'errors'.padStart(8), 'peak RSS'.padStart(10));
  for (const r of results) {
    console.log(
      r.what.padEnd(40),
      r.seconds.toFixed(1).padStart(8),
      fmt(r.csv.totalLines / r.seconds).padStart(10),
      fmt(r.csv.acceptedLines).padStart(10),
      fmt(r.csv.errorLines).padStart(8),
      mb(r.rss).padStart(10),
    );
    console.log(`  the upload call took ${r.uploadSeconds.toFixed(2)} s of it${r.cpu ? `; ${r.cpu}` : ''}`);
    if (r.csv.acceptedLines + r.csv.errorLines !== r.csv.totalLines) {
      console.log(`  total ${r.csv.totalLines} != accepted + errors`);
      process.exitCode = 1;
    }
  }
}
