#!/usr/bin/env node
// Runs every suite and prints one total: build, unit tests (server on embedded PGlite), then the element tests in
// Chromium beside the server suite on a real PostgreSQL, then the browser journeys. Exits non-zero if anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const artifacts = '.artifacts';
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, env = {}) {
  console.log(`\n=== ${title}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return false;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  return r.numTotalTests > 0;
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
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

/** Element tests print 'N passed, N failed, N skipped' as their closing line. */
function countElements({ status, stdout }) {
  const line = [...stdout.matchAll(/^(\d+) passed, (\d+) failed, (\d+) skipped$/gm)].at(-1);
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
ok = run('unit and server tests (embedded PGlite)', `npx vitest run --maxWorkers=${unitWorkers} ${vitestJson('unit')}`) && ok;
ok = countVitest(`${artifacts}/unit.json`) && ok;

// The element tests (mostly a browser waiting on the server) and the PostgreSQL run (mostly the database) run side by
// side: together they take little longer than the longer of the two.
const elements = runBeside('element tests (Chromium)', 'npm run test:elements');
if (postgresReachable()) {
  const pg = await runBeside('server tests (PostgreSQL)', `npx vitest run --project server ${vitestJson('server-pg')}`, { PARLEY_TEST_DB: 'postgres' });
  ok = pg.status === 0 && ok;
  ok = countVitest(`${artifacts}/server-pg.json`) && ok;
} else if (process.env.CI) {
  console.log('PostgreSQL is not reachable on 127.0.0.1:5432; CI requires it (.ci/run starts it).');
  ok = false;
} else {
  console.log('\n!!! PostgreSQL is not reachable on 127.0.0.1:5432: the PostgreSQL run of the server suite is SKIPPED.');
}
ok = countElements(await elements) && ok;

ok = run('browser journeys (Chromium)', 'npm run test:e2e', { PLAYWRIGHT_JSON_OUTPUT_NAME: `../${artifacts}/e2e.json` }) && ok;
ok = countPlaywright(`${artifacts}/e2e.json`) && ok;

console.log(`\nAll suites: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
