import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { initialisePgliteCluster } from './pglite-init.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Listener = (payload: string) => void;

/** One face for both engines: drizzle for queries, raw SQL for pg-boss, and LISTEN/NOTIFY for fan-out. */
export interface Database {
  readonly driver: 'pglite' | 'postgres';
  readonly db: Db;
  /** One statement with parameters, or (no parameters) a script of several statements. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Holds the session advisory lock (classId, hashtext(key)) for as long as this process lives: on PostgreSQL on a
   * connection of its own, taken again after that connection is lost. The database drops it the moment the process
   * dies, so other processes read its absence from pg_locks as the process being gone.
   */
  holdAdvisoryLock(classId: number, key: string): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
const TAKE_LOCK = 'SELECT pg_advisory_lock($1, hashtext($2))';

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const database =
    opts.databaseUrl && !opts.databaseUrl.startsWith('memory://')
      ? await openPostgres(opts.databaseUrl)
      : await openPglite(opts.databaseUrl ? undefined : join(opts.dataDir, 'pglite'));
  return database;
}

/**
 * PGlite's own settings (it already runs without fsync), plus two for writing: no full-page images in the WAL, which
 * protect against a page half-written by a machine that lost power, something a database that never waits for the
 * disk cannot promise anyway (a killed process leaves whole pages behind: its writes are in the system's cache), and
 * WAL buffers of 16 MB instead of 4 so a big transaction writes its WAL in fewer, larger calls. A million-row import:
 * 28.0k -> 29.3-29.7k rows/s (each WAL write and file lookup goes through the file system emulation).
 */
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'full_page_writes=off', '-c', 'wal_buffers=16MB'] };

/**
 * An in-memory database (`memory://`: the tests' and the smoke benches') starts from a copy of the first one this
 * process made, taken once it was migrated: a new PGlite cluster runs initdb (~1 s), which a copy skips, as it skips
 * the migrations. Every test file starts its own servers, so this was most of a test server's start.
 */
let migratedTemplate: Promise<Blob> | undefined;

