import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { call, startServer } from '../../test/harness.js';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));

describe('PARLEY_DEV_MAILBOX=on: the open mailbox of a developer’s machine', async () => {
  const parley = await startServer({ devMailbox: true });

  it('lets a signed-out developer read a reset link, and the console links to it', async () => {
    await call(parley, 'POST', 'account/enterprise/recover', { form: { emailId: 'admin@parley.dev', captcha: 'x', captchaId: 'x' } });
    const mails = await call(parley, 'GET', 'dev/mailbox', { query: { to: 'admin@parley.dev' } });
    expect(mails.code).toBe(100);
    expect(mails.data[0].text).toContain('resetCode=');
    expect((await call(parley, 'GET', 'app/config')).data.mailbox).toBe(true);
  });
});

describe('listen address and the dev mailbox', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).devMailbox).toBe(false);
  });

  it('accepts the dev mailbox on loopback hosts only', () => {
    for (const HOST of [undefined, '127.0.0.1', '::1', 'localhost']) {
      expect(loadConfig({ PARLEY_DEV_MAILBOX: 'on', ...(HOST ? { HOST } : {}) }).devMailbox).toBe(true);
    }
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'parley.example.com']) {
      expect(() => loadConfig({ PARLEY_DEV_MAILBOX: 'on', HOST })).toThrow(`HOST is "${HOST}"`);
    }
    expect(() => loadConfig({}, { devMailbox: true, host: '0.0.0.0' })).toThrow(/PARLEY_DEV_MAILBOX=on .* loopback HOST/);
  });

  it('refuses to start the server with the dev mailbox on 0.0.0.0, saying why', async () => {
    // One process (tsx as a loader, not its CLI wrapper), so the timeout's kill leaves nothing running.
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', '--conditions', '@parley/source', `${root}packages/server/src/main.ts`], {
      cwd: root,
      timeout: 45_000,
      killSignal: 'SIGKILL',
      env: { ...process.env, PARLEY_DEV_MAILBOX: 'on', HOST: '0.0.0.0', PORT: '0', DATABASE_URL: 'memory://', PARLEY_JOBS: 'off' },
    });
    const failure = (await run.then(
      () => null,
      (err: unknown) => err,
    )) as { code: number; stderr: string } | null;
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('Parley did not start: PARLEY_DEV_MAILBOX=on');
    expect(failure?.stderr).toContain('HOST is "0.0.0.0"');
  }, 90_000);
});
