import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { broadcastMessages, broadcasts, channelMessageEvents, channels, customers, messageTemplates } from '../../db/schema.js';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

type Parley = Awaited<ReturnType<typeof startServer>>;

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const v = await probe();
    if (v) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

const settled = (parley: Parley, id: string) =>
  until('the broadcast to complete with every webhook applied', async () => {
    const [b] = await parley.database.db.select().from(broadcasts).where(eq(broadcasts.id, id));
    const rows = await parley.database.db.select().from(broadcastMessages).where(eq(broadcastMessages.broadcastId, id));
    const resting = rows.every((r) => ['read', 'failed'].includes(r.state));
    return b?.status === 'COMPLETED' && resting && b.read + b.failed === b.total ? { b, rows } : undefined;
  });

const orderUpdate = (phoneNumber: string[], extra: Record<string, unknown> = {}) => ({
  channelId: '',
  phoneNumber,
  message: { template: { templateId: 'order_update' } },
  columnMapping: [
    { component: 'BODY', variable: '{{1}}', type: 'column', value: 'name' },
    { component: 'BODY', variable: '{{2}}', type: 'static', value: '#10423' },
  ],
  ...extra,
});

describe('sending a broadcast', async () => {
  const parley = await startServer({ jobs: true, defaultCountry: 'US' });
  const { db } = parley.database;
  const token = await login(parley);
  const [channel] = await db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
  const channelId = channel!.id;
  const eId = channel!.eId;
  await db.insert(customers).values([
    { eId, name: 'Asha', phoneNumber: '+14155550100' },
    { eId, name: 'Ravi', phoneNumber: '+14155550001' },
  ]);
  const send = (body: Record<string, unknown>, as = token) =>
    call(parley, 'POST', 'chatbird/api/broadcast', { token: as, json: { ...body, channelId: body.channelId || channelId } });

  it('stores every recipient once, answers at once, and the job sends each with its own values', async () => {
    const res = await send(orderUpdate(['+1 415 555 0100', ' ', '(415) 555-0001', '+14155550100', '415 555 0199']));
    expect(res).toMatchObject({
      status: true,
      message: 'Broadcast sent successfully',
      data: { data: { name: 'order_update', channelName: DEMO_CHANNEL.name, user: { name: expect.any(String) } } },
    });
    expect(res.data.data.phoneNumbers.sort()).toEqual(['+14155550001', '+14155550100', '+14155550199']);
    const { b, rows } = await settled(parley, res.data.id);
    const by = Object.fromEntries(rows.map((r) => [r.recipient, r]));
    // Column values from each recipient's customer record; the static value the same for all.
    expect(by['+14155550100']!.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Asha' },
          { type: 'text', text: '#10423' },
        ],
      },
    ]);
    expect(by['+14155550100']).toMatchObject({ state: 'read', attempts: 1, wamid: expect.stringMatching(/^wamid\./) });
    // The sandbox fails numbers ending 0001 after "sent" (131026).
    expect(by['+14155550001']).toMatchObject({ state: 'failed', errorCode: 131026, wamid: expect.stringMatching(/^wamid\./) });
    // No customer has this number: it fails alone, never handed to the vendor.
    expect(by['+14155550199']).toMatchObject({ state: 'failed', errorTitle: 'No value of name for {{1}}', attempts: 0, wamid: null });
    expect(b).toMatchObject({ total: 3, accepted: 1, sent: 1, delivered: 1, read: 1, failed: 2 });
    // Every status event carries the message's own id back.
    const events = await db.select().from(channelMessageEvents).where(eq(channelMessageEvents.wamid, by['+14155550100']!.wamid!));
    expect(new Set(events.map((e) => e.callbackData))).toEqual(new Set([by['+14155550100']!.id]));
  });

  it('fills expressions, URL buttons and media per recipient', async () => {
    const res = await send({
      phoneNumber: ['+14155550100'],
      message: { template: { templateId: 'new_arrivals', media: { fileName: 'a.jpg', type: 'image', url: 'https://cdn.example.com/a.jpg' } } },
      columnMapping: [
        { component: 'BODY', variable: '{{1}}', type: 'static', value: 'friend' },
        { component: 'BUTTON', buttonIndex: 0, variable: '{{1}}', type: 'expression', value: 'for-{name}' },
      ],
    });
    expect(res.status).toBe(true);
    const { rows } = await settled(parley, res.data.id);
    expect(rows[0]!.components).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/a.jpg' } }] },
      { type: 'body', parameters: [{ type: 'text', text: 'friend' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'for-Asha' }] },
    ]);
    expect(rows[0]!.state).toBe('read');
  });

  it("refuses bad requests with the spec's words", async () => {
    const media = (fileName: string) => ({ fileName, type: 'x', url: `https://cdn.example.com/${fileName}` });
    const message = (r: { message: string; errors?: { field: string }[] }) => [r.message, (r.errors ?? []).map((e) => e.field)];
    expect(message(await send(orderUpdate([' ', ''])))).toEqual(['This Field is Mandatory', ['phoneNumber']]);
    expect(message(await send(orderUpdate(['+14155550100', '12345', 'not a phone 1'])))).toEqual([
      'please enter valid number',
      ['phoneNumber.1', 'phoneNumber.2'],
    ]);
    expect((await send(orderUpdate(['+14155550100'], { columnMapping: [] }))).message).toBe('Variable mapping missing, check all cards');
    const one = [{ component: 'BODY', variable: '{{1}}', type: 'static', value: 'x' }];
    expect((await send({ phoneNumber: ['+14155550100'], message: { template: { templateId: 'new_arrivals' } }, columnMapping: one })).message).toBe(
      'Attachment is missing !',
    );
    expect(
      (await send({ phoneNumber: ['+14155550100'], message: { template: { templateId: 'invoice_ready', media: media('invoice.jpg') } }, columnMapping: one }))
        .message,
    ).toBe('Invalid file type !');
    const cards = [{ media: media('1.jpg') }, {}, { media: media('3.jpg') }];
    const cardMapping = [
      ...one,
      ...[1, 2, 3].flatMap((card) => [
        { card, component: 'BODY', variable: '{{1}}', type: 'static', value: '$1' },
        { card, component: 'BUTTON', buttonIndex: 0, variable: '{{1}}', type: 'static', value: 'p' },
      ]),
    ];
    expect(
      (await send({ phoneNumber: ['+14155550100'], message: { template: { templateId: 'spring_collection', cards } }, columnMapping: cardMapping })).message,
    ).toBe('Media missing in card 2');
    expect(
      (
        await send({
          phoneNumber: ['+14155550100'],
          message: { template: { templateId: 'spring_collection', cards: [cards[0], cards[0], cards[0]] } },
          columnMapping: cardMapping.slice(0, 5),
        })
      ).message,
    ).toBe('Variable mapping missing, check all cards');
    await db
      .update(messageTemplates)
      .set({ status: 'PENDING' })
      .where(and(eq(messageTemplates.channelId, channelId), eq(messageTemplates.name, 'login_code')));
    expect((await send({ phoneNumber: ['+14155550100'], message: { template: { templateId: 'login_code' } }, columnMapping: one })).message).toBe(
      'Template is not approved',
    );
    expect((await send({ phoneNumber: ['+14155550100'], message: { template: { templateId: 'no_such' } }, columnMapping: one })).message).toBe(
      'Template not found',
    );
    // Nothing of a refused request is stored.
    expect((await db.select().from(broadcasts)).length).toBe(2);
  });

  it('keeps enterprises apart and answers 1403 without the permission', async () => {
    const other = await loginToOtherEnterprise(parley);
    const res = await send(orderUpdate(['+14155550100']), other);
    expect(res).toMatchObject({ status: false, code: 1404, message: 'Channel not found' });
    const viewer = await login(parley, 'viewer@parley.dev');
    expect((await send(orderUpdate(['+14155550100']), viewer)).code).toBe(1403);
  });
});

