import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface RecordedHook {
  headers: IncomingHttpHeaders;
  raw: string;
  body: any;
}

/** A webhook receiver on a loopback port (point PARLEY_SANDBOX_WEBHOOK_URL at `url`) that keeps what it gets. */
export async function webhookRecorder() {
  const hooks: RecordedHook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      hooks.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(200).end('EVENT_RECEIVED');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { hooks, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

/** What `read()` gives once `ok` holds, or after `ms` whatever it is. */
export async function until<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, ms = 4000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return value;
}

export const valueOf = (h: RecordedHook) => h.body.entry?.[0]?.changes?.[0]?.value;
export const statusOf = (h: RecordedHook) => valueOf(h)?.statuses?.[0];
