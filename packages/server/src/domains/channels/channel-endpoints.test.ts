import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { broadcastMessages, broadcasts, channels } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const MASK = '••••••';
const STORED_TOKEN = 'EAAG-stored-token-never-leaves-1234';

/** A loopback "vendor" that records every request it gets and answers as Graph would. */
async function graphListener(
  answer: (url: string) => { status: number; headers?: Record<string, string>; body?: unknown } = () => ({ status: 200, body: { data: [] } }),
) {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const reply = answer(req.url ?? '');
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body ?? {}));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return { origin, seen, connections: () => connections };
}

describe('channel endpoints: no request goes where a tenant points it', async () => {
  const target = await graphListener();
  // An origin the operator allows that redirects elsewhere: the redirect is not followed.
  const redirector = await graphListener(() => ({ status: 302, headers: { location: `${target.origin}/v21.0/200000000000001/message_templates` } }));
  const proxy = await graphListener((url) =>
    url.includes('message_templates') ? { status: 200, body: { data: [] } } : { status: 404, body: { error: { message: 'Unknown path', code: 100 } } },
  );
  const parley = await startServer({
    whatsappBaseUrls: [redirector.origin, proxy.origin],
    outboundPrivateOrigins: [redirector.origin, proxy.origin],
  });
  const { db } = parley.database;
  const token = await loginToOtherEnterprise(parley);
  const channel = (data: Record<string, string>) => ({
    name: `WA ${Math.random().toString(36).slice(2, 8)}`,
    type: 4,
    vendor: 20,
    contactId: '+919876543210',
    data: { phoneNumberId: '100000000000001', wabaId: '200000000000001', accessToken: STORED_TOKEN, appSecret: 'app-secret-7c21', ...data },
  });
  const create = (json: unknown) => call(parley, 'POST', 'e/enterprise/channels', { token, json });
  const update = (id: string, json: unknown) => call(parley, 'PUT', `e/enterprise/channels/${id}`, { token, json });
  const sync = (channelId: string) => call(parley, 'POST', 'chatbird/api/templates/sync', { token, json: { channelId } });
  const submit = (channelId: string) =>
    call(parley, 'POST', 'chatbird/api/templates', {
      token,
      json: { channelId, name: 'probe', language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hi' }] },
    });

  const forbidden = [
    target.origin,
    `http://localhost:${new URL(target.origin).port}`,
    'http://169.254.169.254',
    'http://2852039166',
    'http://[::ffff:169.254.169.254]',
    `http://[::1]:${new URL(target.origin).port}`,
    `http://0.0.0.0:${new URL(target.origin).port}`,
    'https://graph.facebook.com.evil.example',
  ];

  it('refuses at save any base URL the server does not allow, and ids that are not digits', async () => {
    for (const baseUrl of forbidden) {
      const res = await create(channel({ baseUrl }));
      expect(res, baseUrl).toMatchObject({ status: false, code: 1400 });
      expect(res.errors).toEqual([{ field: 'data.baseUrl', message: expect.stringMatching(/^Only https:\/\/graph\.facebook\.com, .* can be used here/) }]);
    }
    const ids = await create(channel({ phoneNumberId: '../../me', wabaId: '123/../456', apiVersion: 'v21.0/..' }));
    expect(ids.errors).toEqual([
      { field: 'data.phoneNumberId', message: 'Phone number id must contain digits only' },
      { field: 'data.wabaId', message: 'Waba id must contain digits only' },
      { field: 'data.apiVersion', message: 'Graph API version must look like v21.0' },
    ]);
    expect((await create(channel({ baseUrl: 'https://graph.facebook.com/' }))).status).toBe(true);
    expect(target.connections()).toBe(0);
  });

  it('sends nothing from any path that fetches when a stored row names a forbidden host or a redirecting one', async () => {
    const made = await create(channel({}));
    const id: string = made.data.channel.channelId;
    const [row] = await db.select().from(channels).where(eq(channels.id, id));
    for (const baseUrl of [...forbidden, redirector.origin]) {
      // Written as a row from before the rule would be, past the form's check.
      await db
        .update(channels)
        .set({ data: { ...row!.data, baseUrl } })
        .where(eq(channels.id, id));
      const synced = await sync(id);
      expect(synced, baseUrl).toMatchObject({ status: false, code: 1400 });
      expect(synced.httpStatus).not.toBe(500);
      // No remote text reaches the caller: only that the address is not allowed.
      expect(synced.message).not.toContain('internal');
      expect((await submit(id)).status, baseUrl).toBe(false);
    }
    expect(target.connections()).toBe(0);
    expect(redirector.seen.length).toBeGreaterThan(0);
  });

  it("never sends a channel's stored token to a new host: a changed base URL needs its secrets again", async () => {
    const made = await create(channel({}));
    const id: string = made.data.channel.channelId;
    const shown = made.data.channel;
    expect(shown.data.accessToken).toBe(`${MASK}1234`);
    const moved = await update(id, { ...shown, data: { ...shown.data, baseUrl: proxy.origin } });
    expect(moved).toMatchObject({ status: false, code: 1400 });
    expect(moved.errors).toEqual([
      { field: 'data.accessToken', message: 'Access token must be entered again when the base URL changes' },
      { field: 'data.appSecret', message: 'App secret must be entered again when the base URL changes' },
    ]);
    // Nothing was saved: the channel still points at the sandbox.
    const [row] = await db.select().from(channels).where(eq(channels.id, id));
    expect(row!.data.baseUrl).toBeUndefined();
    expect(proxy.seen).toHaveLength(0);

    const entered = await update(id, {
      ...shown,
      data: { ...shown.data, baseUrl: proxy.origin, accessToken: 'token-for-the-proxy-5678', appSecret: 'proxy-secret-9999' },
    });
    expect(entered.status).toBe(true);
    expect((await sync(id)).status).toBe(true);
    expect(proxy.seen.length).toBeGreaterThan(0);
    for (const request of proxy.seen) {
      expect(request.headers.authorization).toBe('Bearer token-for-the-proxy-5678');
      expect(JSON.stringify(request)).not.toContain(STORED_TOKEN);
    }
  });

  it('fails a broadcast through a channel whose stored base URL is not allowed, sending nothing there', async () => {
    const sending = await startServer({ jobs: true });
    const { db: sendDb } = sending.database;
    const [demo] = await sendDb.select().from(channels).where(eq(channels.name, 'WhatsApp Sandbox'));
    await sendDb
      .update(channels)
      .set({ data: { ...demo!.data, baseUrl: target.origin } })
      .where(eq(channels.id, demo!.id));
    const adminToken = await login(sending);
    const res = await call(sending, 'POST', 'chatbird/api/broadcast', {
      token: adminToken,
      json: {
        channelId: demo!.id,
        phoneNumber: ['+14155550100'],
        message: { template: { templateId: 'order_update' } },
        columnMapping: [
          { component: 'BODY', variable: '{{1}}', type: 'static', value: 'Asha' },
          { component: 'BODY', variable: '{{2}}', type: 'static', value: '#1' },
        ],
      },
    });
    expect(res.status).toBe(true);
    let b: typeof broadcasts.$inferSelect | undefined;
    for (const end = Date.now() + 15_000; Date.now() < end && b?.status !== 'FAILED'; await new Promise((r) => setTimeout(r, 100))) {
      [b] = await sendDb.select().from(broadcasts).where(eq(broadcasts.id, res.data.id));
    }
    expect(b?.status).toBe('FAILED');
    const [message] = await sendDb.select().from(broadcastMessages).where(eq(broadcastMessages.broadcastId, res.data.id));
    expect(message).toMatchObject({ state: 'failed', errorTitle: "This channel's Graph API base URL is not allowed on this server" });
    expect(target.connections()).toBe(0);
  });
});
