import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startServer } from '../test/harness.js';
import { INSTALL_SECRETS_FILE, installSecrets, withInstallSecrets } from './install-secrets.js';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-install-secrets-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The values every installation once shared (public in the README): no installation may have them unless it asks. */
const PUBLIC = ['sandbox-access-token', 'sandbox-app-secret', 'parley-verify'];

describe("an installation's own sandbox credentials and verify token", () => {
  it('are made at the first start, kept in DATA_DIR (owner-only), and the same at every later start', () => {
    const dir = newDir();
    const first = installSecrets(dir);
    for (const value of Object.values(first)) {
      expect(value.length).toBeGreaterThanOrEqual(32);
      expect(PUBLIC).not.toContain(value);
    }
    expect(new Set(Object.values(first)).size).toBe(3);
    expect(statSync(join(dir, INSTALL_SECRETS_FILE)).mode & 0o777).toBe(0o600);
    expect(installSecrets(dir)).toEqual(first);
    expect(installSecrets(newDir())).not.toEqual(first);
    // An in-memory database has no data directory: a fresh set each time.
    expect(installSecrets(null)).not.toEqual(installSecrets(null));
  });

  it('give way to the variables that set them', () => {
    const dir = newDir();
    const env = { PARLEY_SANDBOX_ACCESS_TOKEN: 'my-token', PARLEY_SANDBOX_APP_SECRET: 'my-secret', PARLEY_WHATSAPP_VERIFY_TOKEN: 'my-verify' };
    const set = withInstallSecrets(loadConfig(env), dir);
    expect([set.sandboxAccessToken, set.sandboxAppSecret, set.whatsappVerifyToken]).toEqual(['my-token', 'my-secret', 'my-verify']);
    const unset = withInstallSecrets(loadConfig({}), dir);
    expect(unset).toMatchObject(installSecrets(dir));
  });

  it('are what a server uses: the public verify token and access token are refused', async () => {
    const parley = await startServer();
    const { config } = parley.deps;
    for (const value of [config.sandboxAccessToken, config.sandboxAppSecret, config.whatsappVerifyToken]) expect(PUBLIC).not.toContain(value);
    const check = (token: string) =>
      parley.app.inject({ method: 'GET', url: `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=7` });
    expect((await check('parley-verify')).statusCode).toBe(403);
    expect((await check(config.whatsappVerifyToken)).body).toBe('7');
    const sandbox = (token: string) =>
      parley.app.inject({ method: 'GET', url: '/sandbox/whatsapp/v21.0/200000000000001/message_templates', headers: { authorization: `Bearer ${token}` } });
    expect((await sandbox('sandbox-access-token')).statusCode).toBe(401);
    expect((await sandbox(config.sandboxAccessToken)).statusCode).toBe(200);
  });
});
