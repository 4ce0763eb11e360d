#!/usr/bin/env node
// Long CSV records at upload (security issue 4): a file whose first line is 50 MB (plain, and of quoted values), and
// one whose second line holds a quoted value of 50 MB with 10 million newlines, each uploaded to a running server
// (embedded PGlite) while another user's session asks GET e/enterprise/users/me every 20 ms. Reports the time to the
// upload's answer and that answer, the server's peak RSS growth over its RSS before the upload (sampled from /proc
// every 50 ms), and the other user's latency (p50, p99, max).
// Runs the sources through tsx (no build needed); BENCH_MAIN=dist/main.js runs a build instead. BENCH_SMOKE=1: 2 MB
// files, a few seconds. BENCH_LONG_MB sets the size.
//   node packages/server/bench/long-record.mjs
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SMOKE = Boolean(process.env.BENCH_SMOKE);
const MB = Number(process.env.BENCH_LONG_MB ?? (SMOKE ? 2 : 50));
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'parley-long-record-bench-'));

/** Writes `head`, then `size` bytes of `unit` repeated, then `tail`, in pieces (never a 50 MB string). */
async function writeFile(name, head, unit, size, tail) {
  const path = join(work, name);
  const out = createWriteStream(path);
  const piece = unit.repeat(Math.ceil((1 << 20) / unit.length));
  out.write(head);
  for (let written = 0; written < size; written += piece.length) {
    if (!out.write(piece)) await once(out, 'drain');
  }
  out.end(tail);
  await once(out, 'finish');
  return path;
}

function startServer() {
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const args = process.env.BENCH_MAIN ? [process.env.BENCH_MAIN] : ['--import', 'tsx', '--conditions', '@parley/source', join(serverDir, 'src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
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
  const rss = () => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
  return {
    base: `http://127.0.0.1:${port}/api`,
    rss,
    peak: () => peak,
    resetPeak: () => (peak = rss()),
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
      clearInterval(sampler);
      stopping = true;
      child.kill('SIGTERM');
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
const mb = (n) => `${(n / (1 << 20)).toFixed(0)} MB`;

const size = MB * (1 << 20);
const files = [
  [`a ${MB} MB first line (plain)`, await writeFile('plain.csv', '', 'x', size, '\n1\n')],
  [`a ${MB} MB first line of quoted values`, await writeFile('quoted.csv', '', '"Mobile",', size, '\n1\n')],
  [`a ${MB} MB quoted value, ${(size / 5 / 1e6).toFixed(1)} million newlines`, await writeFile('newlines.csv', 'Mobile,Name\n1,"', '\n\n\n\n\n', size, '"\n')],
];

const server = startServer();
try {
  await server.ready();
  const token = await signIn(server.base);
  // The other user: a session of its own.
  const other = await signIn(server.base);
  const segmentId = (await api(server.base, token, 'POST', 'customer/tag', { name: `Bench ${Date.now()}` })).data.tag.id;
  console.log(`Long records at upload (${process.env.BENCH_MAIN ? 'build' : 'sources'}, PGlite)${SMOKE ? ' [smoke]' : ''}`);
  for (const [what, path] of files) {
    // Settle: the RSS before this upload is the baseline.
    await new Promise((r) => setTimeout(r, 1000));
    const before = server.rss();
    server.resetPeak();
    const waits = [];
    let uploading = true;
    const asking = (async () => {
      while (uploading) {
        const t0 = performance.now();
        await api(server.base, other, 'GET', 'e/enterprise/users/me');
        waits.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const t0 = performance.now();
    const form = new FormData();
    form.append('segmentId', segmentId);
    form.append('file', await openAsBlob(path, { type: 'text/csv' }), 'long.csv');
    const answer = await api(server.base, token, 'POST', 'customer/upload', form);
    const seconds = (performance.now() - t0) / 1000;
    uploading = false;
    await asking;
    waits.sort((a, b) => a - b);
    console.log(`  ${what}: answered in ${seconds.toFixed(2)} s (code ${answer.code}: ${answer.message})`);
    console.log(
      `    server RSS ${mb(before)}, peak growth ${mb(Math.max(server.peak() - before, 0))}; other user's GET users/me x${waits.length}: p50 ${percentile(waits, 50).toFixed(0)} ms, p99 ${percentile(waits, 99).toFixed(0)} ms, max ${(waits.at(-1) ?? 0).toFixed(0)} ms`,
    );
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
