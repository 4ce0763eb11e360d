import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BehaviorSubject, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, ParleyError } from './client.js';

// A fixture that speaks the API's envelope wire format; the real server is exercised in the server's tests.
let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void = () => undefined;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => handler(req, res, body));
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
const reply = (res: ServerResponse, status: number, envelope: object) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(envelope));
};

describe('ParleyClient', () => {
  it('decodes data, sends the token header and form bodies', async () => {
    let seen: { token?: string | string[]; body?: string; type?: string } = {};
    handler = (req, res, body) => {
      seen = { token: req.headers['authentication-token'], body, type: req.headers['content-type'] };
      reply(res, 200, { status: true, code: 100, message: 'Login Successful', data: { token: 't1' } });
    };
    const client = createClient({ baseUrl: base, token: 'abc' });
    const data = await firstValueFrom(client.account.login({ email: 'a@b.co', password: 'x', captcha: 'c', captchaId: 'i' }));
    expect(data.token).toBe('t1');
    expect(seen.token).toBe('abc');
    expect(seen.type).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(seen.body).get('email')).toBe('a@b.co');
  });

  it('retries a read lost to the network, but never a GET that changes state', async () => {
    let calls = 0;
    handler = (req, res) => {
      calls += 1;
      // The first attempt of each call dies mid-connection, as a dropped network would.
      if (calls % 2 === 1) return res.destroy();
      reply(res, 200, { status: true, code: 100, message: 'ok', data: null });
    };
    const client = createClient({ baseUrl: base, token: 't' });
    await firstValueFrom(client.account.logout({}), { defaultValue: null }).catch(() => null);
    expect(calls).toBe(1);
    calls = 0;
    await firstValueFrom(client.platform.appConfig({}), { defaultValue: null }).catch(() => null);
    expect(calls).toBe(2);
  });

  it('turns a refusal into a typed ParleyError with field errors', async () => {
    handler = (_req, res) =>
      reply(res, 400, { status: false, code: 1400, message: 'Please enter captcha.', errors: [{ field: 'captcha', message: 'Please enter captcha.' }] });
    const client = createClient({ baseUrl: base });
    const error = await firstValueFrom(client.account.recover({ emailId: 'a@b.co', captcha: '', captchaId: '' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParleyError);
    expect((error as ParleyError).code).toBe(1400);
    expect((error as ParleyError).fieldMessage('captcha')).toBe('Please enter captcha.');
  });

  it('emits signed-out on HTTP 403 and on login_required, but not on a 1403 refusal', async () => {
    const client = createClient({ baseUrl: base, token: new BehaviorSubject<string | null>('tok') });
    const events: string[] = [];
    client.session$.subscribe((e) => events.push(e.reason));
    handler = (_req, res) => reply(res, 200, { status: false, code: 1403, message: 'Access Denied' });
    await firstValueFrom(client.profile.roleConfig({})).catch(() => undefined);
    expect(events).toEqual([]);
    handler = (_req, res) => reply(res, 401, { status: false, code: 1401, message: 'Session Expired! Please login', login_required: true });
    await firstValueFrom(client.profile.get({})).catch(() => undefined);
    handler = (_req, res) => reply(res, 403, { status: false, code: 1403, message: 'Forbidden' });
    await firstValueFrom(client.profile.get({})).catch(() => undefined);
    expect(events).toEqual(['login-required', 'http-403']);
  });

  it('aborts the request when the subscriber unsubscribes', async () => {
    let aborted!: () => void;
    const closed = new Promise<void>((r) => (aborted = r));
    handler = (req) => req.on('close', () => aborted());
    const client = createClient({ baseUrl: base });
    const subscription = client.platform.health({}).subscribe({ error: () => undefined });
    await new Promise((r) => setTimeout(r, 50));
    subscription.unsubscribe();
    await closed;
  });

  it('reports an unreachable server as a network ParleyError with code 0', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/api' });
    const error = (await firstValueFrom(client.account.logout({})).catch((e: unknown) => e)) as ParleyError;
    expect(error.code).toBe(0);
    expect(error.message).toBe('Something went wrong !!');
  });
});
