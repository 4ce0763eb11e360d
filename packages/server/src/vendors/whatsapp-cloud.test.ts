import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sandboxWaTemplates } from '../db/schema.js';
import { outboundFetch } from '../net/outbound-fetch.js';
import { IN_PROCESS_SANDBOX_URL } from '../sandbox/whatsapp/routes.js';
import { startServer } from '../test/harness.js';
import { injectFetch } from './inject-fetch.js';
import { VendorError, WebhookSignatureError } from './vendor.js';
import { signCloudBody, WhatsAppCloudClient, type WhatsAppCloudOptions } from './whatsapp-cloud.js';

const BODY = { type: 'BODY' as const, text: 'Hello {{1}}, your order {{2}} has shipped.', example: { body_text: [['Asha', 'A-17']] } };
const newId = () => `${randomInt(100_000, 999_999)}${randomInt(100_000, 999_999)}`;

async function refusal(promise: Promise<unknown>): Promise<VendorError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VendorError);
  return err as VendorError;
}

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 4000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('WhatsApp Cloud API client against the sandbox, over a socket', async () => {
  const parley = await startServer({ sandboxApprovalSeconds: 0.2, sandboxRatePerSecond: 5 });
  await parley.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(parley.app.server.address() as AddressInfo).port}/sandbox/whatsapp`;
  const client = (o: Partial<WhatsAppCloudOptions> = {}) =>
    new WhatsAppCloudClient({
      baseUrl,
      apiVersion: 'v21.0',
      phoneNumberId: newId(),
      wabaId: newId(),
      accessToken: parley.deps.config.sandboxAccessToken,
      appSecret: parley.deps.config.sandboxAppSecret,
      // The client refuses loopback unless told otherwise (outbound-fetch rules): this sandbox is the operator's.
      fetch: outboundFetch({ privateOrigins: [new URL(baseUrl).origin, 'http://127.0.0.1:1'] }),
      ...o,
    });

  it('submits a template: PENDING at once, APPROVED after the review delay; the reject word gets it REJECTED', async () => {
    const wa = client();
    const submitted = await wa.submitTemplate({ name: 'order_shipped', language: 'en_US', category: 'UTILITY', components: [BODY] });
    expect(submitted.status).toBe('PENDING');
    expect(submitted.vendorTemplateId).toMatch(/^\d{15}$/);
    const rejected = await wa.submitTemplate({
      name: 'bad_one',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'please reject-me' }],
    });

    expect((await wa.listTemplates()).find((t) => t.name === 'order_shipped')?.status).toBe('PENDING');
    const list = await eventually(
      () => wa.listTemplates(),
      (l) => l.every((t) => t.status !== 'PENDING'),
    );
    expect(list).toEqual(
      expect.arrayContaining([
        { vendorTemplateId: submitted.vendorTemplateId, name: 'order_shipped', language: 'en_US', status: 'APPROVED', rejectedReason: null },
        { vendorTemplateId: rejected.vendorTemplateId, name: 'bad_one', language: 'en_US', status: 'REJECTED', rejectedReason: 'INVALID_FORMAT' },
      ]),
    );
  });

  it('refuses a second template of the same name and language, and a name Meta would refuse', async () => {
    const wa = client();
    await wa.submitTemplate({ name: 'welcome', language: 'en_US', category: 'MARKETING', components: [BODY] });
    const dup = await refusal(wa.submitTemplate({ name: 'welcome', language: 'en_US', category: 'MARKETING', components: [BODY] }));
    expect([dup.code, dup.httpStatus]).toEqual([100, 400]);
    // Another language of the same name is a new translation, not a duplicate.
    await expect(wa.submitTemplate({ name: 'welcome', language: 'hi', category: 'MARKETING', components: [BODY] })).resolves.toMatchObject({
      status: 'PENDING',
    });
    expect((await refusal(wa.submitTemplate({ name: 'Welcome Offer', language: 'en_US', category: 'MARKETING', components: [BODY] }))).code).toBe(100);
    expect((await refusal(wa.submitTemplate({ name: 'no_body', language: 'en_US', category: 'MARKETING', components: [] }))).code).toBe(100);
  });

  it('sends an approved template and gets a wamid; unknown templates and wrong parameter counts are refused', async () => {
    const wa = client();
    await wa.submitTemplate({ name: 'order_dispatched', language: 'en_US', category: 'UTILITY', components: [BODY] });
    const body = {
      type: 'body',
      parameters: [
        { type: 'text', text: 'Asha' },
        { type: 'text', text: 'A-17' },
      ],
    };
    // Still pending: Meta refuses to send it. (The sandbox finds templates by name in any account, so the name is new.)
    const pending = await refusal(wa.sendTemplate({ to: '+91 98765 43210', templateName: 'order_dispatched', language: 'en_US', components: [body] }));
    expect(pending.code).toBe(132001);
    await eventually(
      () => wa.listTemplates(),
      (l) => l[0]?.status === 'APPROVED',
    );

    const sent = await wa.sendTemplate({ to: '+91 98765 43210', templateName: 'order_dispatched', language: 'en_US', components: [body], callbackData: 'm-1' });
    expect(sent.messageId).toMatch(/^wamid\.[\w-]{20,}$/);
    const other = await wa.sendTemplate({ to: '919876543210', templateName: 'order_dispatched', language: 'en_US', components: [body] });
    expect(other.messageId).not.toBe(sent.messageId);

    expect((await refusal(wa.sendTemplate({ to: '919876543210', templateName: 'order_dispatched', language: 'fr', components: [body] }))).code).toBe(132001);
    expect((await refusal(wa.sendTemplate({ to: '919876543210', templateName: 'nope', language: 'en_US', components: [body] }))).code).toBe(132001);
    const short = await refusal(
      wa.sendTemplate({
        to: '919876543210',
        templateName: 'order_dispatched',
        language: 'en_US',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'x' }] }],
      }),
    );
    expect(short.code).toBe(132000);
    expect((await refusal(wa.sendTemplate({ to: 'not a number', templateName: 'order_dispatched', language: 'en_US', components: [body] }))).code).toBe(100);
  });

  it('reports a wrong access token as Graph error 190', async () => {
    const err = await refusal(client({ accessToken: 'stolen' }).listTemplates());
    expect([err.code, err.httpStatus, err.message]).toEqual([190, 401, 'Invalid OAuth access token.']);
  });

  it('enforces the per-number rate limit with 130429, per phone number', async () => {
    const wabaId = newId();
    const wa = client({ wabaId });
    await wa.submitTemplate({ name: 'ping', language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 'ping' }] });
    await eventually(
      () => wa.listTemplates(),
      (l) => l[0]?.status === 'APPROVED',
    );
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => wa.sendTemplate({ to: `9198765000${10 + i}`, templateName: 'ping', language: 'en_US', components: [] })),
    );
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as VendorError] : []));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(refused.map((e) => e.code)).toEqual([130429, 130429, 130429]);
    // Another number of the same account has its own budget.
    await expect(client({ wabaId }).sendTemplate({ to: '919876500099', templateName: 'ping', language: 'en_US', components: [] })).resolves.toBeTruthy();
  });

  it('follows the list pages to the end', async () => {
    const wabaId = newId();
    await parley.database.db.insert(sandboxWaTemplates).values(
      Array.from({ length: 130 }, (_, i) => ({
        id: `7${wabaId}${String(i).padStart(3, '0')}`,
        wabaId,
        name: `bulk_${i}`,
        language: 'en_US',
        category: 'UTILITY',
        components: [BODY],
        status: 'APPROVED',
      })),
    );
    const list = await client({ wabaId }).listTemplates();
    expect(list).toHaveLength(130);
    expect(new Set(list.map((t) => t.name)).size).toBe(130);
  });

  it('deletes a template by name; deleting a missing one is refused', async () => {
    const wa = client();
    await wa.submitTemplate({ name: 'gone_soon', language: 'en_US', category: 'UTILITY', components: [BODY] });
    await wa.deleteTemplate('gone_soon');
    expect(await wa.listTemplates()).toEqual([]);
    expect((await refusal(wa.deleteTemplate('gone_soon'))).code).toBe(100);
  });

  it('turns an unreachable vendor into VendorError code 0, without saying how the connection failed', async () => {
    const err = await refusal(client({ baseUrl: 'http://127.0.0.1:1/sandbox/whatsapp' }).listTemplates());
    expect([err.code, err.httpStatus, err.message]).toEqual([0, 0, 'The vendor could not be reached']);
    // By default the client keeps to the outbound rules: loopback is refused before any connection.
    const strict = await refusal(client({ fetch: outboundFetch() }).listTemplates());
    expect(strict.message).toBe('The vendor could not be reached: its address is not allowed');
  });

  it('talks to the sandbox in-process through injectFetch, with the same results', async () => {
    const wa = client({ baseUrl: IN_PROCESS_SANDBOX_URL, fetch: injectFetch(parley.app) });
    await wa.submitTemplate({ name: 'in_process', language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 'hi' }] });
    await eventually(
      () => wa.listTemplates(),
      (l) => l[0]?.status === 'APPROVED',
    );
    await expect(wa.sendTemplate({ to: '919876543210', templateName: 'in_process', language: 'en_US', components: [] })).resolves.toMatchObject({
      messageId: expect.stringMatching(/^wamid\./),
    });
    expect((await refusal(client({ baseUrl: IN_PROCESS_SANDBOX_URL, fetch: injectFetch(parley.app), accessToken: 'x' }).listTemplates())).code).toBe(190);
  });

  describe('parseWebhook', () => {
    const wa = client({ appSecret: 'app-secret-1' });
    const statusHook = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                statuses: [
                  {
                    id: 'wamid.A',
                    status: 'delivered',
                    timestamp: '1750263773',
                    recipient_id: '919876543210',
                    biz_opaque_callback_data: 'm-1',
                    pricing: { billable: true, pricing_model: 'CBP', category: 'utility' },
                  },
                  {
                    id: 'wamid.B',
                    status: 'failed',
                    timestamp: '1750263774',
                    recipient_id: '919876500001',
                    errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'x' } }],
                  },
                  { id: 'wamid.C', status: 'played', timestamp: '1750263775', recipient_id: '1' },
                ],
              },
            },
          ],
        },
      ],
    };
    const raw = Buffer.from(JSON.stringify(statusHook));

    it('reads statuses when the signature is right', () => {
      const events = wa.parseWebhook(raw, { 'x-hub-signature-256': signCloudBody(raw, 'app-secret-1') });
      expect(events.map(({ raw: _raw, ...e }) => e)).toEqual([
        {
          kind: 'status',
          messageId: 'wamid.A',
          status: 'delivered',
          timestamp: 1750263773,
          recipient: '919876543210',
          errorCode: null,
          errorTitle: null,
          callbackData: 'm-1',
        },
        {
          kind: 'status',
          messageId: 'wamid.B',
          status: 'failed',
          timestamp: 1750263774,
          recipient: '919876500001',
          errorCode: 131026,
          errorTitle: 'Message undeliverable',
          callbackData: null,
        },
      ]);
    });

    it('refuses a missing, wrong or other-secret signature, and a changed body', () => {
      expect(() => wa.parseWebhook(raw, {})).toThrow(WebhookSignatureError);
      expect(() => wa.parseWebhook(raw, { 'x-hub-signature-256': 'sha256=00' })).toThrow(WebhookSignatureError);
      expect(() => wa.parseWebhook(raw, { 'x-hub-signature-256': signCloudBody(raw, 'another-secret') })).toThrow(WebhookSignatureError);
      const changed = Buffer.from(raw.toString().replace('delivered', 'read'));
      expect(() => wa.parseWebhook(changed, { 'X-Hub-Signature-256': signCloudBody(raw, 'app-secret-1') })).toThrow(WebhookSignatureError);
    });

    it('reads a template review', () => {
      const hook = Buffer.from(
        JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: '102290129340398',
              time: 1751247548,
              changes: [
                {
                  field: 'message_template_status_update',
                  value: {
                    event: 'REJECTED',
                    message_template_id: 806312974732579,
                    message_template_name: 'promo',
                    message_template_language: 'en_US',
                    reason: 'INVALID_FORMAT',
                  },
                },
              ],
            },
          ],
        }),
      );
      const [event] = wa.parseWebhook(hook, { 'x-hub-signature-256': signCloudBody(hook, 'app-secret-1') });
      expect(event).toMatchObject({
        kind: 'template',
        vendorTemplateId: '806312974732579',
        name: 'promo',
        language: 'en_US',
        status: 'REJECTED',
        reason: 'INVALID_FORMAT',
      });
    });
  });
});
