import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { asRequest } from '../db/database.js';
import { startServer } from '../test/harness.js';
import { errorsPlugin } from './errors-plugin.js';

// Read when the database opens: a short limit keeps the test short.
const LIMIT_MS = 300;
const before = process.env.DATABASE_STATEMENT_TIMEOUT_MS;
process.env.DATABASE_STATEMENT_TIMEOUT_MS = String(LIMIT_MS);
afterAll(() => {
  if (before === undefined) delete process.env.DATABASE_STATEMENT_TIMEOUT_MS;
  else process.env.DATABASE_STATEMENT_TIMEOUT_MS = before;
});

describe('the statement time limit of requests', async () => {
  const parley = await startServer();
  const { database } = parley;
  /** An app as buildApp wires it (the scope hook first, the errors plugin), with routes that run slow statements. */
  const app = Fastify();
  app.addHook('onRequest', (_request, _reply, done) => asRequest(done));
  await app.register(errorsPlugin);
  app.get('/sleep', async () => database.executeSql('select pg_sleep(1)').then(() => ({ slept: true })));
  app.get('/sleep-in-transaction', async () => database.db.transaction(async (tx) => tx.execute(sql`select pg_sleep(1)`)).then(() => ({ slept: true })));
  app.get('/quick', async () => ({ rows: (await database.executeSql('select 1 as one')).rows }));
  await app.ready();
  afterAll(() => app.close());

  it('answers a request whose statement was stopped with 1503 and a message, never a 500', async () => {
    // A thrown query_canceled error, as drizzle wraps it, on either engine.
    const wrapped = Fastify();
    await wrapped.register(errorsPlugin);
    wrapped.get('/', async () => {
      throw new Error('Failed query: select ...', { cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }) });
    });
    const res = await wrapped.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: false, code: 1503, message: 'This took too long and was stopped. Please narrow the search and try again' });
    await wrapped.close();
  });

  it.runIf(database.driver === 'postgres')(`stops a request's statement after ${LIMIT_MS} ms on PostgreSQL, in a transaction too`, async () => {
    for (const url of ['/sleep', '/sleep-in-transaction']) {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 503, code: 1503 });
      expect(Date.now() - started).toBeLessThan(900);
    }
    // The connection given back after a cancel serves the next request.
    expect((await app.inject({ method: 'GET', url: '/quick' })).json()).toEqual({ rows: [{ one: 1 }] });
  });

  it.runIf(database.driver === 'postgres')('leaves statements outside requests (jobs, migrations, start-up) without a limit', async () => {
    await expect(database.executeSql('select pg_sleep(0.6)')).resolves.toBeDefined();
    await expect(database.db.transaction(async (tx) => tx.execute(sql`select pg_sleep(0.6)`))).resolves.toBeDefined();
  });
});
