import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../test/harness.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'parley-sign-in-log-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The log of one start of the real server (src/main.ts) on `dataDir`, up to its "listening" line. */
function startAndStop(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(serverDir, '../../node_modules/.bin/tsx'), ['--conditions', '@parley/source', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        PARLEY_JOBS: 'off',
        PARLEY_DEMO_TRAINING: 'off',
        LOG_LEVEL: 'info',
        HOST_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no start in 60 s:\n${log}`))), 60_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Parley listening')) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', () => (clearTimeout(timer), resolve(log)));
  });
}

describe('the demo sign-in in the log', () => {
  it('is told at the first start, which seeds the demo, and never again', async () => {
    const first = await startAndStop();
    expect(first).toContain(`Demo sign-in: admin@parley.dev / ${DEMO_PASSWORD}`);
    const second = await startAndStop();
    expect(second).toContain('Parley listening');
    expect(second).not.toContain('Demo sign-in');
    expect(second).not.toContain(DEMO_PASSWORD);
  }, 130_000);
});
