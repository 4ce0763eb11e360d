import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { broadcasts, channelMessageEvents, channelMessages, channels, enterprises, users } from '../../db/schema.js';
import { hashPassword } from '../account/secrets.js';
import { call, login, startServer } from '../../test/harness.js';

type Row = { id: string; source: string; sourceName: string | null; to: string; currentDeliveryStatus: string; channelMessageId: string; channelName: string };

describe('delivery report and audit trail (issue 36 items 5 and 6)', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const admin = await login(parley);
  const agent = await login(parley, 'agent@parley.dev');
  const [a] = await db.select().from(users).where(eq(users.email, 'admin@parley.dev'));
  const eId = a!.eId;
  const [b] = await db.insert(enterprises).values({ name: 'Beta reports' }).returning();
  await db
    .insert(users)
    .values({ eId: b!.id, name: 'Beta Admin', email: 'admin@beta-reports.example', passwordHash: await hashPassword('beta-password'), roles: [1] });
  const bToken = await login(parley, 'admin@beta-reports.example', 'beta-password');

  const [channel] = await db.insert(channels).values({ eId, name: 'Report WA', type: 4, vendor: 8, contactId: '15550001111' }).returning();
  const [other] = await db.insert(channels).values({ eId, name: 'Report WA 2', type: 4, vendor: 8, contactId: '15550002222' }).returning();
  const [bChannel] = await db.insert(channels).values({ eId: b!.id, name: 'Beta WA', type: 4, vendor: 8 }).returning();
  const [bc] = await db
    .insert(broadcasts)
    .values({ eId, name: '=HYPERLINK("http://evil")', channelId: channel!.id, channelName: 'Report WA', templateName: 'hello', language: 'en', message: {} })
    .returning();
  const at = (min: number) => new Date(Date.UTC(2026, 0, 10, 10, min));
  await db.insert(channelMessages).values([
    {
      eId,
      channelId: channel!.id,
      wamid: 'wamid.B1',
      recipient: '+919800000001',
      templateName: 'hello',
      sourceType: 'broadcast',
      sourceId: bc!.id,
      status: 'read',
      createdAt: at(1),
      statusAt: at(3),
    },
    {
      eId,
      channelId: channel!.id,
      wamid: 'wamid.B2',
      recipient: '+919800000002',
      templateName: '-2+3',
      sourceType: 'broadcast',
      sourceId: bc!.id,
      status: 'failed',
      errorCode: 131026,
      errorTitle: '@undeliverable',
      createdAt: at(2),
      statusAt: at(4),
    },
    {
      eId,
      channelId: other!.id,
      wamid: 'wamid.C1',
      recipient: '+919800000003',
      sourceType: 'CHAT',
      sourceId: '00000000-0000-4000-8000-000000000001',
      status: 'delivered',
      createdAt: at(5),
      statusAt: at(6),
    },
    { eId: b!.id, channelId: bChannel!.id, wamid: 'wamid.X1', recipient: '+919800000009', sourceType: 'CHAT', sourceId: 'x', status: 'sent', createdAt: at(7) },
  ]);
  const event = (wamid: string, status: string, min: number, extra: Partial<typeof channelMessageEvents.$inferInsert> = {}) => ({
    eId,
    channelId: channel!.id,
    wamid,
    status,
    occurredAt: at(min),
    eventKey: `${wamid}:${status}`,
    raw: {},
    ...extra,
  });
  await db
    .insert(channelMessageEvents)
    .values([
      event('wamid.B1', 'sent', 1),
      event('wamid.B1', 'delivered', 2),
      event('wamid.B1', 'read', 3),
      event('wamid.B2', 'failed', 4, { errorCode: 131026, errorTitle: 'Undeliverable' }),
    ]);

  const report = async (query: Record<string, string> = {}, token = admin) => call(parley, 'GET', 'chatbird/api/reports/messages/status', { token, query });
  const rows = async (query: Record<string, string> = {}) => ((await report(query)).data.message as Row[]).map((r) => r.channelMessageId);

  it('lists the enterprise’s broadcast and chat messages newest first, and only its own', async () => {
    const res = await report({ fromDate: at(0).toISOString(), toDate: at(30).toISOString() });
    expect(res.status).toBe(true);
    expect((res.data.message as Row[]).map((r) => [r.channelMessageId, r.source, r.currentDeliveryStatus])).toEqual([
      ['wamid.C1', 'chat', 'DELIVERED'],
      ['wamid.B2', 'broadcast', 'FAILED'],
      ['wamid.B1', 'broadcast', 'READ'],
    ]);
    expect((res.data.message as Row[])[2]).toMatchObject({ sourceName: bc!.name, channelName: 'Report WA', to: '+919800000001' });
    const beta = await report({ fromDate: at(0).toISOString(), toDate: at(30).toISOString() }, bToken);
    expect((beta.data.message as Row[]).map((r) => r.channelMessageId)).toEqual(['wamid.X1']);
  });

  it('filters by source, channel, customer number, status, message id and dates, and pages', async () => {
    const inRange = { fromDate: at(0).toISOString(), toDate: at(30).toISOString() };
    expect(await rows({ ...inRange, source: 'chat' })).toEqual(['wamid.C1']);
    expect(await rows({ ...inRange, source: 'broadcast' })).toEqual(['wamid.B2', 'wamid.B1']);
    expect(await rows({ ...inRange, channelId: other!.id })).toEqual(['wamid.C1']);
    expect(await rows({ ...inRange, customerNumber: '+91 98000 00002' })).toEqual(['wamid.B2']);
    expect(await rows({ ...inRange, status: 'read' })).toEqual(['wamid.B1']);
    expect(await rows({ messageId: 'wamid.B2' })).toEqual(['wamid.B2']);
    expect(await rows({ fromDate: at(2).toISOString(), toDate: at(5).toISOString() })).toEqual(['wamid.C1', 'wamid.B2']);
    const page1 = await report({ ...inRange, perPage: '2' });
    expect([page1.data.message.length, page1.more]).toEqual([2, true]);
    expect(await rows({ ...inRange, perPage: '2', from: '2' })).toEqual(['wamid.B1']);
    expect((await report({ source: 'sms' })).code).toBe(1400);
    expect((await report({ status: 'lost' })).code).toBe(1400);
  });

  it('opens one message’s status history, for its own enterprise only', async () => {
    const [row] = (await report({ messageId: 'wamid.B1' })).data.message as Row[];
    const dialog = await call(parley, 'GET', `chatbird/api/reports/messages/status/${row!.id}`, { token: admin });
    expect(dialog.data.message).toMatchObject({ currentDeliveryStatus: 'READ', channelMessageId: 'wamid.B1', from: '15550001111' });
    expect(dialog.data.history.map((h: { status: string }) => h.status)).toEqual(['Accepted', 'Sent', 'Delivered', 'Read']);
    const [failed] = (await report({ messageId: 'wamid.B2' })).data.message as Row[];
    const failedDialog = await call(parley, 'GET', `chatbird/api/reports/messages/status/${failed!.id}`, { token: admin });
    expect(failedDialog.data.history.at(-1)).toMatchObject({ status: 'Failed', description: 'Undeliverable (131026)' });
    const foreign = await call(parley, 'GET', `chatbird/api/reports/messages/status/${row!.id}`, { token: bToken });
    expect([foreign.httpStatus, foreign.status, foreign.code]).toEqual([404, false, 1404]);
  });

  it('answers 1403 on HTTP 200 without the permissions', async () => {
    for (const path of [
      'chatbird/api/reports/messages/status',
      'chatbird/api/reports/messages/status/csv',
      'e/enterprise/audit_trail',
      'e/enterprise/audit_trail/csv',
      'e/enterprise/audit_trail/users',
    ]) {
      const res = await call(parley, 'GET', path, { token: agent });
      expect([path, res.httpStatus, res.code]).toEqual([path, 200, 1403]);
    }
  });

  it('exports the report as CSV with the filters, neutralising formulae', async () => {
    const res = await parley.app.inject({
      method: 'GET',
      url: '/api/chatbird/api/reports/messages/status/csv',
      headers: { 'authentication-token': admin },
      query: { source: 'broadcast' },
    });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/delivery_report_\d{4}-\d{2}-\d{2}\.csv/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Sent On \(UTC\),Source,Broadcast,Channel/);
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain(`'-2+3`);
    expect(res.body).toContain(`'@undeliverable`);
    expect(res.body).not.toContain('wamid.C1');
    expect(res.body).not.toContain('wamid.X1');
  });

  it('filters the audit trail by user, action, object and dates, and exports it as CSV', async () => {
    const viewer = await login(parley, 'viewer@parley.dev');
    await call(parley, 'PUT', 'e/enterprise/profile', { token: viewer, form: { name: '=cmd|calc' } });
    const [v] = await db.select().from(users).where(eq(users.email, 'viewer@parley.dev'));
    const trail = async (query: Record<string, string>, token = admin) => call(parley, 'GET', 'e/enterprise/audit_trail', { token, query });
    const byViewer = await trail({ uId: v!.id, perPage: '100' });
    expect(byViewer.data.length).toBeGreaterThan(0);
    expect(byViewer.data.every((e: { uId: string }) => e.uId === v!.id)).toBe(true);
    const puts = await trail({ action: 'PUT /api/e/enterprise/profile', perPage: '100' });
    expect(puts.data.length).toBeGreaterThan(0);
    expect(puts.data.every((e: { action: string }) => e.action.startsWith('PUT /api/e/enterprise/profile'))).toBe(true);
    expect((await trail({ object: '/api/e/enterprise/profile', uId: v!.id })).data.length).toBeGreaterThan(0);
    expect((await trail({ toDate: '2001-01-01T00:00:00Z' })).data).toEqual([]);
    expect((await trail({ fromDate: new Date(Date.now() - 60_000).toISOString(), uId: v!.id })).data.length).toBeGreaterThan(0);
    expect((await trail({ uId: 'nobody' })).code).toBe(1400);
    // Tenancy: the other enterprise neither sees these records nor, by filtering, anyone of ours.
    expect((await trail({ uId: v!.id }, bToken)).data).toEqual([]);
    const users_ = (await call(parley, 'GET', 'e/enterprise/audit_trail/users', { token: admin })).data as { uId: string; name: string }[];
    expect(users_.map((u) => u.uId)).toContain(v!.id);
    expect(((await call(parley, 'GET', 'e/enterprise/audit_trail/users', { token: bToken })).data as { name: string }[]).map((u) => u.name)).toEqual([
      'Beta Admin',
    ]);

    const csv = await parley.app.inject({
      method: 'GET',
      url: '/api/e/enterprise/audit_trail/csv',
      headers: { 'authentication-token': admin },
      query: { uId: v!.id },
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date and Time (UTC),User,Action,Object,Result,IP');
    expect(lines.length).toBe(byViewer.data.length + 1);
    expect(csv.body).toContain(`'=cmd|calc`);
    expect(csv.body).not.toContain(',=cmd');
  });
});
