import { randomInt } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sandboxWaTemplates } from '../../db/schema.js';
import { startServer } from '../../test/harness.js';
import { verifyCloudSignature } from '../../vendors/whatsapp-webhook.js';
import { messageFate } from './message-fate.js';

interface Hook {
  headers: IncomingHttpHeaders;
  raw: string;
  body: any;
}

/** A webhook receiver on a loopback port that keeps what it gets; `refuseNext` answers 500 that many times. */
async function recorder() {
  const hooks: Hook[] = [];
  const state = { refuseNext: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      hooks.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      if (state.refuseNext > 0) {
        state.refuseNext--;
        res.writeHead(500).end();
      } else res.writeHead(200).end('EVENT_RECEIVED');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { hooks, state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

const statusOf = (h: Hook) => h.body.entry?.[0]?.changes?.[0]?.value?.statuses?.[0];
const newId = () => `${randomInt(100_000, 999_999)}${randomInt(100_000, 999_999)}`;

describe('the WhatsApp sandbox and its webhooks', async () => {
  const receiver = await recorder();
  const parley = await startServer({ sandboxWebhookUrl: receiver.url, sandboxApprovalSeconds: 0.2, sandboxWebhookBatchMs: 0 });
  const TOKEN = parley.deps.config.sandboxAccessToken;
  const graph = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown, token: string | null = TOKEN) =>
    parley.app.inject({
      method,
      url: `/sandbox/whatsapp/v21.0/${path}`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const until = async <T>(read: () => T, ok: (v: T) => boolean, ms = 4000): Promise<T> => {
    const end = Date.now() + ms;
    while (!ok(read()) && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    return read();
  };
  const hooksFor = (wamid: string) => receiver.hooks.filter((h) => statusOf(h)?.id === wamid);

  // One approved template for the sends below.
  const wabaId = newId();
  const phoneNumberId = newId();
  const created = await graph('POST', `${wabaId}/message_templates`, {
    name: 'hello_there',
    language: 'en_US',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Hello' }],
  });
  const templateId = created.json().id as string;
  await until(
    () => receiver.hooks.filter((h) => h.body.entry[0].changes[0].field === 'message_template_status_update'),
    (l) => l.length > 0,
  );

  const send = async (to: string, extra: Record<string, unknown> = {}) => {
    const res = await graph('POST', `${phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'template',
      template: { name: 'hello_there', language: { code: 'en_US' }, components: [] },
      ...extra,
    });
    expect(res.statusCode).toBe(200);
    return res.json().messages[0].id as string;
  };
  /** Waits for `n` webhooks of a message, then a little more to see that no more come. */
  const webhooksOf = async (wamid: string, n: number) => {
    await until(
      () => hooksFor(wamid),
      (l) => l.length >= n,
    );
    await new Promise((r) => setTimeout(r, 150));
    return hooksFor(wamid);
  };

  it('announces the template review in a signed message_template_status_update webhook', () => {
    const hook = receiver.hooks.find((h) => h.body.entry[0].changes[0].field === 'message_template_status_update')!;
    expect(verifyCloudSignature(hook.raw, hook.headers['x-hub-signature-256'], parley.deps.config.sandboxAppSecret)).toBe(true);
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.body).toMatchObject({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: wabaId,
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: 'APPROVED',
                message_template_id: Number(templateId),
                message_template_name: 'hello_there',
                message_template_language: 'en_US',
                reason: 'NONE',
              },
            },
          ],
        },
      ],
    });
  });

  it('answers a send like the Cloud API and reports sent, delivered, read with the callback data', async () => {
    const to = '+91 98765 12345';
    expect(messageFate(to).map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    const res = await graph('POST', `${phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: { name: 'hello_there', language: { code: 'en_US' } },
      biz_opaque_callback_data: 'broadcast-7',
    });
    const reply = res.json();
    expect(reply).toMatchObject({
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: '919876512345' }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    const hooks = await webhooksOf(reply.messages[0].id, 3);
    expect(hooks.map((h) => statusOf(h).status)).toEqual(['sent', 'delivered', 'read']);
    for (const h of hooks) expect(verifyCloudSignature(h.raw, h.headers['x-hub-signature-256'], parley.deps.config.sandboxAppSecret)).toBe(true);
    const [sent] = hooks;
    expect(sent!.body.entry[0]).toMatchObject({
      id: wabaId,
      changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: phoneNumberId } } }],
    });
    expect(statusOf(sent!)).toMatchObject({
      recipient_id: '919876512345',
      biz_opaque_callback_data: 'broadcast-7',
      timestamp: expect.stringMatching(/^\d{10}$/),
      conversation: { id: expect.any(String), expiration_timestamp: expect.any(String), origin: { type: 'marketing' } },
      pricing: { billable: true, pricing_model: 'CBP', category: 'marketing' },
    });
  });

  it('fails numbers ending 0001, 0002 and 0003 with 131026, 131047 and 470', async () => {
    const undeliverable = await webhooksOf(await send('919876500001'), 2);
    expect(undeliverable.map((h) => statusOf(h).status)).toEqual(['sent', 'failed']);
    expect(statusOf(undeliverable[1]!).errors).toEqual([
      expect.objectContaining({ code: 131026, title: 'Message undeliverable', error_data: { details: expect.any(String) } }),
    ]);
    const window = await webhooksOf(await send('919876500002'), 1);
    expect(window.map((h) => [statusOf(h).status, statusOf(h).errors[0].code])).toEqual([['failed', 131047]]);
    const legacy = await webhooksOf(await send('919876500003'), 1);
    expect(legacy.map((h) => [statusOf(h).status, statusOf(h).errors[0].code])).toEqual([['failed', 470]]);
  });

  it('reports read before delivered for numbers ending 0004', async () => {
    const hooks = await webhooksOf(await send('919876500004'), 3);
    expect(hooks.map((h) => statusOf(h).status)).toEqual(['sent', 'read', 'delivered']);
  });

  it('posts every event twice, byte for byte, for numbers ending 0005', async () => {
    const hooks = await webhooksOf(await send('919876500005'), 6);
    expect(hooks.map((h) => statusOf(h).status)).toEqual(['sent', 'sent', 'delivered', 'delivered', 'read', 'read']);
    expect(hooks[0]!.raw).toBe(hooks[1]!.raw);
    expect(hooks[2]!.raw).toBe(hooks[3]!.raw);
  });

  it('retries a webhook the receiver refused', async () => {
    receiver.state.refuseNext = 1;
    const wamid = await send('919876500002');
    const hooks = await webhooksOf(wamid, 2);
    expect(hooks).toHaveLength(2);
    expect(hooks[0]!.raw).toBe(hooks[1]!.raw);
  });

  it('mixes fates over other numbers: a few failed, some out of order, some duplicated', () => {
    const counts = { failed: 0, outOfOrder: 0, duplicated: 0 };
    for (let i = 0; i < 20_000; i++) {
      const steps = messageFate(`9198${String(i * 7919 + 10_000_000).padStart(8, '0')}`)
        .map((s) => s.status)
        .join(',');
      if (steps.includes('failed')) counts.failed++;
      if (steps === 'sent,read,delivered') counts.outOfOrder++;
      if (steps.startsWith('sent,sent')) counts.duplicated++;
    }
    expect(counts.failed / 20_000).toBeGreaterThan(0.01);
    expect(counts.failed / 20_000).toBeLessThan(0.04);
    expect(counts.outOfOrder / 20_000).toBeGreaterThan(0.07);
    expect(counts.outOfOrder / 20_000).toBeLessThan(0.13);
    expect(counts.duplicated / 20_000).toBeGreaterThan(0.07);
    expect(counts.duplicated / 20_000).toBeLessThan(0.13);
  });

  it('refuses a bad token, an unknown path and bad sends in the Graph error shape', async () => {
    const noToken = await graph('GET', `${wabaId}/message_templates`, undefined, null);
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: expect.any(String) } });
    expect((await graph('GET', `${wabaId}/message_templates`, undefined, 'wrong')).json().error.code).toBe(190);
    const unknown = await graph('GET', `${wabaId}/phone_numbers`);
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 2500]);
    const noProduct = await graph('POST', `${phoneNumberId}/messages`, {
      to: '919876512345',
      type: 'template',
      template: { name: 'hello_there', language: { code: 'en_US' } },
    });
    expect(noProduct.json().error).toMatchObject({ code: 100, message: '(#100) The parameter messaging_product is required.' });
    const notJson = await parley.app.inject({
      method: 'POST',
      url: `/sandbox/whatsapp/v21.0/${phoneNumberId}/messages`,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect([notJson.statusCode, notJson.json().error.code]).toEqual([400, 100]);
    const missing = await graph('POST', `${phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: '919876512345',
      type: 'template',
      template: { name: 'nope', language: { code: 'en_US' } },
    });
    expect([missing.statusCode, missing.json().error]).toEqual([
      404,
      expect.objectContaining({
        code: 132001,
        message: '(#132001) Template name does not exist in the translation',
        error_data: { messaging_product: 'whatsapp', details: expect.any(String) },
      }),
    ]);
  });

  it('lists templates in pages with cursors, picks fields and filters by name', async () => {
    const waba = newId();
    for (const name of ['alpha_one', 'alpha_two', 'beta_one']) {
      await graph('POST', `${waba}/message_templates`, { name, language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: name }] });
    }
    const first = (await graph('GET', `${waba}/message_templates?limit=2&fields=name,status`)).json();
    expect(first.data).toEqual([
      { id: expect.any(String), name: 'alpha_one', status: expect.any(String) },
      { id: expect.any(String), name: 'alpha_two', status: expect.any(String) },
    ]);
    expect(first.paging.next).toContain(`after=${first.paging.cursors.after}`);
    const second = (await graph('GET', `${waba}/message_templates?limit=2&fields=name&after=${first.paging.cursors.after}`)).json();
    expect(second.data.map((t: { name: string }) => t.name)).toEqual(['beta_one']);
    expect(second.paging.next).toBeUndefined();
    const named = (await graph('GET', `${waba}/message_templates?name=alpha`)).json();
    expect(named.data.map((t: { name: string }) => t.name)).toEqual(['alpha_one', 'alpha_two']);
    expect(Object.keys(named.data[0]).sort()).toEqual(['category', 'components', 'id', 'language', 'name', 'status']);
    const dup = (
      await graph('POST', `${waba}/message_templates`, {
        name: 'beta_one',
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'again' }],
      })
    ).json();
    expect(dup.error).toMatchObject({ code: 100, error_subcode: 2388024 });
    expect(
      (await graph('POST', `${waba}/message_templates`, { name: 'x', language: 'en_US', category: 'PROMO', components: [{ type: 'BODY', text: 'x' }] })).json()
        .error.code,
    ).toBe(100);
  });

  it('decides a template left pending past its time (a restart) when its account is read', async () => {
    const waba = newId();
    await parley.database.db.insert(sandboxWaTemplates).values({
      id: `8${waba}`,
      wabaId: waba,
      name: 'left_over',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'x' }],
      status: 'PENDING',
      createdAt: new Date(Date.now() - 60_000),
    });
    expect((await graph('GET', `${waba}/message_templates`)).json().data[0].status).toBe('APPROVED');
    const [row] = await parley.database.db
      .select()
      .from(sandboxWaTemplates)
      .where(eq(sandboxWaTemplates.id, `8${waba}`));
    expect(row?.status).toBe('APPROVED');
    const hooks = await until(
      () => receiver.hooks.filter((h) => h.body.entry[0].id === waba),
      (l) => l.length > 0,
    );
    expect(hooks.map((h) => h.body.entry[0].changes[0].value.event)).toEqual(['APPROVED']);
  });
});
