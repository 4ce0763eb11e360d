import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * A server in a process of its own, for tests that kill it with SIGKILL: its database is a data folder for embedded
 * PGlite or (PARLEY_TEST_DB=postgres) a PostgreSQL database of its own, both outliving the process.
 */
const ADMIN_URL = process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const main = fileURLToPath(new URL('../main.ts', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

export async function until<T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms: number): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const v = await probe();
    if (v) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(statement);
  await c.end();
}

export interface ChildStore {
  engine: 'PostgreSQL' | 'PGlite';
  dataDir: string;
  databaseUrl: string | undefined;
  create(): Promise<void>;
  drop(): Promise<void>;
}

export function childStore(prefix: string): ChildStore {
  const dbName = `parley_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = process.env.PARLEY_TEST_DB === 'postgres' ? ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), `parley-${prefix}-`));
  return {
    engine: databaseUrl ? 'PostgreSQL' : 'PGlite',
    dataDir,
    databaseUrl,
    async create() {
      if (databaseUrl) await admin(`CREATE DATABASE ${dbName}`);
    },
    async drop() {
      if (databaseUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts `main.ts` on the store with the given environment; resolves once it answers HTTP. */
export async function startChild(store: ChildStore, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions', '@parley/source', '--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? '',
      PARLEY_CAPTCHA: 'off',
      PARLEY_DEMO_TRAINING: 'off',
      PARLEY_DEMO_CUSTOMERS: 'off',
      HOST_DIST: '/nonexistent',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: 'inherit',
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it answered`))));
  await Promise.race([
    exited,
    until(
      'the server to answer',
      () =>
        fetch(`http://127.0.0.1:${port}/api/e/enterprise/chat_count`).then(
          () => true,
          () => false,
        ),
      120_000,
    ),
  ]);
  exited.catch(() => undefined);
  return child;
}

export async function killHard(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}
