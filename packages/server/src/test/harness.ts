import { afterAll } from 'vitest';
import type { Config } from '../config.js';
import { startParley, type RunningServer } from '../test-support/server.js';

// Calling the API and signing in need no test runner; the benches use them from test-support directly.
export { call, DEMO_PASSWORD, login, type CallOptions, type EnvelopeReply } from '../test-support/server.js';

const ADMIN_URL = process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// A hook registered inside a test or a beforeAll never runs, and about ten files start their server there: each left
// its PostgreSQL database behind. close-servers.setup.ts (a setup file: it runs for every test file, where this module
// is loaded once per worker) closes whatever servers the file started and did not close, after its own afterAll hooks.
const unclosed = new Set<() => Promise<void>>();
export async function closeUnclosedServers() {
  for (const close of [...unclosed]) await close();
}

/**
 * A real server on a real database: in-memory PGlite by default, or (PARLEY_TEST_DB=postgres) a database of its own
 * on the local PostgreSQL, dropped afterwards.
 */
export async function startServer(overrides: Partial<Config> = {}): Promise<RunningServer> {
  const parley = await startParley(
    {
      databaseUrl: 'memory://',
      captcha: false,
      jobs: false,
      publicUrl: 'http://parley.test',
      hostDist: '/nonexistent',
      trustProxy: true,
      // Every test server would otherwise train the demo agent first and make its own trainings wait.
      trainDemoAgent: false,
      // Customer tests start from an empty customer master (the demo's has its own test).
      demoCustomers: false,
      ...overrides,
    },
    {
      // A test that names its database (demo-agent's PGlite on disk) keeps it on either run.
      postgresAdminUrl: process.env.PARLEY_TEST_DB === 'postgres' && !('databaseUrl' in overrides) ? ADMIN_URL : undefined,
      logger: process.env.PARLEY_TEST_LOG ? { level: 'error' } : false,
    },
  );
  const close = async () => {
    unclosed.delete(close);
    await parley.close();
  };
  unclosed.add(close);
  // Closes a server started at a describe's top level when that describe ends, not only when the file does.
  afterAll(close);
  return { ...parley, close };
}
