#!/usr/bin/env node
// Every benchmark of every package, briefly (BENCH_SMOKE=1: tiny data, a few seconds each), so that none can break
// unnoticed between the full runs: a bench passes when it exits 0 having printed its figures, and fails on an
// exception, a non-zero exit or a hang (BENCH_SMOKE_TIMEOUT seconds, 240 by default). Run after `npm run build`
// (the built server and element bundles are what several benches measure); `npm test` runs it as its last suite.
//
// The benches are each package's "bench" script (its `&&` steps, `npm run X` followed to script X), build steps left
// out, plus any file in packages/*/bench/ that no script names yet, so a new bench is smoked from the day it lands.
// A bench that cannot run here (no PostgreSQL) prints a line with '!!!' and 'SKIPPED' and counts as skipped.
// Closing line: 'N passed, N failed, N skipped', one per bench. BENCH_SMOKE_ONLY=a,b runs only the benches whose
// command contains one of these words (e.g. BENCH_SMOKE_ONLY=predict-load,report-size).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TIMEOUT_MS = Number(process.env.BENCH_SMOKE_TIMEOUT ?? 240) * 1000;
// Two at a time on two cores: most of a smoke run is servers starting and databases being made, not computing.
const LANES = Number(process.env.BENCH_SMOKE_LANES ?? 2);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUILD_STEP = /^(vite build|tsc -b|npm run build)\b/;

const postgres = spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0;

/** A package's bench script as the commands it runs, `npm run X` replaced by script X (recursively). */
function expand(scripts, command) {
  return command
    .split('&&')
    .map((c) => c.trim())
    .filter(Boolean)
    .flatMap((c) => {
      const m = /^npm run ([\w:-]+)$/.exec(c);
      return m && scripts[m[1]] ? expand(scripts, scripts[m[1]]) : [c];
    });
}

const benches = [];
for (const workspace of JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces) {
  const dir = join(root, workspace);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const commands = pkg.scripts?.bench ? expand(pkg.scripts, pkg.scripts.bench).filter((c) => !BUILD_STEP.test(c)) : [];
  const benchDir = join(dir, 'bench');
  if (existsSync(benchDir)) {
    for (const file of readdirSync(benchDir).sort()) {
      if (!/\.(mjs|js|ts)$/.test(file) || commands.some((c) => c.includes(`bench/${file}`))) continue;
      commands.push(file.endsWith('.ts') ? `tsx --conditions @parley/source bench/${file}` : `node bench/${file}`);
    }
  }
  for (const command of commands) benches.push({ pkg: pkg.name, dir, command, env: {} });
}
// predictIntent on PostgreSQL takes another path to its database than the default run on PGlite.
const predict = benches.find((b) => b.command.includes('bench/predict-load.ts'));
if (predict && postgres) benches.splice(benches.indexOf(predict) + 1, 0, { ...predict, env: { BENCH_POSTGRES_URL: POSTGRES_URL }, label: 'on PostgreSQL' });

const only = process.env.BENCH_SMOKE_ONLY?.split(',').filter(Boolean);
if (only) benches.splice(0, benches.length, ...benches.filter((b) => only.some((word) => b.command.includes(word))));

// Longest first, so that the two lanes end together: about the seconds each took in smoke mode on the quiet 2-core
// machine; any other bench counts as 20.
const SECONDS = { 'customer-import': 48, 'broadcast-send': 40, 'deep-paging': 30, 'predict-load': 19, 'long-record': 15, 'live-chat': 20, 'cold-start': 12 };
const guess = (b) => Object.entries(SECONDS).find(([name]) => b.command.includes(`bench/${name}.`))?.[1] ?? 20;
benches.sort((a, b) => guess(b) - guess(a));

const PATH = [join(root, 'node_modules/.bin'), process.env.PATH].join(delimiter);

function runBench(bench) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    // Its own process group, so a hung bench is ended with the servers it started.
    const child = spawn(bench.command, {
      cwd: bench.dir,
      shell: true,
      detached: true,
      env: { ...process.env, ...bench.env, PATH: [join(bench.dir, 'node_modules/.bin'), PATH].join(delimiter), BENCH_SMOKE: '1', PARLEY_PASSWORD_HASH: 'fast' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, TIMEOUT_MS);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      // Whatever it left running (a server it failed to stop) goes with it.
      killGroup(child.pid);
      const seconds = (performance.now() - t0) / 1000;
      const printed = output.trim().length > 0;
      const skipped = /^.*!!!.*SKIPPED.*$/m.test(output);
      const result = timedOut
        ? `FAILED: no end within ${TIMEOUT_MS / 1000} s`
        : status !== 0
          ? `FAILED: exit ${status ?? signal}`
          : !printed
            ? 'FAILED: printed nothing'
            : skipped
              ? 'skipped'
              : 'ok';
      resolve({ ...bench, output, seconds, result });
    });
  });
}

function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

const title = (b) => `${b.pkg} ${b.command}${b.label ? ` (${b.label})` : ''}`;
console.log(`Benchmarks in smoke mode (BENCH_SMOKE=1), ${benches.length} of them, ${LANES} at a time:`);
if (!postgres) console.log('\n!!! PostgreSQL is not reachable on 127.0.0.1:5432: the benches that need it skip (SKIPPED below).');
const t0 = performance.now();
const queue = [...benches];
const results = [];
await Promise.all(
  Array.from({ length: LANES }, async () => {
    for (let bench = queue.shift(); bench; bench = queue.shift()) {
      const r = await runBench(bench);
      // Printed whole as each ends, so two benches' lines never interleave.
      console.log(`\n=== bench (smoke): ${title(r)}  [${relative(root, r.dir)}]`);
      process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
      console.log(`--- ${r.result} (${r.seconds.toFixed(1)} s)`);
      results.push(r);
    }
  }),
);

const count = (pred) => results.filter(pred).length;
const failed = results.filter((r) => r.result.startsWith('FAILED'));
console.log(`\nBench smoke run: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
for (const r of results) console.log(`  ${r.seconds.toFixed(1).padStart(6)} s  ${title(r)}: ${r.result}`);
if (failed.length) console.log(`\nFailed: ${failed.map(title).join('; ')}`);
console.log(`${count((r) => r.result === 'ok')} passed, ${failed.length} failed, ${count((r) => r.result === 'skipped')} skipped`);
process.exit(failed.length ? 1 : 0);
