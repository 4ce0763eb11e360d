import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { AUTH_REUSE_MS } from './sessions.js';

/**
 * Requests may reuse a check of their token made less than AUTH_REUSE_MS ago (sessions.ts). A revocation made in
 * this process ends the session at once; one made elsewhere (another process, written straight to the table here)
 * within AUTH_REUSE_MS.
 */
describe('session checks reused for a second', async () => {
  const parley = await startServer();
  const profile = (token: string) => call(parley, 'GET', 'e/enterprise/profile/', { token });

  it('ends a session revoked by another process within a second', async () => {
    const token = await login(parley, 'viewer@parley.dev');
    expect((await profile(token)).code).toBe(100);
    await parley.database.executeSql(
      `UPDATE sessions SET revoked_at = now() WHERE u_id = (SELECT id FROM users WHERE email = 'viewer@parley.dev') AND revoked_at IS NULL`,
    );
    const revokedAt = Date.now();
    let refusedAfter: number | undefined;
    while (Date.now() - revokedAt < AUTH_REUSE_MS + 1000) {
      if ((await profile(token)).login_required) {
        refusedAfter = Date.now() - revokedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(refusedAfter).toBeDefined();
    expect(refusedAfter!).toBeLessThanOrEqual(AUTH_REUSE_MS + 200);
  });

  it('ends a session logged out in this process at once, even right after a reused check', async () => {
    const token = await login(parley, 'maker@parley.dev');
    await Promise.all([profile(token), profile(token), profile(token)]);
    expect((await call(parley, 'GET', 'account/logout', { token })).code).toBe(100);
    expect((await profile(token)).login_required).toBe(true);
  });
});
