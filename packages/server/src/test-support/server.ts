// What the tests and the benches share to drive a real server: start it on a database of its own, sign in, call the
// API. Nothing here may import a test runner: the benches load this module outside any Vitest run (a Vitest hook
// called at load time throws 'Vitest failed to find the current suite' there). src/test/harness.ts adds the
// test-file cleanup on top.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TrainingStatus } from '@parley/sdk/contract/nlp-agents';
import { buildApp, type Parley } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { DEMO_ADMIN_EMAIL } from '../seed/demo.js';

export const DEMO_PASSWORD = 'parley-admin';

export type RunningServer = Parley & { close(): Promise<void> };

export interface StartOptions {
  /**
   * An admin URL of a PostgreSQL server (such as postgres://postgres@127.0.0.1:5432/postgres): the server gets a new
   * database there, dropped by close(). Without it, the config's databaseUrl (embedded PGlite) is used as given.
   */
  postgresAdminUrl?: string;
  /** The new database's name starts with this, so a leftover one says who made it. */
  databasePrefix?: string;
  logger?: boolean | object;
}

async function adminStatement(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A real server (not listening until the caller says so) built from `overrides` on top of an empty environment. */
export async function startParley(overrides: Partial<Config>, opts: StartOptions = {}): Promise<RunningServer> {
  const { postgresAdminUrl } = opts;
  let databaseUrl = overrides.databaseUrl;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (postgresAdminUrl) {
    const name = `${opts.databasePrefix ?? 'parley_test'}_${randomBytes(6).toString('hex')}`;
    await adminStatement(postgresAdminUrl, `CREATE DATABASE ${name}`);
    databaseUrl = postgresAdminUrl.replace(/\/[^/]*$/, `/${name}`);
    dropDatabase = () => adminStatement(postgresAdminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  let parley: Parley;
  try {
    parley = await buildApp(loadConfig({}, { ...overrides, databaseUrl }), { logger: opts.logger ?? false });
  } catch (err) {
    await dropDatabase?.();
    throw err;
  }
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await parley.app.close();
    } finally {
      await dropDatabase?.();
    }
  };
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers read envelopes of many shapes
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

/** One API call through Fastify's inject (no socket), its JSON envelope with the HTTP status beside it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see EnvelopeReply
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

/** Polls the training status as the console does when it has no socket, until the job has ended. */
export async function waitForTraining(parley: Parley, token: string, agentId: string, timeoutMs = 90_000): Promise<TrainingStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = (await call<TrainingStatus>(parley, 'GET', `nlp/agent/${agentId}/training`, { token })).data;
    if (status.status !== 'training') return status;
    if (Date.now() > until) throw new Error(`training of ${agentId} did not end within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
