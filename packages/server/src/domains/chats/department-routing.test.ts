import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChatMessages, ChatState, MissedReason } from '@parley/sdk/contract/chats';
import type { ParleyEvent } from '../../realtime/event-bus.js';
import { chatMessages, chats, users } from '../../db/schema.js';
import type { FileStore } from '../../storage/file-store.js';
import { call, login, startServer } from '../../test/harness.js';
import type { VendorDeps } from '../channels/vendor-for.js';
import { memberIdsOf } from '../departments/queries.js';
import { ChatEvents } from './events.js';
import { OUT_OF_HOURS_TEXT } from './out-of-hours.js';
import { ChatService } from './service.js';
import { inboundWebhook, postWebhook, sandboxChannel } from '../../test/whatsapp-inbound.js';

const CLOSED_ALL_WEEK = { timeZone: 'UTC', days: [null, null, null, null, null, null, null] };

describe('live chat routed by department', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const secret = parley.deps.config.sandboxAppSecret;
  const admin = await login(parley);
  const agent = await login(parley, 'agent@parley.dev');
  const [agentRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@parley.dev'));
  const agentId = agentRow!.id;
  const heard: ParleyEvent[] = [];
  parley.events.subscribe((e) => heard.push(e));

  /** A department with a sandbox channel of its own; the agent a member or not. */
  const department = async (name: string, phoneId: string, withAgent: boolean) => {
    const dept = (await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name } })).data.deptId as string;
    if (withAgent) await call(parley, 'PUT', `e/enterprise/departments/${dept}/add_users`, { token: admin, json: { users: [agentId] } });
    const channelId = await sandboxChannel(parley, admin, phoneId);
    await call(parley, 'PUT', `e/enterprise/channels/${channelId}`, { token: admin, json: { deptId: dept } });
    return { dept, channelId };
  };
  const send = async (phoneId: string, from: string, text: string) => {
    const res = await postWebhook(parley, inboundWebhook(phoneId, from, { text: { body: text } }).payload, secret);
    expect(res.statusCode).toBe(200);
    return (
      await db
        .select()
        .from(chats)
        .where(eq(chats.customerNumber, `+${from}`))
    )[0]!;
  };
  /** The event as published: NOTIFY reaches the listener a moment after the webhook's answer on PostgreSQL. */
  const hear = async (match: (e: ParleyEvent) => boolean, ms = 5000): Promise<ParleyEvent | undefined> => {
    for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
      const found = heard.findLast(match);
      if (found) return found;
    }
    return undefined;
  };
  const inbox = async (token: string) =>
    (await call(parley, 'GET', 'e/enterprise/chat/summary?perPage=-1', { token })).data as { chatId: string; bucket: string }[];

  it('queues a chat for its department’s members only, and lets others in once they join', async () => {
    const { dept } = await department('Wholesale', '100000000000801', false);
    const chat = await send('100000000000801', '919811100001', 'Bulk order please');
    expect(chat.deptId).toBe(dept);
    const started = await hear((e) => e.type === 'customerStartChat' && e.data.chatId === chat.id);
    expect(started?.data).toMatchObject({ toPermission: 'CHAT.HANDLE', toUsers: [] });
    expect(await hear((e) => e.type === 'chatMonitorUpdate' && e.data.toPermission === 'CHAT.VIEW_MONITOR')).toBeDefined();

    expect((await inbox(agent)).map((c) => c.chatId)).not.toContain(chat.id);
    expect((await call(parley, 'GET', `e/enterprise/chat/${chat.id}`, { token: agent })).code).toBe(1403);
    const refused = await call(parley, 'POST', `e/enterprise/chat/${chat.id}/pickup`, { token: agent, form: { type: 'new' } });
    expect(refused.message).toBe(ChatMessages.otherQueue);
    const countsBefore = (await call(parley, 'GET', 'e/enterprise/chat_count', { token: agent })).data.newChatCount as number;

    await call(parley, 'PUT', `e/enterprise/departments/${dept}/add_users`, { token: admin, json: { users: [agentId] } });
    expect(await memberIdsOf(db, dept)).toEqual([agentId]);
    expect((await inbox(agent)).find((c) => c.chatId === chat.id)?.bucket).toBe('new');
    expect((await call(parley, 'GET', 'e/enterprise/chat_count', { token: agent })).data.newChatCount).toBe(countsBefore + 1);
    await send('100000000000801', '919811100001', 'Hello?');
    expect((await hear((e) => e.type === 'customerReplyChat' && e.data.chatId === chat.id))?.data.toUsers).toEqual([agentId]);
    expect((await call(parley, 'POST', `e/enterprise/chat/${chat.id}/pickup`, { token: agent, form: { type: 'new' } })).status).toBe(true);
  });

  it('misses a chat that arrives outside working hours at once, with reason 0 and a system line', async () => {
    const { dept } = await department('Night desk', '100000000000802', true);
    const saved = await call(parley, 'PUT', `e/chat/config/departments/${dept}`, {
      token: admin,
      json: { workingHours: CLOSED_ALL_WEEK, missedAfterSeconds: null },
    });
    expect(saved.status).toBe(true);
    const chat = await send('100000000000802', '919811100002', 'Anyone awake?');
    expect(chat).toMatchObject({ state: ChatState.MISSED, missedReason: MissedReason.OUT_OF_HOURS });
    const lines = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(lines.map((l) => l.message)).toEqual(['Anyone awake?', OUT_OF_HOURS_TEXT]);
    expect((await hear((e) => e.type === 'chatMissed' && e.data.chatId === chat.id))?.data.toUsers).toEqual([agentId]);
    expect((await inbox(agent)).find((c) => c.chatId === chat.id)?.bucket).toBe('missed');
    // A later message joins the missed chat rather than opening another.
    await send('100000000000802', '919811100002', 'Hello?');
    expect((await db.select().from(chats).where(eq(chats.customerNumber, '+919811100002'))).length).toBe(1);
  });

  it('misses a waiting chat past its department’s timeout (reason 1), not before', async () => {
    const { dept } = await department('Quick', '100000000000803', true);
    await call(parley, 'PUT', `e/chat/config/departments/${dept}`, { token: admin, json: { missedAfterSeconds: 120, workingHours: null } });
    const slow = await send('100000000000803', '919811100003', 'Waiting');
    await sandboxChannel(parley, admin, '100000000000805');
    const other = await send('100000000000805', '919811100004', 'No department');
    const service = new ChatService({
      db,
      events: new ChatEvents(undefined, parley.app.log),
      vendors: {} as VendorDeps,
      files: {} as FileStore,
      log: parley.app.log,
    });
    const at = (s: number) => new Date(slow.lastMessageAt.getTime() + s * 1000);
    await service.sweepMissed(at(60));
    expect((await db.select().from(chats).where(eq(chats.id, slow.id)))[0]!.state).toBe(ChatState.STARTED);
    await service.sweepMissed(at(180));
    expect((await db.select().from(chats).where(eq(chats.id, slow.id)))[0]).toMatchObject({ state: ChatState.MISSED, missedReason: MissedReason.TIMED_OUT });
    // A chat without a department keeps the enterprise's timeout (the demo's 3600 s).
    expect((await db.select().from(chats).where(eq(chats.id, other.id)))[0]!.state).toBe(ChatState.STARTED);
  });

  it('shows supervisors every department’s queue with its longest wait, and refuses the monitor to agents', async () => {
    const { dept } = await department('Monitored', '100000000000804', true);
    const chat = await send('100000000000804', '919811100005', 'Watch me');
    const monitor = await call(parley, 'GET', 'e/enterprise/chat/monitor', { token: admin });
    const queue = monitor.data.queues.find((q: { deptId: string }) => q.deptId === dept);
    expect(queue).toMatchObject({ name: 'Monitored', waiting: 1, missed: 0, chats: [{ chatId: chat.id, customerNumber: '+919811100005' }] });
    expect(monitor.data.queues.at(-1)).toMatchObject({ deptId: null, name: 'No department' });
    expect(monitor.data.agents.find((a: { uId: string }) => a.uId === agentId).deptIds).toContain(dept);
    const denied = await parley.app.inject({ method: 'GET', url: '/api/e/enterprise/chat/monitor', headers: { 'authentication-token': agent } });
    expect([denied.statusCode, denied.json().code]).toEqual([200, 1403]);
    const assigned = await call(parley, 'POST', `e/enterprise/chat/${chat.id}/assign`, { token: admin, form: { uId: agentId } });
    expect(assigned.data).toMatchObject({ pendingType: 'assign', pendingTo: agentId });
  });

  it("assigns only to an agent of the chat's department", async () => {
    const { dept } = await department('Assign within', '100000000000806', false);
    const chat = await send('100000000000806', '919811100006', 'Who will help?');
    const refused = await call(parley, 'POST', `e/enterprise/chat/${chat.id}/assign`, { token: admin, form: { uId: agentId } });
    expect(refused.message).toBe(ChatMessages.notInDepartment);
    expect((await db.select().from(chats).where(eq(chats.id, chat.id)))[0]!.pendingTo).toBeNull();
    await call(parley, 'PUT', `e/enterprise/departments/${dept}/add_users`, { token: admin, json: { users: [agentId] } });
    expect((await call(parley, 'POST', `e/enterprise/chat/${chat.id}/assign`, { token: admin, form: { uId: agentId } })).data).toMatchObject({
      pendingTo: agentId,
    });
  });

  it('refuses a pickup beyond the agent’s maxChats, and allows it again once a chat is closed', async () => {
    await department('Capped', '100000000000807', true);
    const ongoing = (await db.select().from(chats).where(eq(chats.agentId, agentId))).filter(
      (c) => c.state === ChatState.ONGOING || c.state === ChatState.SUSPEND,
    );
    const max = ongoing.length + 1;
    await db
      .update(users)
      .set({ chatSettings: { maxChats: max } })
      .where(eq(users.id, agentId));
    try {
      const first = await send('100000000000807', '919811100007', 'First');
      const second = await send('100000000000807', '919811100008', 'Second');
      expect((await call(parley, 'POST', `e/enterprise/chat/${first.id}/pickup`, { token: agent, form: { type: 'new' } })).status).toBe(true);
      const refused = await call(parley, 'POST', `e/enterprise/chat/${second.id}/pickup`, { token: agent, form: { type: 'new' } });
      expect(refused.message).toBe(ChatMessages.atMaxChats(max));
      expect((await db.select().from(chats).where(eq(chats.id, second.id)))[0]).toMatchObject({ state: ChatState.STARTED, agentId: null });
      expect((await call(parley, 'POST', `e/enterprise/chat/${first.id}/close`, { token: agent, form: { feedback: 'done' } })).status).toBe(true);
      expect((await call(parley, 'POST', `e/enterprise/chat/${second.id}/pickup`, { token: agent, form: { type: 'new' } })).status).toBe(true);
    } finally {
      await db
        .update(users)
        .set({ chatSettings: { maxChats: 0 } })
        .where(eq(users.id, agentId));
    }
  });
});
