import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startServer } from '../test/harness.js';

/** The audit trail records what a call does, as its contract declares it, not what its HTTP method suggests. */
describe('audit by declared effect', async () => {
  const parley = await startServer();
  const admin = await login(parley);
  const developer = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token: developer, form: { name: 'Audited', description: 'd', type: 'nlp' } })).data.id as string;

  // The audit row is written once the reply has gone out, so a check right after the call polls for it.
  const trail = async () => {
    const res = await call(parley, 'GET', 'e/enterprise/audit_trail', { token: admin, query: { perPage: '-1' } });
    return (res.data as { action: string; statusCode: number }[]).map((e) => `${e.action} ${e.statusCode}`);
  };

  it('records GET train, which queues a training', async () => {
    const storyId = (await call(parley, 'POST', 'nlp/story', { token: developer, form: { agentId, name: 'Main' } })).data.id as string;
    const intent = {
      agentId,
      storyId,
      name: 'greet',
      utterances: [{ utterance: 'hello there' }, { utterance: 'good morning' }],
      responses: [{ response: 'Hi!' }],
    };
    expect((await call(parley, 'POST', 'nlp/intent', { token: developer, json: intent })).code).toBe(100);
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token: developer })).code).toBe(100);
    await expect.poll(trail).toContain('GET /api/nlp/agent/:id/train 100');
  });

  it('records GET recovery, which replaces the recovery codes', async () => {
    const token = await login(parley, 'viewer@parley.dev');
    const password = DEMO_PASSWORD;
    const enrol = await call(parley, 'PUT', 'e/enterprise/users/twoFactorAuth/totp', { token, form: { password } });
    const securityCode = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrol.data.secret as string) }).generate();
    expect((await call(parley, 'POST', 'e/enterprise/users/twoFactorAuth/totp/verify', { token, form: { securityCode, password } })).code).toBe(100);
    const codes = await call(parley, 'GET', 'e/enterprise/users/twoFactorAuth/recovery', { token, query: { password } });
    expect(codes.data.recoveryCodes).toHaveLength(10);
    await expect.poll(trail).toContain('GET /api/e/enterprise/users/twoFactorAuth/recovery 100');
  });

  it('records GET logout, which ends the session', async () => {
    const token = await login(parley, 'maker@parley.dev');
    expect((await call(parley, 'GET', 'account/logout', { token })).code).toBe(100);
    await expect.poll(trail).toContain('GET /api/account/logout 100');
  });

  it('does not record report POSTs or chat turns, which only read (or are logged as the conversation)', async () => {
    const range = { agentId, startDate: '2024-01-01', endDate: '2024-01-31' };
    for (const report of ['conversationsReport', 'graphReport', 'topIntent', 'conversations']) {
      expect((await call(parley, 'POST', `nlp/${report}`, { token: developer, form: range })).code).toBe(100);
    }
    await call(parley, 'POST', 'nlp/predictIntent', { token: developer, json: { agentId, message: { text: 'hello' } } });
    // An audited write after them: once its row is there, any row of the calls before it would be too.
    await call(parley, 'POST', 'nlp/story', { token: developer, form: { agentId, name: 'After the reports' } });
    await expect.poll(trail).toContain('POST /api/nlp/story 100');
    const recorded = (await trail()).filter((a) => /nlp\/(conversationsReport|graphReport|topIntent|conversations|predictIntent) /.test(a));
    expect(recorded).toEqual([]);
  });
});
