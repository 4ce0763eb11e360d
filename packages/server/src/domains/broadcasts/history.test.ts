import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { broadcastMessages, broadcasts, channelMessageEvents, channels } from '../../db/schema.js';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const DAY = 86_400_000;
const NOW = Date.now();
const daysAgo = (n: number, hours = 0) => new Date(NOW - n * DAY - hours * 3_600_000);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The broadcasts' read side on a real server and database. Broadcasts, messages and webhook events are written
 * straight into the tables, as the send job and the webhook leave them.
 */
describe('broadcast history, details, messages and status history', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const token = await login(parley);
  const get = (path: string, query: Record<string, string> = {}, as = token) => call(parley, 'GET', path, { token: as, query });
  const [channel] = await db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
  const eId = channel!.eId;

  const insertBroadcast = async (name: string, createdAt: Date, extra: Partial<typeof broadcasts.$inferInsert> = {}) => {
    const [row] = await db
      .insert(broadcasts)
      .values({
        eId,
        name,
        channelId: channel!.id,
        channelName: channel!.name,
        templateName: 'order_update',
        language: 'en_US',
        message: { template: { templateId: 'order_update' } },
        createdByName: 'Demo Admin',
        createdAt,
        ...extra,
      })
      .returning();
    return row!;
  };

  // 22 in the last days (newest first: 'Diwali 01' one hour ago ... ), 2 older than a week, 1 with its channel gone.
  const recent = [];
  for (let i = 1; i <= 22; i++) recent.push(await insertBroadcast(`Diwali ${String(i).padStart(2, '0')}`, new Date(NOW - i * 3_600_000)));
  const old = await insertBroadcast('Order update 10%_off', daysAgo(9));
  await insertBroadcast('Order update summer', daysAgo(20), { status: 'COMPLETED' });
  const orphan = await insertBroadcast('Orphan', new Date(NOW - 30 * 60_000), { channelId: null, channelName: '', status: 'FAILED' });

  // One broadcast of 23 recipients, a few of them through the whole lifecycle.
  const sent = await insertBroadcast('Stock alert', new Date(NOW - 10 * 60_000), {
    status: 'SENDING',
    total: 23,
    accepted: 20,
    sent: 2,
    delivered: 1,
    read: 1,
    failed: 2,
  });
  const stored = daysAgo(0, 0.1);
  const messages = await db
    .insert(broadcastMessages)
    .values(
      Array.from({ length: 23 }, (_, i) => ({
        broadcastId: sent.id,
        eId,
        recipient: `+9198765432${String(i).padStart(2, '0')}`,
        components: [],
        state: i === 0 ? 'read' : i === 1 ? 'failed' : i === 2 ? 'failed' : 'accepted',
        wamid: i === 2 ? null : `wamid.${i}`,
        createdAt: stored,
        handedAt: i === 2 ? null : new Date(stored.getTime() + 1000),
        statusAt: new Date(stored.getTime() + 1000 + i),
        ...(i === 1 ? { errorCode: 131026, errorTitle: 'Message undeliverable' } : {}),
        ...(i === 2 ? { errorCode: 131049, errorTitle: 'Not delivered to maintain healthy ecosystem engagement' } : {}),
      })),
    )
    .returning();
  const byRecipient = (n: number) => messages.find((m) => m.recipient.endsWith(String(n).padStart(2, '0')))!;
  const event = (wamid: string, status: string, secondsAfter: number, extra: Partial<typeof channelMessageEvents.$inferInsert> = {}) => ({
    eId,
    channelId: channel!.id,
    wamid,
    status,
    occurredAt: new Date(stored.getTime() + secondsAfter * 1000),
    eventKey: `${wamid}:${status}:${secondsAfter}`,
    raw: {},
    ...extra,
  });
  // Stored in the order webhooks may arrive in: read before delivered before sent.
  await db.insert(channelMessageEvents).values([
    event('wamid.0', 'read', 30),
    event('wamid.0', 'delivered', 20),
    event('wamid.0', 'sent', 20),
    event('wamid.1', 'sent', 5),
    event('wamid.1', 'failed', 8, { errorCode: 131026, errorTitle: 'Message undeliverable' }),
    // Another broadcast's message with a wamid of its own: never part of this history.
    event('wamid.other', 'sent', 3, { callbackData: '00000000-0000-4000-8000-000000000000' }),
  ]);

  it('lists 20 a page, newest first, with the spec fields and `more`', async () => {
    const first = await get('chatbird/api/broadcast');
    expect(first).toMatchObject({ status: true, code: 100, more: true });
    const list = first.data.broadcastList as any[];
    expect(list).toHaveLength(20);
    expect(first.data.more).toBe(true);
    expect(list.slice(0, 3).map((b) => b.name)).toEqual(['Stock alert', 'Orphan', 'Diwali 01']);
    expect(list[0]).toEqual({
      id: sent.id,
      name: 'Stock alert',
      user: { name: 'Demo Admin' },
      channelName: 'WhatsApp Sandbox',
      createdOn: sent.createdAt.toISOString(),
      status: 'SENDING',
    });
    expect(list[1]).toMatchObject({ channelName: '-', status: 'FAILED' });

    const second = await get('chatbird/api/broadcast', { from: '20' });
    expect(second.data.broadcastList.map((b: any) => b.name)).toEqual([
      'Diwali 19',
      'Diwali 20',
      'Diwali 21',
      'Diwali 22',
      'Order update 10%_off',
      'Order update summer',
    ]);
    expect(second.data.more).toBe(false);
    expect(second.more).toBe(false);
  });

  it('sorts every page by a header (name, channel, created) either way, the first page too', async () => {
    const names = async (query: Record<string, string>) => (await get('chatbird/api/broadcast', query)).data.broadcastList.map((b: any) => b.name);
    const byName = await names({ sort: 'name' });
    expect(byName.slice(0, 3)).toEqual(['Diwali 01', 'Diwali 02', 'Diwali 03']);
    expect(await names({ sort: 'name', from: '20' })).toEqual([
      'Diwali 21',
      'Diwali 22',
      'Order update 10%_off',
      'Order update summer',
      'Orphan',
      'Stock alert',
    ]);
    expect((await names({ sort: 'name', dir: 'desc' })).slice(0, 2)).toEqual(['Stock alert', 'Orphan']);
    // The orphan's channel was deleted ('-' on screen, an empty name stored): it comes first by channel.
    expect((await names({ sort: 'channel' }))[0]).toBe('Orphan');
    expect(await names({ sort: 'created' })).toContain('Order update summer');
    expect((await get('chatbird/api/broadcast', { sort: 'user' })).status).toBe(false);
  });

  it('searches names anywhere, case-insensitively, taking % and _ literally', async () => {
    const names = async (name: string) => (await get('chatbird/api/broadcast', { name })).data.broadcastList.map((b: any) => b.name);
    expect(await names('ORDER update')).toEqual(['Order update 10%_off', 'Order update summer']);
    expect(await names('10%_')).toEqual(['Order update 10%_off']);
    expect(await names('%')).toEqual(['Order update 10%_off']);
    expect(await names('diwali 2')).toEqual(['Diwali 20', 'Diwali 21', 'Diwali 22']);
    expect(await names('nothing like it')).toEqual([]);
  });

  it('keeps to the date range, both days included', async () => {
    const names = async (q: Record<string, string>) =>
      (await get('chatbird/api/broadcast', { ...q, perPage: '100' })).data.broadcastList.map((b: any) => b.name);
    // The screen's default: the last 7 days ending today.
    const week = await names({ fromDate: isoDay(daysAgo(7)), toDate: isoDay(new Date(NOW)) });
    expect(week).toHaveLength(24);
    expect(week).not.toContain('Order update 10%_off');
    // A single day, given as dates: the whole of it.
    expect(await names({ fromDate: isoDay(old.createdAt), toDate: isoDay(old.createdAt) })).toEqual(['Order update 10%_off']);
    // Instants bound exactly (the console sends the ends of the viewer's own days).
    expect(await names({ fromDate: new Date(NOW - 2.5 * 3_600_000).toISOString(), toDate: new Date(NOW - 0.6 * 3_600_000).toISOString() })).toEqual([
      'Diwali 01',
      'Diwali 02',
    ]);
    expect(await names({ fromDate: isoDay(daysAgo(15)), toDate: isoDay(daysAgo(8)) })).toEqual(['Order update 10%_off']);
    // A name and a range together.
    expect(await names({ name: 'order', fromDate: isoDay(daysAgo(30)), toDate: isoDay(daysAgo(10)) })).toEqual(['Order update summer']);
    const bad = await get('chatbird/api/broadcast', { fromDate: 'yesterday' });
    expect(bad).toMatchObject({ status: false, code: 1400, message: 'Invalid Date Format' });
  });

  it('gives one broadcast with its numbers, mapping and counters as data.data', async () => {
    const res = await get(`chatbird/api/broadcast/${sent.id}`);
    expect(res.status).toBe(true);
    expect(res.data.data).toMatchObject({
      id: sent.id,
      name: 'Stock alert',
      channelId: channel!.id,
      channelName: 'WhatsApp Sandbox',
      status: 'SENDING',
      message: { template: { templateId: 'order_update' } },
      columnMapping: [],
      counts: { total: 23, accepted: 20, sent: 2, delivered: 1, read: 1, failed: 2 },
      completedOn: null,
    });
    expect(res.data.data.phoneNumbers).toHaveLength(23);
    expect(res.data.data.phoneNumbers[0]).toBe('+919876543200');
    const gone = await get(`chatbird/api/broadcast/${orphan.id}`);
    expect(gone.data.data).toMatchObject({ channelId: null, channelName: '-', phoneNumbers: [] });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await get(`chatbird/api/broadcast/${id}`)).toMatchObject({ status: false, code: 1404, message: 'Broadcast not found' });
    }
  });

  it('pages the messages 20 at a time with the sender, the upper-case status and its time', async () => {
    const first = await get(`chatbird/api/broadcast/${sent.id}/message`);
    expect(first).toMatchObject({ status: true, more: true });
    expect(first.data.message).toHaveLength(20);
    expect(first.data.message[0]).toEqual({
      id: byRecipient(0).id,
      from: DEMO_CHANNEL.contactId,
      to: '+919876543200',
      currentDeliveryStatus: 'READ',
      currentDeliveryStatusTime: byRecipient(0).statusAt!.toISOString(),
      channelMessageId: 'wamid.0',
      errorCode: null,
      errorTitle: null,
    });
    expect(first.data.message[1]).toMatchObject({ currentDeliveryStatus: 'FAILED', errorCode: 131026, errorTitle: 'Message undeliverable' });
    const rest = await get(`chatbird/api/broadcast/${sent.id}/message`, { from: '20' });
    expect(rest.data.message.map((m: any) => m.to)).toEqual(['+919876543220', '+919876543221', '+919876543222']);
    expect(rest.data.more).toBe(false);
    expect((await get(`chatbird/api/broadcast/${orphan.id}/message`)).data).toEqual({ message: [], more: false });
  });

  it('tells one message’s status history oldest first, from its own row and the vendor’s events', async () => {
    const read = await get(`chatbird/api/broadcast/${sent.id}/message/${byRecipient(0).id}`);
    expect(read.data.message).toMatchObject({ to: '+919876543200', currentDeliveryStatus: 'READ', channelMessageId: 'wamid.0' });
    const at = (s: number) => new Date(stored.getTime() + s * 1000).toISOString();
    expect(read.data.history).toEqual([
      { status: 'Queued', time: stored.toISOString(), description: '' },
      { status: 'Accepted', time: at(1), description: '' },
      { status: 'Sent', time: at(20), description: '' },
      { status: 'Delivered', time: at(20), description: '' },
      { status: 'Read', time: at(30), description: '' },
    ]);

    const failed = await get(`chatbird/api/broadcast/${sent.id}/message/${byRecipient(1).id}`);
    expect(failed.data.history.map((h: any) => [h.status, h.description])).toEqual([
      ['Queued', ''],
      ['Accepted', ''],
      ['Sent', ''],
      ['Failed', 'Message undeliverable (131026)'],
    ]);

    // Refused by the vendor before any wamid: the failure comes from the message row itself.
    const refused = await get(`chatbird/api/broadcast/${sent.id}/message/${byRecipient(2).id}`);
    expect(refused.data.message.channelMessageId).toBeNull();
    expect(refused.data.history.map((h: any) => [h.status, h.description])).toEqual([
      ['Queued', ''],
      ['Failed', 'Not delivered to maintain healthy ecosystem engagement (131049)'],
    ]);

    // A send whose reply was lost: the vendor's events found by our id in the callback data.
    const lost = byRecipient(3);
    await db.insert(channelMessageEvents).values(event('wamid.lost', 'sent', 40, { callbackData: lost.id }));
    const traced = await get(`chatbird/api/broadcast/${sent.id}/message/${lost.id}`);
    expect(traced.data.history.map((h: any) => h.status)).toEqual(['Queued', 'Accepted', 'Sent']);

    expect(await get(`chatbird/api/broadcast/${sent.id}/message/${randomUUID()}`)).toMatchObject({ status: false, code: 1404 });
    // A message id of another broadcast is not found under this one.
    expect(await get(`chatbird/api/broadcast/${orphan.id}/message/${byRecipient(0).id}`)).toMatchObject({
      status: false,
      code: 1404,
      message: 'Message not found',
    });
  });

  it('looks up the customer fields an expression names', async () => {
    await call(parley, 'POST', 'customer/definition', {
      token,
      json: {
        fieldName: 'orderId',
        fieldLabel: 'Order Id',
        fieldType: 'text',
        inputType: 'alphanumeric',
        fieldHelpText: 'Order',
        mandatory: false,
        search: false,
      },
    });
    const lookup = (expression: string) => call(parley, 'POST', 'chatbird/api/broadcast/expression', { token, json: { expression } });
    const ok = await lookup('track/{ orderId }?n={name}&again={orderid}');
    expect(ok).toMatchObject({ status: true, message: 'URL variables mapped' });
    expect(ok.data.variables).toEqual([
      { name: 'orderId', label: 'Order Id' },
      { name: 'name', label: 'Name' },
    ]);
    expect((await call(parley, 'POST', 'chatbird/api/broadcast/expression', { token, form: { expression: '{phoneNumber}' } })).data.variables).toEqual([
      { name: 'phoneNumber', label: 'Phone Number' },
    ]);
    for (const expression of ['track/{city}', 'track/plain', '', '{{1}}']) {
      expect(await lookup(expression)).toMatchObject({ status: false, message: 'URL variable not found' });
    }
  });

  it('shows another enterprise nothing of these broadcasts', async () => {
    const other = await loginToOtherEnterprise(parley);
    const list = await get('chatbird/api/broadcast', { fromDate: isoDay(daysAgo(60)) }, other);
    expect(list).toMatchObject({ status: true, data: { broadcastList: [], more: false } });
    for (const path of [
      `chatbird/api/broadcast/${sent.id}`,
      `chatbird/api/broadcast/${sent.id}/message`,
      `chatbird/api/broadcast/${sent.id}/message/${byRecipient(0).id}`,
    ]) {
      expect(await get(path, {}, other)).toMatchObject({ status: false, code: 1404 });
    }
    // Its own customer fields only: this enterprise's 'orderId' is unknown there.
    expect(await call(parley, 'POST', 'chatbird/api/broadcast/expression', { token: other, json: { expression: '{orderId}' } })).toMatchObject({
      status: false,
      message: 'URL variable not found',
    });
  });

  it('refuses every read to a role without campaign permissions with 1403, and lets a checker read', async () => {
    const agent = await login(parley, 'agent@parley.dev');
    const paths = [
      'chatbird/api/broadcast',
      `chatbird/api/broadcast/${sent.id}`,
      `chatbird/api/broadcast/${sent.id}/message`,
      `chatbird/api/broadcast/${sent.id}/message/${byRecipient(0).id}`,
    ];
    for (const path of paths) expect(await get(path, {}, agent)).toMatchObject({ status: false, code: 1403, httpStatus: 200 });
    // The expression lookup serves the form in a chat too: an agent may use it.
    expect(await call(parley, 'POST', 'chatbird/api/broadcast/expression', { token: agent, json: { expression: '{name}' } })).toMatchObject({ status: true });
    const viewer = await login(parley, 'viewer@parley.dev');
    expect(await call(parley, 'POST', 'chatbird/api/broadcast/expression', { token: viewer, json: { expression: '{name}' } })).toMatchObject({
      status: false,
      code: 1403,
    });
    const checker = await login(parley, 'checker@parley.dev');
    expect((await get(`chatbird/api/broadcast/${sent.id}`, {}, checker)).data.data.name).toBe('Stock alert');
  });
});
