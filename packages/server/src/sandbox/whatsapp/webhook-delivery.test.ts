import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyCloudSignature } from '../../vendors/whatsapp-webhook.js';
import { META_RETRY_HORIZON_MS, metaRetry, retryDelay, WebhookDelivery } from './webhook-delivery.js';
import type { SentMessage } from './webhook-payloads.js';

const SECRET = 'batch-secret';
const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

/** Each webhook's raw body as it arrived. */
async function receiver() {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (verifyCloudSignature(Buffer.from(raw), req.headers['x-hub-signature-256'], SECRET)) bodies.push(raw);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return { bodies, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

const message = (n: number, phoneNumberId = '111'): SentMessage => ({
  wamid: `wamid.${phoneNumberId}.${n}`,
  wabaId: '999',
  phoneNumberId,
  waId: `9198000000${n}`,
  category: 'MARKETING',
  callbackData: `cb-${n}`,
  sentAt: 1_700_000_000,
});

const statusesOf = (raw: string) => {
  const value = JSON.parse(raw).entry[0].changes[0].value;
  return (value.statuses as { id: string; status: string; biz_opaque_callback_data: string }[]).map((s) => ({
    phone: value.metadata.phone_number_id,
    id: s.id,
    status: s.status,
  }));
};
const until = async (ok: () => boolean) => {
  for (const end = Date.now() + 3000; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 10));
};

describe("the sandbox's status webhooks", async () => {
  it('puts the statuses of a number due together into one signed webhook, per number and in order', async () => {
    const { bodies, url } = await receiver();
    const delivery = new WebhookDelivery({} as FastifyInstance, silent, { url, appSecret: SECRET, retryDelaysMs: [], batchMs: 40 });
    for (let n = 0; n < 5; n++) delivery.scheduleStatus(message(n), { status: 'sent' }, 0);
    delivery.scheduleStatus(message(0, '222'), { status: 'sent' }, 0);
    delivery.scheduleStatus(message(0), { status: 'delivered' }, 5);
    await until(() => bodies.length >= 2);
    await new Promise((r) => setTimeout(r, 100));
    delivery.close();
    expect(bodies).toHaveLength(2);
    const byNumber = bodies.map(statusesOf).sort((a, b) => a[0]!.phone.localeCompare(b[0]!.phone));
    expect(byNumber[0]!.map((s) => `${s.id}:${s.status}`)).toEqual([0, 1, 2, 3, 4].map((n) => `wamid.111.${n}:sent`).concat('wamid.111.0:delivered'));
    expect(byNumber[1]).toEqual([{ phone: '222', id: 'wamid.222.0', status: 'sent' }]);
  });

  it('posts each status alone when batching is off', async () => {
    const { bodies, url } = await receiver();
    const delivery = new WebhookDelivery({} as FastifyInstance, silent, { url, appSecret: SECRET, retryDelaysMs: [], batchMs: 0 });
    for (let n = 0; n < 3; n++) delivery.scheduleStatus(message(n), { status: 'sent' }, 0);
    await until(() => bodies.length >= 3);
    delivery.close();
    expect(bodies.map((b) => statusesOf(b).length)).toEqual([1, 1, 1]);
  });

  it("retries a refused webhook on Meta's schedule: growing gaps, for seven days", async () => {
    const schedule = metaRetry(1000, 3_600_000);
    const delays: number[] = [];
    for (let spent = 0, wait = retryDelay(schedule, 0, 0); wait !== undefined; spent += wait, wait = retryDelay(schedule, delays.length, spent))
      delays.push(wait);
    expect(delays.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(Math.max(...delays)).toBe(3_600_000);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(META_RETRY_HORIZON_MS);
    expect(total).toBeGreaterThan(META_RETRY_HORIZON_MS - 3_600_000);

    // A receiver down for its first six tries still gets the webhook.
    let refusals = 6;
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (refusals-- > 0) return res.writeHead(503).end();
        bodies.push('ok');
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    afterAll(() => new Promise<void>((r) => server.close(() => r())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const delivery = new WebhookDelivery({} as FastifyInstance, silent, { url, appSecret: SECRET, retryDelaysMs: metaRetry(5, 40), batchMs: 0 });
    delivery.scheduleStatus(message(1), { status: 'sent' }, 0);
    await until(() => bodies.length > 0);
    delivery.close();
    expect(bodies).toEqual(['ok']);
  });
});
