import type { AddressInfo } from 'node:net';
import { filter, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectRealtime, type WebSocketLike } from '@parley/sdk/realtime-socket';
import { call, login, startServer } from '../test/harness.js';

const nodeSocket = (url: string) => new WebSocket(url) as unknown as WebSocketLike;

describe('the SDK realtime socket against the real gateway', async () => {
  const parley = await startServer({ jobs: true });
  await parley.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = parley.app.server.address() as AddressInfo;
  const api = `http://127.0.0.1:${port}/api`;

  it('opens with the token, receives the enterprise events and keeps the heartbeat', async () => {
    const token = await login(parley);
    const socket = connectRealtime({ url: api, token, webSocket: nodeSocket, timings: { pingMs: 50 } });
    await firstValueFrom(socket.status$.pipe(filter((s) => s === 'open')));
    const done = firstValueFrom(socket.events$.pipe(filter((e) => e.type === 'job.done')));
    const queued = await call(parley, 'POST', 'e/enterprise/jobs/demo', { token, form: { text: 'sdk' } });
    expect((await done).data?.jobId).toBe(queued.data.jobId);
    // Several heartbeats later the socket is still open: pongs arrive.
    await new Promise((r) => setTimeout(r, 300));
    socket.close();
    expect(await firstValueFrom(socket.status$.pipe(filter((s) => s === 'closed')))).toBe('closed');
  });

  it('stops with invalid-token instead of reconnecting when the session is gone', async () => {
    const socket = connectRealtime({ url: api, token: 'revoked-or-made-up', webSocket: nodeSocket, timings: { firstRetryMs: 10 } });
    expect(await firstValueFrom(socket.status$.pipe(filter((s) => s === 'invalid-token' || s === 'reconnecting')))).toBe('invalid-token');
    socket.close();
  });

  it('reconnects after the server drops the connection', async () => {
    const token = await login(parley);
    const socket = connectRealtime({ url: api, token, webSocket: nodeSocket, timings: { firstRetryMs: 20 } });
    await firstValueFrom(socket.status$.pipe(filter((s) => s === 'open')));
    const reopened = firstValueFrom(socket.status$.pipe(filter((s) => s === 'reconnecting')));
    for (const client of parley.app.websocketServer.clients) client.terminate();
    await reopened;
    await firstValueFrom(socket.status$.pipe(filter((s) => s === 'open')));
    socket.close();
  });
});
