import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelMessageEvents, channelMessages, channels, messageTemplates } from '../../db/schema.js';
import { call, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { recordSentMessage } from './status-events.js';

const APP_SECRET = 'meta-app-secret-for-tests';
const PHONE_NUMBER_ID = '5550001111';
const WABA_ID = '7770002222';

type Status = { id: string; status: string; timestamp: number | string; errors?: { code: number; title: string }[] };

/** A Cloud API status webhook, as Meta shapes it. */
const statusWebhook = (statuses: Status[], phoneNumberId = PHONE_NUMBER_ID) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: WABA_ID,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '919876543210', phone_number_id: phoneNumberId },
            statuses: statuses.map((s) => ({
              id: s.id,
              status: s.status,
              timestamp: String(s.timestamp),
              recipient_id: '14155550100',
              ...(s.errors ? { errors: s.errors.map((e) => ({ ...e, message: e.title, error_data: { details: e.title } })) } : {}),
            })),
          },
        },
      ],
    },
  ],
});

const templateWebhook = (event: string, id: string, name: string, reason = 'NONE') => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: WABA_ID,
      time: 1_700_000_000,
      changes: [
        {
          field: 'message_template_status_update',
          value: { event, message_template_id: Number(id), message_template_name: name, message_template_language: 'en_US', reason },
        },
      ],
    },
  ],
});

