import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { broadcastMessages, broadcasts, channelMessageEvents, channels } from '../../db/schema.js';
import { statusesPayload, statusObject } from '../../sandbox/whatsapp/webhook-payloads.js';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { sendOrderUpdate } from '../../test/order-update-broadcast.js';
import { login, startServer } from '../../test/harness.js';
import { signCloudBody } from '../../vendors/whatsapp-webhook.js';
import { NOT_SENT_AGAIN } from './reconcile.js';
import { runBroadcast } from './send-job.js';

// What a dead sender left `sending` is settled by whether its request may have gone out: a claimed message never
// handed goes now; a handed one without the vendor's word is never sent again, and a late webhook still tells its fate.
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

let vendorUp: Server | undefined;
afterAll(() => vendorUp?.close());

describe('reconciling messages a dead sender left sending', async () => {
  // A vendor address that answers nothing until a test starts a server there.
  const port = await freePort();
  const downUrl = `http://127.0.0.1:${port}/sandbox/whatsapp`;
  const parley = await startServer({ defaultCountry: 'US', whatsappBaseUrls: [downUrl], outboundPrivateOrigins: [`http://127.0.0.1:${port}`] });
  const { db } = parley.database;
  const { config } = parley.deps;
  const token = await login(parley);
  const [channel] = await db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
  const deps = {
    db,
    jobs: parley.jobs,
    events: parley.events,
    vendor: { sealed: parley.deps.sealed, app: parley.app, config },
    log: parley.app.log,
    ratePerSecond: 50,
    reconcile: { waitMs: 300, pollMs: 50 },
  };
  const broadcast = (numbers: string[]) => sendOrderUpdate(parley, token, channel!.id, numbers);

  it('sends again only what was never handed over, and takes a late webhook for a message it gave up on', async () => {
    const id = await broadcast(['+14155557710', '+14155557720']);
    const rows = await db.select().from(broadcastMessages).where(eq(broadcastMessages.broadcastId, id));
    const claimed = rows.find((r) => r.recipient === '+14155557710')!;
    const handed = rows.find((r) => r.recipient === '+14155557720')!;
    // As a process killed mid-run leaves them: one claimed only, one marked handed, neither answered.
    await db.update(broadcastMessages).set({ state: 'sending', attempts: 1, handedAt: null }).where(eq(broadcastMessages.id, claimed.id));
    await db.update(broadcastMessages).set({ state: 'sending', attempts: 1, handedAt: new Date() }).where(eq(broadcastMessages.id, handed.id));
    await db.update(broadcasts).set({ status: 'SENDING' }).where(eq(broadcasts.id, id));

    await runBroadcast(deps, id, channel!.eId);

    const after = async () =>
      Object.fromEntries((await db.select().from(broadcastMessages).where(eq(broadcastMessages.broadcastId, id))).map((r) => [r.recipient, r]));
    const done = await after();
    expect(done['+14155557710']).toMatchObject({ attempts: 2, wamid: expect.stringMatching(/^wamid\./) });
    expect(done['+14155557710']!.state).not.toBe('failed');
    expect(done['+14155557720']).toMatchObject({ state: 'failed', errorTitle: NOT_SENT_AGAIN, errorCode: null, wamid: null, attempts: 1 });
    const [b] = await db.select().from(broadcasts).where(eq(broadcasts.id, id));
    expect(b!.status).toBe('COMPLETED');

    // The vendor had it after all: its webhook (Meta retries for days) moves the message on, with its wamid.
    const sent = {
      wamid: 'wamid.late-1',
      wabaId: channel!.data.wabaId!,
      phoneNumberId: channel!.data.phoneNumberId!,
      waId: '14155557720',
      category: 'UTILITY',
      callbackData: handed.id,
      sentAt: Math.floor(Date.now() / 1000),
    };
    const raw = JSON.stringify(statusesPayload(sent, [statusObject(sent, { status: 'sent' })]));
    const hook = await parley.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signCloudBody(raw, config.sandboxAppSecret) },
      payload: raw,
    });
    expect(hook.statusCode).toBe(200);
    expect((await after())['+14155557720']).toMatchObject({ state: 'sent', wamid: 'wamid.late-1' });
    // Nothing of the handed message went out from here: its only events are the late webhook's.
    const events = await db
      .select()
      .from(channelMessageEvents)
      .where(and(eq(channelMessageEvents.channelId, channel!.id), inArray(channelMessageEvents.callbackData, [handed.id])));
    expect(events.map((e) => e.wamid)).toEqual(['wamid.late-1']);
  });

  it('queues again a message whose connection was refused, and sends it once when the vendor is back', async () => {
    await db
      .update(channels)
      .set({ data: { ...channel!.data, baseUrl: downUrl } })
      .where(eq(channels.id, channel!.id));
    const id = await broadcast(['+14155557730', '+14155557740', '+14155557750']);
    const wire = new Map<string, number>();
    const running = runBroadcast(deps, id, channel!.eId);
    await new Promise((r) => setTimeout(r, 600));
    vendorUp = createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const payload = Buffer.concat(chunks).toString('utf8');
        const to = (JSON.parse(payload) as { to: string }).to;
        wire.set(to, (wire.get(to) ?? 0) + 1);
        void parley.app
          .inject({ method: 'POST', url: req.url!, headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' }, payload })
          .then((answer) => res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(answer.body));
      });
    });
    await new Promise<void>((r) => vendorUp!.listen(port, '127.0.0.1', r));
    await running;
    const rows = await db.select().from(broadcastMessages).where(eq(broadcastMessages.broadcastId, id));
    expect(rows.map((r) => r.wamid?.startsWith('wamid.') && r.errorTitle !== NOT_SENT_AGAIN)).toEqual([true, true, true]);
    expect(rows.some((r) => r.attempts > 1)).toBe(true);
    expect([...wire.values()]).toEqual([1, 1, 1]);
  });
});
