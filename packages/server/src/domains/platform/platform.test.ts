import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';

describe('platform: audit trail, health, envelopes', async () => {
  const parley = await startServer();

  it('records mutating calls with who, what and how they ended, including refusals', async () => {
    const admin = await login(parley);
    const viewer = await login(parley, 'viewer@parley.dev');
    await call(parley, 'PUT', 'e/enterprise/profile', { token: viewer, form: { name: 'Vera Viewer' } });
    await call(parley, 'POST', 'e/enterprise/jobs/demo', { token: viewer, form: { text: 'x' } });
    const trail = await call(parley, 'GET', 'e/enterprise/audit_trail', { token: admin, query: { perPage: '50' } });
    const actions = trail.data.map((e: { action: string; statusCode: number; userName: string }) => `${e.action} ${e.statusCode} ${e.userName}`);
    expect(actions).toContain('PUT /api/e/enterprise/profile 100 Vera Viewer');
    expect(actions).toContain('POST /api/account/enterprise/login/twoFactorAuth 100 Vera Viewer');
    const refused = await call(parley, 'GET', 'e/enterprise/audit_trail', { token: viewer });
    expect(refused.code).toBe(1403);
    const page1 = await call(parley, 'GET', 'e/enterprise/audit_trail', { token: admin, query: { perPage: '2' } });
    expect([page1.data.length, page1.more]).toEqual([2, true]);
  });

  it('records a write refused by validation with its envelope code', async () => {
    const fresh = await startServer();
    const viewer = await login(fresh, 'viewer@parley.dev');
    const roleless = await call(fresh, 'POST', 'e/enterprise/jobs/demo', { token: viewer, form: { text: '' } });
    expect(roleless.code).toBe(1400);
    const trail = await call(fresh, 'GET', 'e/enterprise/audit_trail', { token: await login(fresh), query: { perPage: '50' } });
    expect(trail.data.map((e: { statusCode: number }) => e.statusCode)).toContain(1400);
  });

  it('reports health with the database driver and the job queue', async () => {
    const res = await call(parley, 'GET', 'health');
    expect(res.data).toMatchObject({ status: 'ok', database: { ok: true }, jobs: { ok: true } });
    expect(['pglite', 'postgres']).toContain(res.data.database.driver);
  });

  it('answers unknown paths, bad JSON and duplicate slashes in envelopes', async () => {
    expect(await call(parley, 'GET', 'no/such/route')).toMatchObject({ httpStatus: 404, status: false, code: 1404 });
    const bad = await parley.app.inject({
      method: 'POST',
      url: '/api/account/enterprise/recover',
      headers: { 'content-type': 'application/json' },
      payload: '{"emailId":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false, code: 1400 });
    const slashes = await parley.app.inject({ method: 'GET', url: '/api//health' });
    expect(slashes.json().code).toBe(100);
    const page = await parley.app.inject({ method: 'GET', url: '/some/page' });
    expect([page.statusCode, page.body]).toEqual([404, 'The console is not built: run `npm run build`.']);
    expect(slashes.headers['cache-control']).toBe('no-store');
  });
});
