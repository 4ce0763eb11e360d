import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, login, startServer } from '../test/harness.js';
import { INVALID_TOKEN } from './socket-gateway.js';

interface Received {
  type: string;
  data?: Record<string, unknown>;
}

/** A socket client that keeps every message and can wait for one. */
function connect(url: string) {
  const ws = new WebSocket(url);
  const messages: Received[] = [];
  const waiters: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as Received;
    messages.push(m);
    for (const w of waiters.filter((w) => w.match(m))) w.resolve(m);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = (match: (m: Received) => boolean, ms = 5000) =>
    new Promise<Received>((resolve, reject) => {
      const found = messages.find(match);
      if (found) return resolve(found);
      waiters.push({ match, resolve });
      setTimeout(() => reject(new Error('no such message in time')), ms);
    });
  const opened = new Promise<void>((resolve) => ws.on('open', () => resolve()));
  return { ws, messages, next, closed, opened };
}

describe('realtime socket', async () => {
  const parley = await startServer({ jobs: true });
  await parley.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = parley.app.server.address() as AddressInfo;
  const url = `ws://127.0.0.1:${port}/api/ws`;

  it('delivers a finished job, published through LISTEN/NOTIFY, to the sockets of its enterprise', async () => {
    const token = await login(parley);
    const viaQuery = connect(`${url}?token=${token}`);
    await viaQuery.next((m) => m.type === 'ready');
    const viaMessage = connect(url);
    await viaMessage.opened;
    viaMessage.ws.send(JSON.stringify({ type: 'auth', token }));
    await viaMessage.next((m) => m.type === 'ready');

    const queued = await call(parley, 'POST', 'e/enterprise/jobs/demo', { token, form: { text: 'hello' } });
    expect(queued.status).toBe(true);
    const jobId = queued.data.jobId as string;
    for (const client of [viaQuery, viaMessage]) {
      const done = await client.next((m) => m.type === 'job.done', 15_000);
      expect(done.data).toMatchObject({ jobId, name: 'demo.echo' });
    }
    viaQuery.ws.close();
    viaMessage.ws.close();
  });

  it('answers ping with pong', async () => {
    const client = connect(`${url}?token=${await login(parley)}`);
    await client.next((m) => m.type === 'ready');
    client.ws.send(JSON.stringify({ type: 'ping' }));
    await client.next((m) => m.type === 'pong');
    client.ws.close();
  });

  it('closes with 4001 for an invalid token', async () => {
    const client = connect(`${url}?token=not-a-session`);
    expect(await client.closed).toBe(INVALID_TOKEN);
  });

  it('does not deliver another enterprise’s events', async () => {
    const token = await login(parley);
    const client = connect(`${url}?token=${token}`);
    await client.next((m) => m.type === 'ready');
    await parley.events.publish({ type: 'job.done', eId: '00000000-0000-4000-8000-000000000000', data: { jobId: 'foreign' } });
    await parley.events.publish({ type: 'marker', eId: (await call(parley, 'GET', 'e/enterprise/profile/', { token })).data.eId, data: {} });
    await client.next((m) => m.type === 'marker');
    expect(client.messages.some((m) => m.data?.jobId === 'foreign')).toBe(false);
    client.ws.close();
  });
});
