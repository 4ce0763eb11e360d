import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { startServer } from '../../test/harness.js';
import { minimalPdf } from '../../test/multipart.js';
import { statusOf, until, valueOf, webhookRecorder, type RecordedHook } from '../../test/webhook-recorder.js';
import { verifyCloudSignature } from '../../vendors/whatsapp-webhook.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]);
const newCustomer = () => `+91 98${randomInt(10_000_000, 99_999_999)}`;
const digits = (n: string) => n.replace(/\D/g, '');

describe('the sandbox customer phone', async () => {
  const receiver = await webhookRecorder();
  const parley = await startServer({ sandboxWebhookUrl: receiver.url, sandboxWebhookBatchMs: 0 });
  const { sandboxAccessToken: token, sandboxAppSecret: secret } = parley.deps.config;
  const phoneNumberId = DEMO_CHANNEL.phoneNumberId;

  const phone = (method: 'GET' | 'POST', path: string, payload?: object) =>
    parley.app.inject({ method, url: `/sandbox/phone/api/${path}`, ...(payload ? { payload } : {}) });
  const upload = async (fields: Record<string, string>, file: { name: string; bytes: Uint8Array; type: string }) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
    const encoded = new Response(form);
    return parley.app.inject({
      method: 'POST',
      url: '/sandbox/phone/api/media',
      headers: { 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
  };
  const inboundOf = (id: string) =>
    until(
      () => receiver.hooks.find((h) => valueOf(h)?.messages?.[0]?.id === id),
      (h) => h !== undefined,
    ) as Promise<RecordedHook>;
  const messagesOf = async (waId: string) => (await phone('GET', `messages?phoneNumberId=${phoneNumberId}&waId=${encodeURIComponent(waId)}`)).json();

  it("posts a text typed on the phone as a signed messages webhook in Meta's shape", async () => {
    const number = newCustomer();
    const res = await phone('POST', 'text', { phoneNumberId, waId: number, name: 'Ravi Kumar', text: 'Is my order on its way?' });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const hook = await inboundOf(id);
    expect(verifyCloudSignature(hook.raw, hook.headers['x-hub-signature-256'], secret)).toBe(true);
    expect(hook.body).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: DEMO_CHANNEL.wabaId,
          time: expect.any(Number),
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: expect.any(String), phone_number_id: phoneNumberId },
                contacts: [{ profile: { name: 'Ravi Kumar' }, wa_id: digits(number) }],
                messages: [{ from: digits(number), id, timestamp: expect.stringMatching(/^\d{10}$/), type: 'text', text: { body: 'Is my order on its way?' } }],
              },
            },
          ],
        },
      ],
    });
    const shown = await messagesOf(number);
    expect(shown.messages).toEqual([expect.objectContaining({ id, from: 'customer', type: 'text', text: 'Is my order on its way?', status: 'sent' })]);
  });

  it("reads the business's replies when the phone says so, each once, with a read webhook", async () => {
    const number = newCustomer();
    await phone('POST', 'text', { phoneNumberId, waId: number, name: 'Meera Iyer', text: 'Hello' });
    const sent = await parley.app.inject({
      method: 'POST',
      url: `/sandbox/whatsapp/v21.0/${phoneNumberId}/messages`,
      headers: { authorization: `Bearer ${token}` },
      payload: { messaging_product: 'whatsapp', to: digits(number), type: 'text', text: { body: 'Hi Meera, how can we help?' } },
    });
    const wamid = sent.json().messages[0].id as string;
    const statuses = () => receiver.hooks.filter((h) => statusOf(h)?.id === wamid).map((h) => statusOf(h).status);
    await until(statuses, (s) => s.includes('delivered'));
    const shown = await until(
      () => messagesOf(number),
      (m) => m.messages.some((x: { id: string; status: string }) => x.id === wamid && x.status === 'delivered'),
    );
    expect(shown.messages.find((m: { id: string }) => m.id === wamid)).toMatchObject({ from: 'business', text: 'Hi Meera, how can we help?' });
    expect(statuses()).toEqual(['sent', 'delivered']);

    const read = await phone('POST', 'read', { phoneNumberId, waId: number, ids: [wamid] });
    expect(read.json()).toEqual({ read: [wamid] });
    expect((await phone('POST', 'read', { phoneNumberId, waId: number })).json()).toEqual({ read: [] });
    await until(statuses, (s) => s.includes('read'));
    await new Promise((r) => setTimeout(r, 150));
    expect(statuses()).toEqual(['sent', 'delivered', 'read']);
    const hook = receiver.hooks.find((h) => statusOf(h)?.id === wamid && statusOf(h).status === 'read')!;
    expect(verifyCloudSignature(hook.raw, hook.headers['x-hub-signature-256'], secret)).toBe(true);
    expect(statusOf(hook)).toMatchObject({ recipient_id: digits(number), timestamp: expect.stringMatching(/^\d{10}$/) });
    expect((await messagesOf(number)).statuses).toContainEqual({ id: wamid, status: 'read' });
  });

  it('serves an uploaded image as Meta serves media: its description, then its bytes, both with the bearer token', async () => {
    const number = newCustomer();
    const res = await upload({ phoneNumberId, waId: number, name: 'Priya Khan', caption: 'The dent' }, { name: 'dent.png', bytes: PNG, type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const { id, mediaId } = res.json();
    const message = valueOf(await inboundOf(id)).messages[0];
    expect(message).toEqual({
      from: digits(number),
      id,
      timestamp: expect.any(String),
      type: 'image',
      image: { id: mediaId, mime_type: 'image/png', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), caption: 'The dent' },
    });

    const graphGet = (url: string, withToken = true) =>
      parley.app.inject({ method: 'GET', url, headers: withToken ? { authorization: `Bearer ${token}` } : {} });
    const info = await graphGet(`/sandbox/whatsapp/v21.0/${mediaId}`);
    expect(info.json()).toEqual({
      messaging_product: 'whatsapp',
      url: expect.stringContaining(`/sandbox/whatsapp/media/${mediaId}`),
      mime_type: 'image/png',
      sha256: message.image.sha256,
      file_size: PNG.length,
      id: mediaId,
    });
    const path = new URL(info.json().url).pathname;
    const bytes = await graphGet(path);
    expect([bytes.statusCode, bytes.headers['content-type']]).toEqual([200, 'image/png']);
    expect(Buffer.compare(bytes.rawPayload, PNG)).toBe(0);

    for (const url of [`/sandbox/whatsapp/v21.0/${mediaId}`, path]) {
      const refused = await graphGet(url, false);
      expect([refused.statusCode, refused.json().error.code]).toEqual([401, 190]);
    }
    const unknown = await graphGet('/sandbox/whatsapp/v21.0/1234567890123456');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 100]);
    expect((await graphGet('/sandbox/whatsapp/media/1234567890123456')).json().error.code).toBe(100);
    // The phone shows its own upload without the Graph token.
    const shown = (await messagesOf(number)).messages[0];
    expect(shown).toMatchObject({ type: 'image', text: 'The dent', media: { kind: 'image', url: `/sandbox/phone/api/media/${mediaId}` } });
    expect(Buffer.compare((await parley.app.inject({ method: 'GET', url: shown.media.url })).rawPayload, PNG)).toBe(0);
  });

  it('sends a PDF as a document with its file name, and refuses other files', async () => {
    const number = newCustomer();
    const pdf = minimalPdf();
    const res = await upload({ phoneNumberId, waId: number }, { name: 'invoice.pdf', bytes: pdf, type: 'application/pdf' });
    const message = valueOf(await inboundOf(res.json().id)).messages[0];
    expect(message).toMatchObject({ type: 'document', document: { id: res.json().mediaId, mime_type: 'application/pdf', filename: 'invoice.pdf' } });
    const text = await upload({ phoneNumberId, waId: number }, { name: 'notes.png', bytes: Buffer.from('plain text, whatever its name'), type: 'image/png' });
    expect(text.statusCode).toBe(415);
    const big = await upload(
      { phoneNumberId, waId: number },
      { name: 'huge.png', bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), type: 'image/png' },
    );
    expect([big.statusCode, big.json().error]).toEqual([413, expect.stringContaining('5 MB')]);
  });

  it('refuses a number without its country code and an empty message', async () => {
    expect((await phone('POST', 'text', { phoneNumberId, waId: '12', text: 'hi' })).statusCode).toBe(400);
    expect((await phone('POST', 'text', { phoneNumberId, waId: newCustomer(), text: '   ' })).statusCode).toBe(400);
  });

  it('serves the page, its module and its stylesheet under a policy with nothing inline, and suggests demo customers', async () => {
    const page = await parley.app.inject({ method: 'GET', url: '/sandbox/phone' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('nothing leaves this server');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect((await parley.app.inject({ method: 'GET', url: '/sandbox/phone/phone.js' })).headers['content-type']).toContain('javascript');
    expect((await parley.app.inject({ method: 'GET', url: '/sandbox/phone/phone.css' })).headers['content-type']).toContain('text/css');
    const suggestions = (await phone('GET', 'suggestions')).json();
    expect(suggestions.business[0]).toMatchObject({ phoneNumberId });
    expect(suggestions.customers[0]).toEqual({ number: expect.stringMatching(/^\+9198\d{8}$/), name: expect.any(String) });
  });
});
