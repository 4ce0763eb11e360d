import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, type RoleId } from '@parley/sdk/contract/permissions';
import { DEMO_USERS } from '../seed/demo.js';
import { call, login, startServer } from '../test/harness.js';
import { routeTable } from './route.js';

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/^\/api\//, '');

describe('every route declares who may call it, and the declaration is enforced', async () => {
  const parley = await startServer();
  const tokens = new Map<RoleId, string>();
  for (const u of DEMO_USERS) tokens.set(u.role, await login(parley, u.email));

  it('has an entry for every /api route the server registered', () => {
    const table = new Set(routeTable.map((r) => `${r.method} ${r.url}`));
    const missing = parley.apiRoutes.map((r) => `${r.method} ${r.url}`).filter((r) => !table.has(r));
    expect(missing).toEqual([]);
    expect(parley.apiRoutes.length).toBeGreaterThan(30);
  });

  it('refuses every non-public route without a token with 1401', async () => {
    for (const entry of routeTable.filter((r) => r.access !== 'public' && !r.url.endsWith('/ws'))) {
      const res = await call(parley, entry.method, fill(entry.url));
      expect({ route: `${entry.method} ${entry.url}`, code: res.code, status: res.httpStatus }).toEqual({
        route: `${entry.method} ${entry.url}`,
        code: 1401,
        status: 401,
      });
    }
  });

  it('refuses every permission route to a role holding none of its permissions with 1403', async () => {
    const guarded = routeTable.filter((r) => Array.isArray(r.access));
    expect(guarded.length).toBeGreaterThan(0);
    for (const entry of guarded) {
      const needed = entry.access as readonly string[];
      const role = (Object.keys(ROLE_PERMISSIONS).map(Number) as RoleId[]).find((r) => !ROLE_PERMISSIONS[r].some((p) => needed.includes(p)));
      expect(role, `some demo role lacks ${needed.join('|')}`).toBeDefined();
      const res = await call(parley, entry.method, fill(entry.url), { token: tokens.get(role!)! });
      expect({ route: `${entry.method} ${entry.url}`, code: res.code, status: res.status }).toEqual({
        route: `${entry.method} ${entry.url}`,
        code: 1403,
        status: false,
      });
      expect(res.message).toBe('Access Denied');
    }
  });

  it('lets public routes answer without a token', async () => {
    for (const path of ['health', 'app/config', 'account/captcha/generate']) {
      const res = await call(parley, 'GET', path);
      expect(res.code).toBe(100);
    }
  });
});