describe('a channel over its rate limit', async () => {
  const parley = await startServer({ jobs: true, defaultCountry: 'US', sandboxRatePerSecond: 5, broadcastRatePerSecond: 5 });
  const { db } = parley.database;
  const token = await login(parley);
  const [channel] = await db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));

  it('paces to the limit and sends all 30: none failed, none dropped', async () => {
    const numbers = Array.from({ length: 30 }, (_, i) => `+1415555${String(2000 + i).padStart(4, '0')}`);
    // A burst from elsewhere on the same number takes part of the sandbox's budget: the job meets 130429 and retries.
    const res = await call(parley, 'POST', 'chatbird/api/broadcast', {
      token,
      json: orderUpdate(numbers, {
        channelId: channel!.id,
        columnMapping: [
          { component: 'BODY', variable: '{{1}}', type: 'static', value: 'you' },
          { component: 'BODY', variable: '{{2}}', type: 'static', value: '#1' },
        ],
      }),
    });
    expect(res.status).toBe(true);
    const started = Date.now();
    const burst = async () => {
      let refused = 0;
      for (let i = 0; i < 40; i++) {
        const r = await parley.app.inject({
          method: 'POST',
          url: `/sandbox/whatsapp/v21.0/${DEMO_CHANNEL.phoneNumberId}/messages`,
          headers: { authorization: `Bearer ${parley.deps.config.sandboxAccessToken}` },
          payload: {
            messaging_product: 'whatsapp',
            to: '14155559999',
            type: 'template',
            template: {
              name: 'order_update',
              language: { code: 'en_US' },
              components: [
                {
                  type: 'body',
                  parameters: [
                    { type: 'text', text: 'a' },
                    { type: 'text', text: 'b' },
                  ],
                },
              ],
            },
          },
        });
        if (r.json().error?.code === 130429) refused++;
        await new Promise((r) => setTimeout(r, 50));
      }
      return refused;
    };
    expect(await burst()).toBeGreaterThan(0);
    const b = await until(
      'all 30 accepted',
      async () => {
        const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, res.data.id));
        return row?.status === 'COMPLETED' ? row : undefined;
      },
      30_000,
    );
    const elapsed = (Date.now() - started) / 1000;
    const rows = await db.select().from(broadcastMessages).where(eq(broadcastMessages.broadcastId, res.data.id));
    expect(rows.filter((r) => r.wamid).length).toBe(30);
    expect(rows.filter((r) => r.state === 'failed' && r.errorCode !== 131026).length).toBe(0);
    expect(b.total).toBe(30);
    // The burst took part of the budget: some sends met 130429 and went again, counted as attempts, never as failures.
    expect(rows.some((r) => r.attempts > 1)).toBe(true);
    // 30 at 5 a second: about 6 s (the first second's five go at once).
    expect(elapsed).toBeGreaterThan(4.5);
  }, 40_000);
});
