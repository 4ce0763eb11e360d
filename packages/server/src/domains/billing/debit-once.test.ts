import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type Parley } from '../../app.js';
import { loadConfig } from '../../config.js';
import { billingEvents, broadcasts, channels, walletEntries } from '../../db/schema.js';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { childStore, freePort, killHard, startChild, until } from '../../test/child-server.js';
import { sendOrderUpdate } from '../../test/order-update-broadcast.js';
import { login, startServer } from '../../test/harness.js';
import { messageFate } from '../../sandbox/whatsapp/message-fate.js';
import { balanceMicros, credit, setUpAccount } from './account-queries.js';

// The product is killed with SIGKILL mid-broadcast while the vendor (another server's WhatsApp sandbox, in this
// process) keeps posting its status webhooks, retried until the product is back. A proxy counts at the wire what the
// vendor accepted; every accepted message it delivers must be debited exactly once, and nothing else.
const RATE = 150;
const RECIPIENTS = 300;
const store = childStore('debit-once');
const credentials = { sandboxAccessToken: randomBytes(16).toString('hex'), sandboxAppSecret: randomBytes(16).toString('hex') };
let doomed: ChildProcess | undefined;
let proxy: Server | undefined;
let restarted: Parley | undefined;
afterAll(async () => {
  if (doomed) await killHard(doomed);
  proxy?.close();
  await restarted?.app.close();
  await store.drop();
});

const vendorEnv = (baseUrl: string) => ({
  PARLEY_WHATSAPP_BASE_URLS: baseUrl,
  PARLEY_OUTBOUND_PRIVATE_ORIGINS: new URL(baseUrl).origin,
  PARLEY_SANDBOX_ACCESS_TOKEN: credentials.sandboxAccessToken,
  PARLEY_SANDBOX_APP_SECRET: credentials.sandboxAppSecret,
  PARLEY_JOBS: 'on',
  PARLEY_SANDBOX_RATE: String(RATE),
  PARLEY_BROADCAST_RATE: String(RATE),
  PARLEY_BROADCAST_RECONCILE_MS: '3000',
});
const productConfig = (jobs: boolean, env: Record<string, string>) =>
  loadConfig(env, {
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    captcha: false,
    jobs,
    hostDist: '/nonexistent',
    trainDemoAgent: false,
    demoCustomers: false,
    broadcastRatePerSecond: RATE,
    broadcastReconcileMs: 3000,
    defaultCountry: 'US',
  });

/** The vendor behind a proxy that records, per message (our callback data), the sends it answered with a wamid. */
async function countingVendor(productPort: number) {
  const vendor = await startServer({
    ...credentials,
    sandboxWebhookUrl: `http://127.0.0.1:${productPort}/webhooks/whatsapp`,
    sandboxRatePerSecond: RATE,
    sandboxWebhookRetryMs: 100,
    sandboxWebhookRetryMaxMs: 1000,
  });
  const accepted = new Map<string, number>();
  const recipients = new Map<string, string>();
  let requests = 0;
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      const send =
        req.method === 'POST' && req.url!.endsWith('/messages') ? (JSON.parse(payload) as { to: string; biz_opaque_callback_data?: string }) : undefined;
      if (send) requests++;
      void vendor.app
        .inject({
          method: req.method as 'POST',
          url: req.url!,
          headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' },
          ...(payload ? { payload } : {}),
        })
        .then((answer) => {
          const id = send?.biz_opaque_callback_data;
          if (id && answer.statusCode === 200) {
            accepted.set(id, (accepted.get(id) ?? 0) + 1);
            recipients.set(id, send.to);
          }
          if (!res.destroyed) res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(answer.body);
        });
    });
  });
  await new Promise<void>((r) => proxy!.listen(0, '127.0.0.1', r));
  /** Accepted messages the vendor goes on to deliver (it fails a few after sending them: message-fate.ts). */
  const delivered = () => [...recipients.values()].filter((to) => messageFate(to).some((step) => step.status === 'delivered')).length;
  return { accepted, delivered, requests: () => requests, baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/sandbox/whatsapp` };
}

describe(`a prepaid broadcast whose sender is killed (${store.engine})`, () => {
  it('debits every message the vendor accepted and delivered exactly once, counted at the wire, and nothing else', async () => {
    await store.create();
    const productPort = await freePort();
    const vendor = await countingVendor(productPort);
    const env = vendorEnv(vendor.baseUrl);
    const setup = await buildApp(productConfig(false, env), { logger: false });
    const token = await login(setup);
    const { db: setupDb } = setup.database;
    const [channel] = await setupDb.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
    await setupDb
      .update(channels)
      .set({ data: { ...channel!.data, baseUrl: vendor.baseUrl } })
      .where(eq(channels.id, channel!.id));
    const eId = channel!.eId;
    // One rupee a message (order_update is a utility template), and room for every recipient.
    await setUpAccount(setupDb, eId, { accountType: 'Prepaid', currencyCode: 'INR', rates: { WHATSAPP_UTILITY: 1 } });
    await credit(setupDb, eId, 1_000_000_000, 'test:opening', 'Opening');
    const opening = await balanceMicros(setupDb, eId);
    const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `+1415556${String(1000 + i).padStart(4, '0')}`);
    const broadcastId = await sendOrderUpdate(setup, token, channel!.id, numbers);
    await setup.app.close();

    doomed = await startChild(store, productPort, env);
    await until('a third of the sends', () => vendor.accepted.size >= RECIPIENTS / 3, 60_000);
    await killHard(doomed);
    const atKill = vendor.accepted.size;
    expect(atKill).toBeLessThan(RECIPIENTS);

    restarted = await buildApp(productConfig(true, env), { logger: false });
    const { db } = restarted.database;
    await restarted.app.listen({ port: productPort, host: '127.0.0.1' });
    await until(
      'the broadcast to complete',
      async () => ((await db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)))[0]?.status === 'COMPLETED' ? true : undefined),
      90_000,
    );
    const metered = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(billingEvents)
          .where(and(eq(billingEvents.eId, eId), eq(billingEvents.source, 'whatsapp_message')))
      )[0]!.n;
    await until('every delivered message to be metered', async () => (await metered()) >= vendor.delivered(), 30_000).catch(() => undefined);

    const debits = await db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.eId, eId), sql`${walletEntries.reasonKey} like 'event:whatsapp_message:%'`));
    const twice = [...vendor.accepted.values()].filter((n) => n > 1).length;
    console.log(
      `[debit-once, ${store.engine}] ${RECIPIENTS} recipients, killed at ${atKill} accepted; ${vendor.requests()} send requests at the wire, ${vendor.accepted.size} accepted (${vendor.delivered()} delivered), ${twice} accepted twice; ${await metered()} metered, ${debits.length} debits`,
    );
    expect(twice).toBe(0);
    // One debit per message the vendor accepted and delivered, each of one rupee: none missing, none twice, none for
    // what it never took or could not deliver.
    expect(debits).toHaveLength(vendor.delivered());
    expect(new Set(debits.map((d) => d.reasonKey)).size).toBe(debits.length);
    expect(debits.every((d) => d.amountMicros === -1_000_000)).toBe(true);
    expect(await balanceMicros(db, eId)).toBe(opening - vendor.delivered() * 1_000_000);
  }, 240_000);
});
