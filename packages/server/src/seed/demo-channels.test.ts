import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channels, sandboxWaTemplates } from '../db/schema.js';
import { call, login, startServer } from '../test/harness.js';
import { DEMO_CHANNEL } from './demo-channels.js';

describe('the demo WhatsApp channel', async () => {
  const parley = await startServer();
  const token = await login(parley);

  it('lists six APPROVED templates of every kind on the sandbox channel', async () => {
    const res = await call(parley, 'GET', 'chatbird/api/templates', { token, query: { status: 'APPROVED' } });
    const summary = res.data.templates.map((t: { name: string; kind: string; category: string; channelName: string; status: string }) => [
      t.name,
      t.kind,
      t.category,
      t.channelName,
      t.status,
    ]);
    expect(summary).toEqual([
      ['order_update', 'DEFAULT', 'UTILITY', 'WhatsApp Sandbox', 'APPROVED'],
      ['new_arrivals', 'DEFAULT', 'MARKETING', 'WhatsApp Sandbox', 'APPROVED'],
      ['invoice_ready', 'DEFAULT', 'UTILITY', 'WhatsApp Sandbox', 'APPROVED'],
      ['spring_collection', 'CAROUSEL', 'MARKETING', 'WhatsApp Sandbox', 'APPROVED'],
      ['flash_sale', 'LIMITED_TIME_OFFER', 'MARKETING', 'WhatsApp Sandbox', 'APPROVED'],
      ['login_code', 'DEFAULT', 'AUTHENTICATION', 'WhatsApp Sandbox', 'APPROVED'],
    ]);
    const headers = res.data.templates.map(
      (t: { components: { type: string; format?: string }[] }) => t.components.find((c) => c.type === 'HEADER')?.format ?? null,
    );
    expect(headers).toEqual([null, 'IMAGE', 'DOCUMENT', null, 'IMAGE', null]);
    const carousel = res.data.templates[3].components.find((c: { type: string }) => c.type === 'CAROUSEL');
    expect(carousel.cards).toHaveLength(3);
  });

  it('has the same templates approved in the sandbox, so a send works at once', async () => {
    const inSandbox = await parley.database.db.select().from(sandboxWaTemplates).where(eq(sandboxWaTemplates.wabaId, DEMO_CHANNEL.wabaId));
    expect(inSandbox.map((t) => [t.name, t.status]).sort()).toEqual(
      ['flash_sale', 'invoice_ready', 'login_code', 'new_arrivals', 'order_update', 'spring_collection'].map((n) => [n, 'APPROVED']),
    );
  });

  it('keeps the channel secrets sealed and shows them masked', async () => {
    const [row] = await parley.database.db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
    expect(row).toMatchObject({ type: 4, vendor: 20, contactId: '+15550100001', data: { phoneNumberId: '100000000000001', wabaId: '200000000000001' } });
    const { sandboxAccessToken: accessToken, sandboxAppSecret: appSecret } = parley.deps.config;
    expect(JSON.stringify(row!.data)).not.toContain(accessToken);
    expect(row!.sealedData).not.toContain(accessToken);
    expect(row!.sealedData).not.toContain(appSecret);
    // The sandbox's own credentials, this installation's (config.ts, secrets/install-secrets.ts).
    expect(JSON.parse(parley.deps.sealed.open(row!.sealedData!))).toEqual({ accessToken, appSecret });
    const shown = (await call(parley, 'GET', `e/enterprise/channels/${row!.id}/details`, { token })).data.channel;
    expect(shown.data.accessToken).toMatch(/^••••••/);
    expect(shown.data.accessToken).not.toBe(accessToken);
  });

  it('answers the variables of a demo template by its name', async () => {
    const [row] = await parley.database.db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
    const res = await call(parley, 'GET', 'chatbird/api/templates/variables', { token, query: { channelId: row!.id, templateId: 'order_update' } });
    expect(res.data.variables.map((v: { name: string; example: string }) => [v.name, v.example])).toEqual([
      ['{{1}}', 'Asha'],
      ['{{2}}', '#10423'],
    ]);
  });
});