async function newMemoryClient(): Promise<PGlite> {
  if (migratedTemplate) {
    const loadDataDir = await migratedTemplate.catch(() => undefined);
    if (loadDataDir) return new PGlite({ ...PGLITE_OPTIONS, loadDataDir });
  }
  const client = new PGlite(PGLITE_OPTIONS);
  await client.waitReady;
  await migratePglite(drizzlePglite(client, { schema }) as never, { migrationsFolder });
  if (!migratedTemplate) {
    // Taken before the caller writes anything (a seed) into this one.
    migratedTemplate = client.dumpDataDir('none');
    await migratedTemplate.catch(() => undefined);
  }
  return client;
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await initialisePgliteCluster(dir, PGLITE_OPTIONS.startParams);
  }
  const client = dir ? new PGlite(dir, PGLITE_OPTIONS) : await newMemoryClient();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // A copy of the template is migrated already: this finds nothing to do.
  await migratePglite(db as never, { migrationsFolder });
  let closed = false;
  return {
    driver: 'pglite',
    db,
    async executeSql(text, values) {
      // As on PostgreSQL: a write after close never answers, as in a killed process.
      if (closed) return new Promise(() => undefined);
      // PGlite's query() takes exactly one statement; pg-boss sends its schema scripts without parameters.
      if (!values?.length && text.includes(';')) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    async listen(channel, listener) {
      const unlisten = await client.listen(channel, listener);
      return unlisten;
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async holdAdvisoryLock(classId, key) {
      // One process owns an embedded database, and its session lives as long as the process.
      await client.query(TAKE_LOCK, [classId, key]);
    },
    async ping() {
      await client.query('SELECT 1');
      return true;
    },
    async close() {
      closed = true;
      await client.close();
    },
  };
}

const requestScope = new AsyncLocalStorage<true>();

/**
 * Runs `work` (and everything it starts) as part of an HTTP request: on PostgreSQL its statements are cancelled after
 * DATABASE_STATEMENT_TIMEOUT_MS (5 s; 0 turns it off), so no request holds a connection, a lock or a core for long.
 * Jobs (imports, vacuum, training, sending), migrations and start-up run outside it, on connections without a limit.
 * PGlite cannot do this: it runs a statement to its end on the process's thread, so nothing (not a timer, not a
 * cancel) happens until it returns; there, bounded offsets and keyset paging are what keep every statement short.
 */
export function asRequest<T>(work: () => T): T {
  return requestScope.run(true, work);
}

/** SQLSTATE 57014 (query_canceled): a statement stopped by statement_timeout. */
export function isStatementTimeout(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

async function openPostgres(url: string): Promise<Database> {
  const max = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection closed by the server (restart, failover, admin command) must not crash the process:
  // the pool drops it and opens a new one on the next query.
  pool.on('error', (err) => console.warn(`database: idle connection lost (${err.message})`));
  // Requests get connections of their own, opened with the limit (a startup parameter, no extra round trip). The pool
  // object stays the one drizzle and the import know (both test `instanceof pg.Pool`); inside a request its query and
  // connect go to these. Both pools close idle connections after 10 s, so jobs' connections are held only while they run.
  const statementTimeout = Number(process.env.DATABASE_STATEMENT_TIMEOUT_MS ?? 5000);
  if (statementTimeout > 0) {
    const limited = new pg.Pool({ connectionString: url, max, statement_timeout: statementTimeout });
    limited.on('error', (err) => console.warn(`database: idle connection lost (${err.message})`));
    const own = { query: pool.query.bind(pool), connect: pool.connect.bind(pool), end: pool.end.bind(pool) };
    const route = <K extends 'query' | 'connect'>(k: K) =>
      ((...args: unknown[]) =>
        requestScope.getStore()
          ? (limited[k] as (...a: unknown[]) => unknown).apply(limited, args)
          : (own[k] as (...a: unknown[]) => unknown)(...args)) as pg.Pool[K];
    pool.query = route('query');
    pool.connect = route('connect');
    pool.end = (async () => {
      await limited.end();
      await own.end();
    }) as pg.Pool['end'];
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  // LISTEN needs one connection of its own that lives as long as the process; when it is lost, a new one
  // listens again on every channel.
  let listenClient: Promise<pg.Client> | undefined;
  let closing = false;
  const listeners = new Map<string, Set<Listener>>();
  const listenerClient = (): Promise<pg.Client> => {
    listenClient ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (msg) => {
        for (const l of listeners.get(msg.channel) ?? []) l(msg.payload ?? '');
      });
      c.on('error', (err) => {
        console.warn(`database: LISTEN connection lost (${err.message})`);
        listenClient = undefined;
        if (!closing) setTimeout(() => void relisten(), 1000);
      });
      await c.connect();
      for (const channel of listeners.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return c;
    })().catch((err: unknown) => {
      listenClient = undefined;
      throw err;
    });
    return listenClient;
  };
  const relisten = () => listenerClient().catch((err: Error) => console.warn(`database: LISTEN reconnect failed (${err.message})`));
  // The locks held for the process's life (holdAdvisoryLock), on a connection of their own.
  const held: [number, string][] = [];
  let lockClient: Promise<pg.Client> | undefined;
  const lockHolder = (): Promise<pg.Client> => {
    lockClient ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('error', (err) => {
        console.warn(`database: lock connection lost (${err.message})`);
        lockClient = undefined;
        if (!closing) setTimeout(() => void lockHolder().catch((e: Error) => console.warn(`database: locks not taken again (${e.message})`)), 1000);
      });
      await c.connect();
      // The locks say "this process lives" (jobs/heartbeats.ts). A machine that vanished (power, network) sends no
      // FIN: the server's keepalive probes end its connection, and so its locks, within ~25 s instead of TCP's hours.
      // A live process's kernel answers the probes even while its event loop is stalled.
      await c.query('SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3');
      for (const [classId, key] of held) await c.query(TAKE_LOCK, [classId, key]);
      return c;
    })().catch((err: unknown) => {
      lockClient = undefined;
      throw err;
    });
    return lockClient;
  };
  return {
    driver: 'postgres',
    db,
    async executeSql(text, values) {
      // A job that outlived pg-boss's stop() (its 5 s) records its end after the pool closed: that write never
      // answers, as in a killed process, and the job is taken over as from a lost one. An empty answer was read as
      // a result (pg-boss took rows[0].count), an error surfaced as an unhandled rejection.
      if (closing) return new Promise(() => undefined);
      const result = await pool.query(text, values as unknown[]);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async listen(channel, listener) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        const c = await listenerClient();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async holdAdvisoryLock(classId, key) {
      held.push([classId, key]);
      // A new connection takes every held lock as it opens; an open one takes this one now.
      if (lockClient) await (await lockClient).query(TAKE_LOCK, [classId, key]);
      else await lockHolder();
    },
    async ping() {
      await pool.query('SELECT 1');
      return true;
    },
    async close() {
      closing = true;
      await (await listenClient?.catch(() => undefined))?.end();
      await (await lockClient?.catch(() => undefined))?.end();
      await pool.end();
    },
  };
}
