import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageTemplates, sandboxWaTemplates } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { carouselComponents, createSandboxChannel, plainComponents } from './test-fixtures.js';

const SAVE_FAILED = 'Save Failed. Please check for errors in fields';

describe('message templates on the sandbox', async () => {
  const parley = await startServer({ sandboxApprovalSeconds: 0.2 });
  const { db } = parley.database;
  const token = await login(parley);
  const channelId = await createSandboxChannel(parley, token, 1);
  const create = (json: Record<string, unknown>) => call(parley, 'POST', 'chatbird/api/templates', { token, json });
  const get = (id: string) => call(parley, 'GET', `chatbird/api/templates/${id}`, { token });
  const variables = (query: Record<string, string>) => call(parley, 'GET', 'chatbird/api/templates/variables', { token, query });
  const onChannel = async (id = channelId) =>
    (await call(parley, 'GET', 'chatbird/api/templates', { token, query: { channelId: id } })).data.templates as { name: string; language: string }[];
  /** What the template's page shows once the vendor decided (the sandbox decides in 0.2 s, its webhook tells us). */
  const settled = async (id: string, status: string) => {
    for (const end = Date.now() + 5000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      const template = (await get(id)).data.template;
      if (template.status === status) return template;
    }
    throw new Error(`template ${id} never became ${status}`);
  };
  let carouselId = '';

  it('reports every field error at once and submits nothing', async () => {
    const res = await create({
      channelId,
      name: 'Spring Picks',
      category: 'promo',
      components: [
        { type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'This offer ends tonight' } },
        { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'SAVE10' }] },
      ],
    });
    expect(res).toMatchObject({ status: false, message: SAVE_FAILED });
    expect(res.errors).toEqual([
      { field: 'name', message: 'Template name can contain only lowercase letters, numbers and underscores' },
      { field: 'category', message: 'Category is required' },
      { field: 'components.BODY.text', message: 'Body is required' },
      { field: 'components.LIMITED_TIME_OFFER.text', message: 'Offer text can be at most 15 characters' },
      { field: 'components.BUTTONS', message: 'A limited-time offer allows 1 call-to-action and 1 offer code' },
    ]);
    expect((await create({ channelId: randomUUID(), name: 'hello', category: 'Utility', components: plainComponents() })).errors).toEqual([
      { field: 'channelId', message: 'Channel not found' },
    ]);
    const karix = await call(parley, 'POST', 'e/enterprise/channels', {
      token,
      json: { name: 'Karix', type: 4, vendor: 0, contactId: '+14155550999', data: { username: 'u', password: 'p' } },
    });
    expect((await create({ channelId: karix.data.channel.channelId, name: 'hello', category: 'Utility', components: plainComponents() })).errors).toEqual([
      { field: 'channelId', message: 'Templates can be created only for WhatsApp Cloud API channels' },
    ]);
    expect((await create({ channelId, name: 'hello', category: 'Utility', components: 'not json' })).message).toBe(SAVE_FAILED);
    expect(await onChannel()).toEqual([]);
    expect(await db.select().from(sandboxWaTemplates).where(eq(sandboxWaTemplates.wabaId, '200000000000101'))).toEqual([]);
  });

  it('submits a carousel to the sandbox and sees it turn APPROVED', async () => {
    const res = await create({ channelId, name: 'spring_picks', category: 'Marketing', components: carouselComponents() });
    expect(res).toMatchObject({ status: true, message: 'Template submitted for approval' });
    expect(res.data.template).toMatchObject({
      name: 'spring_picks',
      templateId: 'spring_picks',
      channelName: 'Sandbox 1',
      category: 'MARKETING',
      kind: 'CAROUSEL',
      language: 'en_US',
      status: 'PENDING',
    });
    carouselId = res.data.template.id;
    expect(await settled(carouselId, 'APPROVED')).toMatchObject({ status: 'APPROVED', rejectedReason: null });
  });

  it('answers the variables of a carousel, per card, by name or by id', async () => {
    const byName = await variables({ channelId, templateId: 'spring_picks' });
    expect(byName.data.template.id).toBe(carouselId);
    expect(byName.data.variables).toEqual([{ component: 'BODY', name: '{{1}}', type: 'text', required: true, example: 'Asha' }]);
    expect(byName.data.cards).toEqual(
      [1, 2].map((card) => ({
        card,
        variables: [
          { component: 'BODY', name: '{{1}}', type: 'text', required: true, example: card === 1 ? '$29' : '$19' },
          { component: 'BUTTON', buttonIndex: 0, name: '{{1}}', type: 'url', required: true, example: 'shirt' },
        ],
      })),
    );
    expect((await variables({ channelId, templateId: carouselId })).data.cards).toEqual(byName.data.cards);
    expect(await variables({ channelId, templateId: 'no_such_template' })).toMatchObject({ status: false, code: 1404, message: 'Template not found' });
  });

  it('answers the variables of a URL-button template: header, body, then the URL suffix', async () => {
    const res = await create({
      channelId,
      name: 'track_order',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#10423'] } },
        { type: 'BODY', text: 'Hi {{1}}, it ships {{2}}.', example: { body_text: [['Asha', 'today']] } },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Thanks' },
            { type: 'URL', text: 'Track', url: 'https://shop.example.com/t/{{1}}', example: ['https://shop.example.com/t/AB12'] },
          ],
        },
      ],
    });
    expect(res.status).toBe(true);
    const vars = await variables({ channelId, templateId: 'track_order' });
    expect(vars.data.variables).toEqual([
      { component: 'HEADER', name: '{{1}}', type: 'text', required: true, example: '#10423' },
      { component: 'BODY', name: '{{1}}', type: 'text', required: true, example: 'Asha' },
      { component: 'BODY', name: '{{2}}', type: 'text', required: true, example: 'today' },
      { component: 'BUTTON', buttonIndex: 1, name: '{{1}}', type: 'url', required: true, example: 'AB12' },
    ]);
    expect(vars.data.cards).toEqual([]);
  });

  it('refuses a name already on the channel in that language, before asking the vendor', async () => {
    const res = await create({ channelId, name: 'spring_picks', category: 'MARKETING', components: carouselComponents() });
    expect(res).toMatchObject({
      status: false,
      message: SAVE_FAILED,
      errors: [{ field: 'name', message: 'A template with this name and language already exists on this channel' }],
    });
    expect((await create({ channelId, name: 'spring_picks', language: 'es', category: 'MARKETING', components: carouselComponents() })).status).toBe(true);
  });

  it("stores nothing when the vendor refuses, and says the vendor's reason", async () => {
    const badToken = await createSandboxChannel(parley, token, 2, 'not-the-sandbox-token');
    const res = await create({ channelId: badToken, name: 'hello', category: 'UTILITY', components: plainComponents() });
    expect(res.status).toBe(false);
    expect(res.message).toMatch(/^The vendor refused the template: .+/);
    expect(await onChannel(badToken)).toEqual([]);
  });

  it('keeps the reason of a rejection, and a sync brings back what a lost webhook never told', async () => {
    const rejected = await create({ channelId, name: 'risky', category: 'MARKETING', components: plainComponents('Please reject-me') });
    expect(await settled(rejected.data.template.id, 'REJECTED')).toMatchObject({ rejectedReason: 'INVALID_FORMAT' });
    // As if the approval webhook had been lost.
    await db.update(messageTemplates).set({ status: 'PENDING' }).where(eq(messageTemplates.id, carouselId));
    expect((await get(carouselId)).data.template.status).toBe('PENDING');
    expect(await call(parley, 'POST', 'chatbird/api/templates/sync', { token, json: { channelId } })).toMatchObject({ status: true, data: { updated: 1 } });
    expect((await get(carouselId)).data.template.status).toBe('APPROVED');
    expect((await call(parley, 'POST', 'chatbird/api/templates/sync', { token, json: { channelId } })).data.updated).toBe(0);
  });

  it('deletes a template in every language, at the vendor too', async () => {
    const res = await call(parley, 'DELETE', `chatbird/api/templates/${carouselId}`, { token });
    expect(res).toMatchObject({ status: true, message: 'Template deleted successfully' });
    expect(await get(carouselId)).toMatchObject({ status: false, code: 1404, message: 'Template not found' });
    expect((await onChannel()).map((t) => t.name).sort()).toEqual(['risky', 'track_order']);
    const left = await db.select().from(sandboxWaTemplates).where(eq(sandboxWaTemplates.wabaId, '200000000000101'));
    expect(left.map((t) => t.name).sort()).toEqual(['risky', 'track_order']);
  });
});
