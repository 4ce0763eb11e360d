#!/usr/bin/env node
// Runs every suite and prints one total: build, unit tests (server on embedded PGlite), the element tests in Chromium
// beside one half of the server suite on a real PostgreSQL, the browser journeys, then every benchmark in smoke mode
// beside the other half. Exits non-zero if anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const artifacts = '.artifacts';
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
/** What failed, named again at the very end: CI keeps only the last lines of a run. */
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);

function run(title, command, env = {}) {
  console.log(`\n=== ${title}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/**
 * A Vitest suite's counts. One that exited non-zero with no failed test (an unhandled error, a file that did not
 * load) counts one failure, so the closing total never reads '0 failed' for a run that failed.
 */
function countVitest(file, passedRun = true) {
  if (!existsSync(file)) return false;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  for (const fileResult of r.testResults ?? []) {
    const where = fileResult.name.replace(`${process.cwd()}/`, '');
    for (const t of fileResult.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`${file}: ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    if (fileResult.status === 'failed' && !(fileResult.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${file}: ${where}: ${firstLine(fileResult.message) || 'failed outside its tests'}`);
    }
  }
  if (!passedRun && r.numFailedTests === 0) {
    failures.push(`${file}: the suite failed outside its tests`);
    console.log(`\n!!! ${file}: the suite failed outside its tests (see "Unhandled Errors" or a file that failed to load above)`);
    totals.failed += 1;
  }
  return r.numTotalTests > 0;
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected')
          failures.push(`journeys: ${spec.file} > ${[...path, spec.title].join(' > ')}: ${firstLine(t.results?.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  return stats.expected + stats.unexpected > 0;
}

/** Runs a suite beside another; its output is printed, whole, when it ends. */
function runBeside(title, command, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => {
      console.log(`\n=== ${title}: ${command}`);
      process.stdout.write(stdout);
      process.stderr.write(stderr);
      resolve({ status, stdout });
    });
  });
}

/** Element tests and the bench smoke run print 'N passed, N failed, N skipped' as their closing line. */
function countClosingLine({ status, stdout }) {
  const line = [...stdout.matchAll(/^(\d+) passed, (\d+) failed, (\d+) skipped$/gm)].at(-1);
  for (const m of stdout.matchAll(/^(?:FAILED TEST: |Failed: )(.*)$/gm)) failures.push(firstLine(m[1]));
  if (!line) return false;
  totals.passed += Number(line[1]);
  totals.failed += Number(line[2]);
  totals.skipped += Number(line[3]);
  return status === 0 && Number(line[1]) > 0;
}

function postgresReachable() {
  return spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0;
}

let ok = true;
if (!process.argv.includes('--no-build')) ok = run('build', 'npm run build') && ok;
if (!ok) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

const vitestJson = (name) => `--reporter=default --reporter=json --outputFile.json=${artifacts}/${name}.json`;
// Two test files at a time even on two cores (Vitest's default there is one): a server test file waits on its
// database and its imports as much as it computes; 720 s -> 527 s for this suite on the 2-core machine.
const unitWorkers = Math.max(2, availableParallelism() - 1);
const unitPassed = run('unit and server tests (embedded PGlite)', `npx vitest run --maxWorkers=${unitWorkers} ${vitestJson('unit')}`);
ok = unitPassed && ok;
ok = countVitest(`${artifacts}/unit.json`, unitPassed) && ok;

// The PostgreSQL run (PG_SUITE below) goes beside the element tests (mostly a browser waiting on a server). The
// journeys run alone: beside a PostgreSQL run, a journey's overlay never settled within its two minutes.
const pgReachable = postgresReachable();
if (!pgReachable && process.env.CI) {
  console.log('PostgreSQL is not reachable on 127.0.0.1:5432; CI requires it (.ci/run starts it).');
  ok = false;
} else if (!pgReachable) {
  console.log('\n!!! PostgreSQL is not reachable on 127.0.0.1:5432: the PostgreSQL run of the server suite is SKIPPED.');
}
/**
 * On PostgreSQL, the tests whose behaviour depends on the engine: several processes on one database (kill -9, job
 * take-over, LISTEN/NOTIFY between processes, locks taken by concurrent requests), migrations, and the chat and
 * broadcast domains built on them. The rest of the server suite runs on PGlite above: the same PostgreSQL, compiled
 * to WebAssembly, with one connection; running all of it twice cost CI more than its time allows.
 */
const PG_SUITE = [
  'src/realtime/',
  'src/jobs/',
  'src/db/migrations',
  'src/domains/chats/',
  'src/domains/broadcasts/',
  'src/domains/departments/',
  'training-takeover',
  'turn-batching',
  'import-resume',
  'dev-mailbox',
  'src/domains/account/sessions',
];
const pgRun = async () => {
  if (!pgReachable) return;
  const name = 'server-pg';
  const pg = await runBeside('server tests (PostgreSQL)', `npx vitest run --project server ${PG_SUITE.join(' ')} ${vitestJson(name)}`, {
    PARLEY_TEST_DB: 'postgres',
  });
  ok = pg.status === 0 && ok;
  ok = countVitest(`${artifacts}/${name}.json`, pg.status === 0) && ok;
};

const elements = runBeside('element tests (Chromium)', 'npm run test:elements');
await pgRun();
ok = countClosingLine(await elements) && ok;

ok = run('browser journeys (Chromium)', 'npm run test:e2e', { PLAYWRIGHT_JSON_OUTPUT_NAME: `../${artifacts}/e2e.json` }) && ok;
ok = countPlaywright(`${artifacts}/e2e.json`) && ok;

// Every benchmark of every package, briefly (tiny data, each bench one test): one that a change broke fails here rather
// than at its next full run. A bench passes when it runs to its end, whatever its figures.
ok = countClosingLine(await runBeside('benchmarks, smoke mode', 'node scripts/bench-smoke.mjs')) && ok;

if (failures.length) console.log(`\nWhat failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\nAll suites: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
