import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxWaMessages, sandboxWaTemplates } from '../../db/schema.js';
import { startServer } from '../../test/harness.js';
import { statusOf, until, webhookRecorder } from '../../test/webhook-recorder.js';
import { verifyCloudSignature } from '../../vendors/whatsapp-webhook.js';
import { customerSendsText } from './customer-phone.js';
import { sandboxOf } from './routes.js';

const newId = () => `${randomInt(100_000, 999_999)}${randomInt(100_000, 999_999)}`;
const newCustomer = () => `9198${randomInt(10_000_000, 99_999_999)}`;

describe('free-form messages in the WhatsApp sandbox', async () => {
  const receiver = await webhookRecorder();
  const parley = await startServer({ sandboxWebhookUrl: receiver.url, sandboxWebhookBatchMs: 0 });
  const { db } = parley.database;
  const sandbox = sandboxOf(parley.app)!;
  const secret = parley.deps.config.sandboxAppSecret;
  const phoneNumberId = newId();
  const graph = (path: string, payload: unknown) =>
    parley.app.inject({
      method: 'POST',
      url: `/sandbox/whatsapp/v21.0/${path}`,
      headers: { authorization: `Bearer ${parley.deps.config.sandboxAccessToken}` },
      payload: payload as object,
    });
  const send = async (to: string, message: Record<string, unknown>) => {
    const res = await graph(`${phoneNumberId}/messages`, { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...message });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const hooksFor = (wamid: string) => receiver.hooks.filter((h) => statusOf(h)?.id === wamid);
  /** Waits for `n` status webhooks of a message, then a little more to see that no more come. */
  const webhooksOf = async (wamid: string, n: number) => {
    await until(
      () => hooksFor(wamid),
      (l) => l.length >= n,
    );
    await new Promise((r) => setTimeout(r, 250));
    return hooksFor(wamid);
  };
  const rowOf = async (id: string) => {
    await sandbox.conversations.flush();
    return (await db.select().from(sandboxWaMessages).where(eq(sandboxWaMessages.id, id)))[0];
  };
  const customer = (waId: string) => ({ phoneNumberId, waId, name: 'Asha Rao' });

  it("sends and delivers a text within 24 hours of the customer's last message, and no read comes by itself", async () => {
    const waId = newCustomer();
    await customerSendsText(sandbox, customer(waId), 'Where is my order?');
    const reply = await send(`+${waId}`, { type: 'text', text: { body: 'On its way!', preview_url: false } });
    expect(reply).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: `+${waId}`, wa_id: waId }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    const wamid = reply.messages[0].id as string;

    const hooks = await webhooksOf(wamid, 2);
    expect(hooks.map((h) => statusOf(h).status)).toEqual(['sent', 'delivered']);
    for (const h of hooks) expect(verifyCloudSignature(h.raw, h.headers['x-hub-signature-256'], secret)).toBe(true);
    expect(statusOf(hooks[0]!)).toMatchObject({
      recipient_id: waId,
      conversation: { origin: { type: 'service' } },
      pricing: { billable: false, category: 'service' },
    });
    expect(await rowOf(wamid)).toMatchObject({
      direction: 'out',
      type: 'text',
      status: 'delivered',
      body: { text: { body: 'On its way!', preview_url: false } },
    });
  });

  it('accepts a text to a customer who never wrote, then fails it with 131047 as Meta does', async () => {
    const waId = newCustomer();
    const wamid = (await send(waId, { type: 'text', text: { body: 'Hello?' } })).messages[0].id as string;
    const hooks = await webhooksOf(wamid, 1);
    expect(hooks.map((h) => statusOf(h).status)).toEqual(['failed']);
    expect(statusOf(hooks[0]!)).toEqual({
      id: wamid,
      status: 'failed',
      timestamp: expect.stringMatching(/^\d{10}$/),
      recipient_id: waId,
      errors: [
        {
          code: 131047,
          title: 'Re-engagement message',
          message: 'Re-engagement message',
          error_data: { details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' },
          href: expect.stringContaining('developers.facebook.com'),
        },
      ],
    });
    expect(await rowOf(wamid)).toMatchObject({ status: 'failed', body: { error: { code: 131047, title: 'Re-engagement message' } } });
  });

  it('fails a reply when the customer last wrote more than 24 hours ago', async () => {
    const waId = newCustomer();
    await db.insert(sandboxWaMessages).values({
      id: `wamid.old-${waId}`,
      phoneNumberId,
      waId,
      direction: 'in',
      type: 'text',
      body: { text: { body: 'Hi' } },
      createdAt: new Date(Date.now() - 25 * 3600 * 1000),
    });
    const wamid = (await send(waId, { type: 'image', image: { link: 'https://example.com/a.jpg', caption: 'Your receipt' } })).messages[0].id as string;
    expect((await webhooksOf(wamid, 1)).map((h) => [statusOf(h).status, statusOf(h).errors?.[0]?.code])).toEqual([['failed', 131047]]);
  });

  it('refuses bad free-form sends in the Graph error shape', async () => {
    const waId = newCustomer();
    const refusal = async (message: Record<string, unknown>) => {
      const res = await graph(`${phoneNumberId}/messages`, { messaging_product: 'whatsapp', to: waId, ...message });
      return [res.statusCode, res.json().error.code, res.json().error.message] as const;
    };
    expect(await refusal({ type: 'text', text: { body: '' } })).toEqual([400, 100, "(#100) The parameter text['body'] is required."]);
    expect((await refusal({ type: 'text', text: { body: 'x'.repeat(4097) } })).slice(0, 2)).toEqual([400, 100]);
    expect(await refusal({ type: 'image', image: { caption: 'no media' } })).toEqual([
      400,
      100,
      "(#100) The parameter image['link'] or image['id'] is required.",
    ]);
    expect((await refusal({ type: 'document', document: { link: 'ftp://example.com/a.pdf' } })).slice(0, 2)).toEqual([400, 100]);
    expect((await refusal({ type: 'location', location: { latitude: 200, longitude: 0 } })).slice(0, 2)).toEqual([400, 100]);
    expect((await refusal({ type: 'carrier_pigeon' })).slice(0, 2)).toEqual([400, 100]);
    const loose = await graph(`${phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: waId,
      type: 'interactive',
      interactive: { type: 'button', body: { text: 'Pick one' }, action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'Yes' } }] } },
    });
    expect(loose.statusCode).toBe(200);
  });

  it('logs template sends with their rendered text, their status following the fate', async () => {
    const wabaId = newId();
    await db.insert(sandboxWaTemplates).values({
      id: `9${newId()}`,
      wabaId,
      name: `order_note_${wabaId}`,
      language: 'en_US',
      category: 'UTILITY',
      components: [
        { type: 'BODY', text: 'Hi {{1}}, order {{2}} shipped.' },
        { type: 'FOOTER', text: 'Demo Store' },
      ],
      status: 'APPROVED',
    });
    const template = {
      name: `order_note_${wabaId}`,
      language: { code: 'en_US' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Asha' },
            { type: 'text', text: '#42' },
          ],
        },
      ],
    };
    const delivered = (await send('919876512345', { type: 'template', template })).messages[0].id as string;
    const failed = (await send('919876500002', { type: 'template', template })).messages[0].id as string;
    await webhooksOf(delivered, 3);
    await webhooksOf(failed, 1);
    expect(await rowOf(delivered)).toMatchObject({
      type: 'template',
      status: 'read',
      body: { rendered: { body: 'Hi Asha, order #42 shipped.', footer: 'Demo Store' } },
    });
    expect(await rowOf(failed)).toMatchObject({ status: 'failed', body: { error: { code: 131047 } } });
  });

  it('marks a customer message read when the business says so', async () => {
    const waId = newCustomer();
    const { id } = await customerSendsText(sandbox, customer(waId), 'Thanks!');
    const res = await graph(`${phoneNumberId}/messages`, { messaging_product: 'whatsapp', status: 'read', message_id: id });
    expect(res.json()).toEqual({ success: true });
    expect((await rowOf(id))?.status).toBe('read');
    expect((await graph(`${phoneNumberId}/messages`, { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.nope' })).json().error.code).toBe(100);
  });
});
