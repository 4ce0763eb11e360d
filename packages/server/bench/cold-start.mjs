#!/usr/bin/env node
// Cold start of the built server on embedded PGlite: process spawn to the first answered /api/health, on a new
// data folder (migrations and demo seed included) and again on the same folder. Run `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const port = 18_000 + Math.floor(Math.random() * 1000);

async function start(dataDir) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PARLEY_CAPTCHA: 'off' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      if (performance.now() - t0 > 60_000) throw new Error('server did not start in 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

// BENCH_SMOKE=1 only checks that the bench still runs to its figures (npm test): one run instead of three.
const RUNS = process.env.BENCH_SMOKE ? 1 : 3;
const rows = [];
for (let run = 1; run <= RUNS; run++) {
  const dir = mkdtempSync(join(tmpdir(), 'parley-cold-'));
  const first = await start(dir);
  const again = await start(dir);
  rows.push({ run, first, again });
  rmSync(dir, { recursive: true, force: true });
}
const ms = (n) => `${Math.round(n)} ms`;
console.log('Cold start to a served /api/health (embedded PGlite)');
console.log('run'.padEnd(6), 'new data folder'.padStart(18), 'existing folder'.padStart(18));
for (const r of rows) console.log(String(r.run).padEnd(6), ms(r.first).padStart(18), ms(r.again).padStart(18));
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('median'.padEnd(6), ms(median(rows.map((r) => r.first))).padStart(18), ms(median(rows.map((r) => r.again))).padStart(18));
