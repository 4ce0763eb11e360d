import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { DEMO_ADMIN_EMAIL } from '../seed/demo.js';
import { DEMO_PASSWORD } from '../test/harness.js';
import { redactUrl } from './log-redaction.js';

describe('log lines carry no credentials', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({}, { databaseUrl: 'memory://', captcha: false, jobs: false, hostDist: '/nonexistent', logLevel: 'info' });
  const { app } = await buildApp(config, { logger: { stream } });
  afterAll(() => app.close());

  it('redacts the session token, chat reference, reset code and captcha answers of every request', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/account/enterprise/login/twoFactorAuth',
      payload: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD, captcha: 'captcha-answer-42', captchaId: 'x' },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    expect(token.length).toBeGreaterThan(20);
    await app.inject({ method: 'GET', url: `/api/ws?token=${token}` });
    await app.inject({ method: 'GET', url: `/chatagent?chatRefId=${token}&x=1` });
    await app.inject({ method: 'GET', url: '/api/account/users/activate?activationId=activation-secret-9' });
    await app.inject({ method: 'GET', url: '/reset-password?uId=u1&resetCode=reset-secret-7' });
    await app.inject({ method: 'GET', url: '/api/profile', headers: { 'authentication-token': token } });
    // The requests' lines: the first start's own note names the demo's published default password (README), once.
    const logLines = lines.join('').split('\n');
    const log = logLines.filter((l) => !l.includes('seeded enterprise')).join('\n');
    expect(logLines.filter((l) => l.includes(DEMO_PASSWORD))).toHaveLength(1);
    expect(log).toContain('/api/ws?token=[redacted]');
    expect(log).toContain('/chatagent?chatRefId=[redacted]&x=1');
    for (const secret of [token, 'captcha-answer-42', DEMO_PASSWORD, 'activation-secret-9', 'reset-secret-7']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('redactUrl', () => {
  it('keeps harmless parameters and the path, and redacts secret-named ones however they are spelt', () => {
    expect(redactUrl('/api/nlp/v2/agent?name=shop&from=0')).toBe('/api/nlp/v2/agent?name=shop&from=0');
    expect(redactUrl('/api/x?Embed-Key=abc&password=p&otpCode=1')).toBe('/api/x?Embed-Key=[redacted]&password=[redacted]&otpCode=[redacted]');
    expect(redactUrl('/signup-verify/abcdef?x=1')).toBe('/signup-verify/[redacted]?x=1');
    expect(redactUrl('/api/x?%74oken=abc')).toBe('/api/x?%74oken=[redacted]');
  });
});