const sign = (raw: string, secret: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe('the WhatsApp webhook endpoint', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const token = await loginToOtherEnterprise(parley);
  const created = await call(parley, 'POST', 'e/enterprise/channels', {
    token,
    json: {
      name: 'Webhook WA',
      type: 4,
      vendor: 20,
      contactId: '+919876543210',
      data: { phoneNumberId: PHONE_NUMBER_ID, wabaId: WABA_ID, accessToken: 'token-1234', appSecret: APP_SECRET },
    },
  });
  const channelId = created.data.channel.channelId as string;
  const [row] = await db.select().from(channels).where(eq(channels.id, channelId));
  const eId = row!.eId;

  /** Posts the exact bytes a vendor would, signed with `secret` (or with the header given). */
  const post = (payload: unknown, secret: string | null = APP_SECRET) => {
    const raw = JSON.stringify(payload);
    return parley.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-hub-signature-256': sign(raw, secret) }) },
      payload: raw,
    });
  };
  const sent = (wamid: string) => recordSentMessage(db, { eId, channelId, wamid, recipient: '+14155550100', templateName: 'order_update' });
  const message = async (wamid: string) =>
    (
      await db
        .select()
        .from(channelMessages)
        .where(and(eq(channelMessages.channelId, channelId), eq(channelMessages.wamid, wamid)))
    )[0];
  const events = (wamid: string) =>
    db.select().from(channelMessageEvents).where(eq(channelMessageEvents.wamid, wamid)).orderBy(channelMessageEvents.occurredAt);

  it('refuses a wrong, missing or foreign signature and an unknown number, and stores nothing', async () => {
    await sent('wamid.refused');
    const delivered = statusWebhook([{ id: 'wamid.refused', status: 'delivered', timestamp: 1_700_000_100 }]);
    expect((await post(delivered, 'not-the-app-secret')).statusCode).toBe(401);
    expect((await post(delivered, null)).statusCode).toBe(401);
    expect((await post(statusWebhook([{ id: 'wamid.refused', status: 'read', timestamp: 1_700_000_101 }], '999999'))).statusCode).toBe(401);
    const tampered = JSON.stringify(delivered);
    const res = await parley.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(tampered, APP_SECRET) },
      payload: tampered.replace('delivered', 'read'),
    });
    expect(res.statusCode).toBe(401);
    expect(await events('wamid.refused')).toEqual([]);
    expect((await message('wamid.refused'))!.status).toBe('accepted');
  });

  it('stores the same event delivered twice once', async () => {
    await sent('wamid.twice');
    const payload = statusWebhook([{ id: 'wamid.twice', status: 'delivered', timestamp: 1_700_000_200 }]);
    expect((await post(payload)).statusCode).toBe(200);
    expect((await post(payload)).statusCode).toBe(200);
    expect(await events('wamid.twice')).toHaveLength(1);
    expect((await message('wamid.twice'))!.status).toBe('delivered');
  });

  it('takes a status time that is no time (1e15 or 1e20 seconds) as the time it arrived, and stores the rest of the webhook', async () => {
    for (const wamid of ['wamid.sane', 'wamid.far', 'wamid.farther']) await sent(wamid);
    const before = Date.now() - 1000;
    const res = await post(
      statusWebhook([
        { id: 'wamid.far', status: 'delivered', timestamp: 1e15 },
        { id: 'wamid.sane', status: 'read', timestamp: 1_700_000_500 },
        { id: 'wamid.farther', status: 'read', timestamp: '99999999999999999999' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect((await message('wamid.sane'))!.statusAt.toISOString()).toBe(new Date(1_700_000_500_000).toISOString());
    for (const [wamid, status] of [
      ['wamid.far', 'delivered'],
      ['wamid.farther', 'read'],
    ] as const) {
      const row = await message(wamid);
      expect(row!.status).toBe(status);
      expect(row!.statusAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(row!.statusAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await events(wamid)).toHaveLength(1);
    }
  });

  it('never moves a status backwards when events arrive out of order, and keeps all of them', async () => {
    await sent('wamid.late');
    for (const [status, timestamp] of [
      ['read', 1_700_000_303],
      ['delivered', 1_700_000_302],
      ['sent', 1_700_000_301],
    ] as const) {
      expect((await post(statusWebhook([{ id: 'wamid.late', status, timestamp }]))).statusCode).toBe(200);
    }
    const current = await message('wamid.late');
    expect(current).toMatchObject({ status: 'read', errorCode: null });
    expect(current!.statusAt.toISOString()).toBe(new Date(1_700_000_303_000).toISOString());
    expect((await events('wamid.late')).map((e) => e.status)).toEqual(['sent', 'delivered', 'read']);
    // A late failure does not undo a read.
    await post(statusWebhook([{ id: 'wamid.late', status: 'failed', timestamp: 1_700_000_304, errors: [{ code: 131047, title: 'Re-engagement message' }] }]));
    expect((await message('wamid.late'))!.status).toBe('read');
    expect(await events('wamid.late')).toHaveLength(4);
  });

  it('takes a burst of webhooks at once: each message ends where its events one by one would, every event stored once', async () => {
    const wamids = Array.from({ length: 40 }, (_, i) => `wamid.burst.${i}`);
    for (const w of wamids) await sent(w);
    // Forty webhooks in flight together (one commit takes those that wait for it); each carries a message's
    // statuses out of order with one repeated, and a failure the read must outlast.
    const replies = await Promise.all(
      wamids.map((id, i) =>
        post(
          statusWebhook([
            { id, status: 'read', timestamp: 1_700_000_903 },
            { id, status: 'sent', timestamp: 1_700_000_901 },
            { id, status: 'read', timestamp: 1_700_000_903 },
            ...(i % 2 ? [{ id, status: 'failed', timestamp: 1_700_000_904, errors: [{ code: 131026, title: 'Message undeliverable' }] }] : []),
            { id, status: 'delivered', timestamp: 1_700_000_902 },
          ]),
        ),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(wamids.map(() => 200));
    for (const [i, w] of wamids.entries()) {
      expect(await message(w)).toMatchObject({ status: 'read', errorCode: null });
      expect((await events(w)).map((e) => e.status)).toEqual(i % 2 ? ['sent', 'delivered', 'read', 'failed'] : ['sent', 'delivered', 'read']);
    }
  });

  it('records a failure with its Cloud API error code and title, and keeps it final', async () => {
    await sent('wamid.failed');
    const failed = { id: 'wamid.failed', status: 'failed', timestamp: 1_700_000_401, errors: [{ code: 131026, title: 'Message undeliverable' }] };
    // Several statuses in one webhook, as Meta batches them.
    expect((await post(statusWebhook([{ id: 'wamid.failed', status: 'sent', timestamp: 1_700_000_400 }, failed]))).statusCode).toBe(200);
    expect(await message('wamid.failed')).toMatchObject({ status: 'failed', errorCode: 131026, errorTitle: 'Message undeliverable' });
    await post(statusWebhook([{ id: 'wamid.failed', status: 'delivered', timestamp: 1_700_000_402 }]));
    expect((await message('wamid.failed'))!.status).toBe('failed');
    expect((await events('wamid.failed')).find((e) => e.status === 'failed')).toMatchObject({
      errorCode: 131026,
      eventKey: 'wamid.failed:failed:1700000401:131026',
    });
  });

  it('keeps events for a message not recorded yet, and applies the best of them when the sender records it', async () => {
    await post(
      statusWebhook([
        { id: 'wamid.early', status: 'delivered', timestamp: 1_700_000_502 },
        { id: 'wamid.early', status: 'sent', timestamp: 1_700_000_501 },
      ]),
    );
    expect(await message('wamid.early')).toBeUndefined();
    expect(await events('wamid.early')).toHaveLength(2);
    const recorded = await sent('wamid.early');
    expect(recorded).toMatchObject({ status: 'delivered', templateName: 'order_update' });
    // Recording it again changes nothing.
    expect(await sent('wamid.early')).toMatchObject({ id: recorded.id, status: 'delivered' });
  });

  it('flips a template status from the vendor review, with the rejection reason', async () => {
    const [approved] = await db
      .insert(messageTemplates)
      .values({ eId, channelId, name: 'order_update', category: 'UTILITY', components: [], vendorTemplateId: '424242' })
      .returning();
    const [rejected] = await db.insert(messageTemplates).values({ eId, channelId, name: 'promo', category: 'MARKETING', components: [] }).returning();
    const published = new Promise<unknown>((resolve) => {
      const stop = parley.events.subscribe((e) => {
        if (e.type !== 'template.status' || e.eId !== eId) return;
        stop();
        resolve(e.data);
      });
    });
    expect((await post(templateWebhook('APPROVED', '424242', 'order_update'))).statusCode).toBe(200);
    // The templates screen hears of it without polling.
    expect(await published).toEqual({ channelId, templateId: approved!.id, name: 'order_update', status: 'APPROVED' });
    expect((await post(templateWebhook('REJECTED', '515151', 'promo', 'INVALID_FORMAT'))).statusCode).toBe(200);
    const read = async (id: string) => (await db.select().from(messageTemplates).where(eq(messageTemplates.id, id)))[0];
    expect(await read(approved!.id)).toMatchObject({ status: 'APPROVED', rejectedReason: null });
    expect(await read(rejected!.id)).toMatchObject({ status: 'REJECTED', rejectedReason: 'INVALID_FORMAT' });
    expect((await post(templateWebhook('PAUSED', '424242', 'order_update'), 'wrong')).statusCode).toBe(401);
    expect((await read(approved!.id))!.status).toBe('APPROVED');
  });

  it('delivers a shared sandbox number only to the channel that signed for it', async () => {
    const other = await loginToOtherEnterprise(parley);
    const theirs = await call(parley, 'POST', 'e/enterprise/channels', {
      token: other,
      json: {
        name: 'Same number',
        type: 4,
        vendor: 20,
        contactId: '+919876543210',
        data: { phoneNumberId: PHONE_NUMBER_ID, wabaId: WABA_ID, accessToken: 'token-5678', appSecret: 'their-own-secret' },
      },
    });
    expect(theirs.status).toBe(true);
    await post(statusWebhook([{ id: 'wamid.mine', status: 'sent', timestamp: 1_700_000_601 }]));
    expect((await events('wamid.mine')).map((e) => e.channelId)).toEqual([channelId]);
  });

  it("answers Meta's subscription check with the challenge, and refuses a wrong token", async () => {
    const verifyToken = encodeURIComponent(parley.deps.config.whatsappVerifyToken);
    const ok = await parley.app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    for (const guess of ['guess', 'parley-verify', '']) {
      const wrong = await parley.app.inject({ method: 'GET', url: `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${guess}&hub.challenge=1` });
      expect(wrong.statusCode).toBe(403);
    }
  });

  it('refuses a body that is not JSON without an error', async () => {
    const res = await parley.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign('{', APP_SECRET) },
      payload: '{',
    });
    expect(res.statusCode).toBe(400);
  });
});
