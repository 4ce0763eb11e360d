import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../account/secrets.js';
import { channels, chats, departments, users } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const IST = -330; // India as getTimezoneOffset gives it: local = UTC + 5:30
const NOW = '2026-03-10T12:30:00.000Z'; // 18:00 in India, 12:30 in UTC

/** Dashboard buckets and chat analytics from chats written straight to the table, in a March away from the demo's. */
describe('dashboard graph and chat analytics', async () => {
  const parley = await startServer();
  const admin = await login(parley);
  const { db } = parley.database;
  const [me] = await db.select().from(users).where(eq(users.email, 'admin@parley.dev'));
  const eId = me!.eId;
  const [agent] = await db.select().from(users).where(eq(users.email, 'agent@parley.dev'));
  const [channel] = await db.select().from(channels).where(eq(channels.eId, eId)).limit(1);
  const [dept] = await db.insert(departments).values({ eId, name: 'Kitchen', desc: '' }).returning();
  // A name that a spreadsheet would run as a formula.
  const [sly] = await db
    .insert(users)
    .values({ eId, name: '=SUM(A1)', email: 'sly@parley.dev', passwordHash: await hashPassword('sly-password-1'), roles: [3] })
    .returning();

  const at = (iso: string, seconds = 0) => new Date(Date.parse(iso) + seconds * 1000);
  const chat = (v: {
    created: string;
    picked?: number;
    closed?: number;
    state: number;
    agentId?: string;
    feedback?: string;
    missedReason?: number;
    deptId?: string;
  }) => ({
    eId,
    channelId: channel!.id,
    channelType: channel!.type,
    customerNumber: `+9198${Math.floor(Math.random() * 1e8)}`,
    state: v.state,
    agentId: v.agentId ?? null,
    deptId: v.deptId ?? null,
    feedback: v.feedback ?? null,
    missedReason: v.missedReason ?? null,
    createdAt: at(v.created),
    pickedAt: v.picked === undefined ? null : at(v.created, v.picked),
    closedAt: v.closed === undefined ? null : at(v.created, v.closed),
  });
  await db.insert(chats).values([
    // 20:00 UTC on the 9th is 01:30 on the 10th in India.
    chat({ created: '2026-03-09T20:00:00Z', picked: 60, closed: 600, state: 3, agentId: agent!.id, feedback: '5', deptId: dept!.id }),
    chat({ created: '2026-03-10T10:00:00Z', picked: 120, closed: 1320, state: 3, agentId: agent!.id, feedback: ' 3 ', deptId: dept!.id }),
    chat({ created: '2026-03-10T11:00:00Z', state: 4, missedReason: 1 }),
    chat({ created: '2026-03-10T12:00:00Z', picked: 300, closed: 900, state: 3, agentId: sly!.id, feedback: 'Great pizza' }),
  ]);

  const dashboard = (token: string, query: Record<string, string>) =>
    call(parley, 'GET', 'e/enterprise/chat/dashboard_info', { token, query: { currentDate: NOW, ...query } });

  it('buckets chats per day in the caller’s offset, with every day of the period and the average pickup', async () => {
    const india = (await dashboard(admin, { timeType: 'WEEK', clientOffset: String(IST) })).data;
    expect(india.unit).toBe('day');
    expect(india.fromDate).toBe('2026-03-03T18:30:00.000Z');
    expect(india.toDate).toBe('2026-03-10T18:30:00.000Z');
    expect(india.chats.entries.map((e: { date: string }) => e.date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(india.chats.entries.at(-1)).toEqual({ date: '2026-03-10', chatCount: 4, avgPickedUpInterval: 160 });
    expect(india.chats.entries.at(-2)).toEqual({ date: '2026-03-09', chatCount: 0, avgPickedUpInterval: 0 });
    expect(india.chats.today).toEqual({ chats: 4, waiting: 0, ongoing: 0, missed: 1, closed: 3 });

    const utc = (await dashboard(admin, { timeType: 'WEEK', clientOffset: '0' })).data;
    expect(utc.chats.entries.slice(-2)).toEqual([
      { date: '2026-03-09', chatCount: 1, avgPickedUpInterval: 60 },
      { date: '2026-03-10', chatCount: 3, avgPickedUpInterval: 210 },
    ]);
    const month = (await dashboard(admin, { timeType: 'MONTH', clientOffset: String(IST) })).data;
    expect(month.chats.entries).toHaveLength(31);
    expect(month.chats.entries[0].date).toBe('2026-02-08');
    expect((await dashboard(admin, { timeType: 'HALF-MONTH', clientOffset: String(IST) })).data.chats.entries).toHaveLength(15);
  });

  it('buckets the DAY period per hour of the caller’s day', async () => {
    const day = (await dashboard(admin, { timeType: 'DAY', clientOffset: String(IST) })).data;
    expect(day.unit).toBe('hour');
    expect(day.chats.entries).toHaveLength(24);
    expect(day.chats.entries[0].date).toBe('2026-03-10T00:00');
    expect(day.chats.entries[1]).toEqual({ date: '2026-03-10T01:00', chatCount: 1, avgPickedUpInterval: 60 });
    expect(day.chats.entries[15]).toEqual({ date: '2026-03-10T15:00', chatCount: 1, avgPickedUpInterval: 120 });
    expect(day.chats.entries[16]).toEqual({ date: '2026-03-10T16:00', chatCount: 1, avgPickedUpInterval: 0 });
    expect(day.chats.entries.reduce((n: number, e: { chatCount: number }) => n + e.chatCount, 0)).toBe(4);
    // A named period still buckets by the period type; backwards ends are refused in the spec's words.
    const errors = (await dashboard(admin, { timeType: 'WEEK', fromDate: '2026-03-10T00:00:00Z', toDate: '2026-03-01T00:00:00Z' })).errors;
    expect(errors).toEqual([{ field: 'toDate', message: 'End Date should not be before Start Date' }]);
    expect((await dashboard(admin, { timeType: 'YEAR' })).code).toBe(1400);
  });

  it('shows each user only the figures their permissions allow, and another enterprise none of these chats', async () => {
    const full = (await dashboard(admin, { timeType: 'DAY' })).data;
    expect(full.broadcasts).toEqual(expect.objectContaining({ sent: expect.any(Number), failed: expect.any(Number) }));
    expect(full.bot).toEqual(
      expect.objectContaining({ conversations: expect.any(Number), handedOver: expect.any(Number), outOfScopePercent: expect.any(Number) }),
    );
    const developer = await dashboard(await login(parley, 'developer@parley.dev'), { timeType: 'WEEK' });
    expect(developer.httpStatus).toBe(200);
    expect(developer.data.chats).toBeNull();
    expect(developer.data.broadcasts).toBeNull();
    expect(developer.data.bot).not.toBeNull();
    const maker = (await dashboard(await login(parley, 'maker@parley.dev'), { timeType: 'WEEK' })).data;
    expect([maker.chats, maker.bot]).toEqual([null, null]);
    expect(maker.broadcasts).not.toBeNull();
    const other = await loginToOtherEnterprise(parley);
    const theirs = (await dashboard(other, { timeType: 'WEEK', clientOffset: String(IST) })).data;
    expect(theirs.chats.total).toBe(0);
    const range = { fromDate: '2026-03-09T18:30:00.000Z', toDate: '2026-03-10T18:30:00.000Z', clientOffset: String(IST) };
    const analytics = (await call(parley, 'GET', 'e/enterprise/chat/analytics', { token: other, query: range })).data;
    expect([analytics.totals.chats, analytics.agents, analytics.departments]).toEqual([0, [], []]);
  });

  const range = { fromDate: '2026-03-09T18:30:00.000Z', toDate: '2026-03-10T18:30:00.000Z', clientOffset: String(IST) };

  it('answers chat analytics per agent and department, with CSAT from numeric close feedback', async () => {
    const res = await call(parley, 'GET', 'e/enterprise/chat/analytics', { token: admin, query: range });
    expect(res.data.totals).toEqual({
      chats: 4,
      picked: 3,
      closed: 3,
      missed: 1,
      missedRate: 25,
      avgPickupSeconds: 160,
      avgHandlingSeconds: 780,
      csat: 4,
      feedbackShare: 100,
    });
    expect(res.data.days).toEqual([{ date: '2026-03-10', chats: 4, missed: 1, avgPickupSeconds: 160, avgHandlingSeconds: 780 }]);
    expect(res.data.agents).toEqual([
      expect.objectContaining({ agentId: agent!.id, name: agent!.name, chats: 2, avgPickupSeconds: 90, avgHandlingSeconds: 870, csat: 4 }),
      expect.objectContaining({ agentId: sly!.id, name: '=SUM(A1)', chats: 1, csat: null, feedbackShare: 100 }),
    ]);
    expect(res.data.departments).toEqual([
      expect.objectContaining({ deptId: dept!.id, name: 'Kitchen', chats: 2, missed: 0 }),
      expect.objectContaining({ deptId: null, name: 'No department', chats: 2, missed: 1, missedRate: 50 }),
    ]);
    const viewer = await call(parley, 'GET', 'e/enterprise/chat/analytics', { token: await login(parley, 'viewer@parley.dev'), query: range });
    expect(viewer.data.totals.chats).toBe(4);
  });

  it('refuses analytics without CHAT.VIEW_ANALYTICS with 1403 on HTTP 200, and exports a formula-safe CSV', async () => {
    const agentToken = await login(parley, 'agent@parley.dev');
    const refused = await call(parley, 'GET', 'e/enterprise/chat/analytics', { token: agentToken, query: range });
    expect([refused.httpStatus, refused.code]).toEqual([200, 1403]);
    const csv = (token: string) =>
      parley.app.inject({ method: 'GET', url: '/api/e/enterprise/chat/analytics/csv', headers: { 'authentication-token': token }, query: range });
    const denied = await csv(agentToken);
    expect([denied.statusCode, denied.json().code]).toEqual([200, 1403]);
    const file = await csv(admin);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain('chat_analytics_2026-03-10_2026-03-10.csv');
    const lines = file.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Group,Name,Chats,Picked,Closed,Missed,Missed Rate %,Avg Pickup (s),Avg Handling (s),CSAT (1-5),Closed With Feedback %');
    expect(lines).toContain(`Agent,${agent!.name},2,2,2,0,0,90,870,4,100`);
    const slyLine = lines.find((l) => l.includes('SUM(A1)'))!;
    expect(slyLine).toMatch(/^Agent,"?'=SUM\(A1\)/);
    expect(lines.at(-1)).toBe('Total,All chats,4,3,3,1,25,160,780,4,100');
    // Nothing of this enterprise reaches another's export.
    const theirs = await csv(await loginToOtherEnterprise(parley));
    expect(theirs.body.trim().split('\r\n')).toHaveLength(2);
  });
});
