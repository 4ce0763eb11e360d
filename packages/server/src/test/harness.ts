import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp, type Parley } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { DEMO_ADMIN_EMAIL } from '../seed/demo.js';

export const DEMO_PASSWORD = 'parley-admin';
const ADMIN_URL = process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// A hook registered inside a test or a beforeAll never runs, and about ten files start their server there: each left
// its PostgreSQL database behind. This one is registered while the test file is collected (each file loads this module
// anew), and closes whatever servers the file started and did not close; it runs after the file's own afterAll hooks.
const unclosed = new Set<() => Promise<void>>();
afterAll(async () => {
  for (const close of [...unclosed]) await close();
});

/**
 * A real server on a real database: in-memory PGlite by default, or (PARLEY_TEST_DB=postgres) a database of its own
 * on the local PostgreSQL, dropped afterwards.
 */
export async function startServer(overrides: Partial<Config> = {}): Promise<Parley & { close(): Promise<void> }> {
  let databaseUrl = 'memory://';
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.PARLEY_TEST_DB === 'postgres') {
    const name = `parley_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({}, {
    databaseUrl,
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
  });
  const parley = await buildApp(config, { logger: process.env.PARLEY_TEST_LOG ? { level: 'error' } : false });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    unclosed.delete(close);
    await parley.app.close();
    await dropDatabase?.();
  };
  unclosed.add(close);
  // Closes a server started at a describe's top level when that describe ends, not only when the file does.
  afterAll(close);
  return { ...parley, close };
}

export interface CallOptions {
  token?: string;
  /** Sent form-urlencoded, the specs' default content type. */
  form?: Record<string, string>;
  json?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface EnvelopeReply<T = any> {
  httpStatus: number;
  status: boolean;
  code: number | string;
  message: string;
  data: T;
  more?: boolean;
  errors?: { field: string; message: string }[];
  login_required?: boolean;
}

export async function call<T = any>(parley: Parley, method: string, path: string, opts: CallOptions = {}): Promise<EnvelopeReply<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers['authentication-token'] = opts.token;
  let payload: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(opts.json);
  }
  const res = await parley.app.inject({
    method: method as 'GET',
    url: `/api/${path.replace(/^\//, '')}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(opts.query ? { query: opts.query } : {}),
  });
  return { httpStatus: res.statusCode, ...(res.json() as Omit<EnvelopeReply<T>, 'httpStatus'>) };
}

export async function login(parley: Parley, email = DEMO_ADMIN_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  const res = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', {
    form: { email, password, captcha: 'any', captchaId: 'any' },
  });
  if (!res.status || !res.data?.token) throw new Error(`login of ${email} failed: ${res.message}`);
  return res.data.token as string;
}
