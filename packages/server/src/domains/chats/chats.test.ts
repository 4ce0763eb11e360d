import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChatState } from '@parley/sdk/contract/chats';
import { chatMessages, chats, customers, users } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { inboundWebhook, postWebhook, sandboxChannel } from '../../test/whatsapp-inbound.js';

const PHONE_ID = '100000000000777';

describe('live chat: customers reach agents', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const secret = parley.deps.config.sandboxAppSecret;
  const admin = await login(parley);
  const agent = await login(parley, 'agent@parley.dev');
  await sandboxChannel(parley, admin, PHONE_ID);
  const other = await loginToOtherEnterprise(parley);

  const send = async (from: string, text: string, id?: string) => {
    const hook = inboundWebhook(PHONE_ID, from, { text: { body: text }, ...(id ? { id } : {}) });
    const res = await postWebhook(parley, hook.payload, secret);
    expect(res.statusCode).toBe(200);
    return hook.id;
  };
  const chatOf = async (number: string) => (await db.select().from(chats).where(eq(chats.customerNumber, number)))[0]!;

  it('stores a customer message once, however often the vendor retries it, in one open chat with the customer added to the master', async () => {
    const id = await send('919800000001', 'Hello, where is my order?');
    await send('919800000001', 'Hello, where is my order?', id);
    await send('919800000001', 'Hello, where is my order?', id);
    const chat = await chatOf('+919800000001');
    expect(chat.state).toBe(ChatState.STARTED);
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(rows.map((r) => r.message)).toEqual(['Hello, where is my order?']);
    const [customer] = await db.select().from(customers).where(eq(customers.phoneNumber, '+919800000001'));
    expect(customer?.name).toBe('Asha Rao');
    await send('919800000001', 'Anyone there?');
    expect((await db.select().from(chats).where(eq(chats.customerNumber, '+919800000001'))).length).toBe(1);

    const summary = await call(parley, 'GET', 'e/enterprise/chat/summary?perPage=-1&screenType=CHAT', { token: agent });
    const listed = summary.data.find((c: { chatId: string }) => c.chatId === chat.id);
    expect(listed).toMatchObject({ bucket: 'new', customerName: 'Asha Rao', lastMessage: 'Anyone there?', newMsgCount: 2 });
    const counts = await call(parley, 'GET', 'e/enterprise/chat_count', { token: agent });
    expect(counts.data.newChatCount).toBeGreaterThanOrEqual(1);
  });

  it('lets exactly one of two agents picking the same chat at the same moment win; the other gets the server message', async () => {
    await send('919800000002', 'I need help');
    const chat = await chatOf('+919800000002');
    const [a, b] = await Promise.all([
      call(parley, 'POST', `e/enterprise/chat/${chat.id}/pickup`, { token: admin, form: { type: 'new' } }),
      call(parley, 'POST', `e/enterprise/chat/${chat.id}/pickup`, { token: agent, form: { type: 'new' } }),
    ]);
    const winners = [a, b].filter((r) => r.status);
    const losers = [a, b].filter((r) => !r.status);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]!.message).toBe('This chat was picked up by another agent');
    const after = await chatOf('+919800000002');
    expect(after.state).toBe(ChatState.ONGOING);
    const picks = (await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).filter((m) => m.actionType === 2);
    expect(picks).toHaveLength(1);
  });

  /** The widget's counts (one grouped query) agree with the buckets the inbox sorts each chat into. */
  const countsAgree = async (token: string) => {
    const counts = (await call(parley, 'GET', 'e/enterprise/chat_count', { token })).data;
    const inbox: { bucket: string }[] = (await call(parley, 'GET', 'e/enterprise/chat/summary?perPage=-1', { token })).data;
    const n = (b: string) => inbox.filter((c) => c.bucket === b).length;
    expect(counts).toMatchObject({
      newChatCount: n('new'),
      transferredChatCount: n('transferred'),
      invitedChatCount: n('invited'),
      assginedChatCount: n('assigned'),
      missedChatCount: n('missed'),
    });
    return counts;
  };

  it('moves a chat through transfer (accepted), invite (accepted, then left) and close', async () => {
    await send('919800000003', 'Transfer me please');
    const chat = await chatOf('+919800000003');
    expect((await call(parley, 'POST', `e/enterprise/chat/${chat.id}/pickup`, { token: admin })).status).toBe(true);
    const [agentRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@parley.dev'));
    const agentId = agentRow!.id;
    const listed = await call(parley, 'GET', 'e/enterprise/agents?perPage=50', { token: admin });
    expect(listed.data.map((u: { uId: string }) => u.uId)).toContain(agentId);
    const moved = await call(parley, 'POST', `e/enterprise/chat/${chat.id}/transfer`, { token: admin, form: { uId: agentId } });
    expect(moved.data.pendingType).toBe('transfer');
    const waiting = await call(parley, 'GET', 'e/enterprise/chatUserDetails?State=transferred', { token: agent });
    expect(waiting.data.map((r: { chatId: string }) => r.chatId)).toContain(chat.id);
    expect((await countsAgree(agent)).transferredChatCount).toBe(1);
    await countsAgree(admin);
    const accepted = await call(parley, 'POST', `e/enterprise/chat/${chat.id}/pickup`, { token: agent, form: { type: 'transferred' } });
    expect(accepted.data.handlingAgent).toBe(agentId);
    // The admin is no longer in it: a reply is refused.
    expect((await call(parley, 'POST', `e/enterprise/chat/${chat.id}/reply`, { token: admin, form: { message: 'hi' } })).message).toBe(
      'You do not take part in this chat',
    );

    // The agent invites the admin, who joins, replies and leaves again.
    const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@parley.dev'));
    expect((await call(parley, 'POST', `e/enterprise/chat/${chat.id}/invite`, { token: agent, form: { uId: adminRow!.id } })).data.pendingType).toBe('invite');
    expect((await countsAgree(admin)).invitedChatCount).toBe(1);
    const joined = await call(parley, 'POST', `e/enterprise/chat/${chat.id}/pickup`, { token: admin, form: { type: 'invited' } });
    expect(joined.data.participants.map((p: { uId: string; role: string }) => [p.uId, p.role])).toContainEqual([adminRow!.id, 'invited']);
    expect((await call(parley, 'POST', `e/enterprise/chat/${chat.id}/leave`, { token: admin })).status).toBe(true);
    const left = await call(parley, 'GET', `e/enterprise/chat/${chat.id}`, { token: agent });
    expect(left.data.participants.map((p: { uId: string }) => p.uId)).not.toContain(adminRow!.id);

    const closed = await call(parley, 'POST', `e/enterprise/chat/${chat.id}/close`, { token: agent, form: { feedback: 'Resolved' } });
    expect(closed.data).toMatchObject({ state: ChatState.CLOSED, feedback: 'Resolved' });
    const history = await call(parley, 'GET', 'e/enterprise/chat/history?customer=9800000003', { token: agent });
    expect(history.data.map((c: { chatId: string }) => c.chatId)).toEqual([chat.id]);
    // A message after the close opens a new chat.
    await send('919800000003', 'One more question');
    expect((await db.select().from(chats).where(eq(chats.customerNumber, '+919800000003'))).length).toBe(2);
  });

  it('renders nothing of another enterprise, and refuses roles without the chat grant (1403 on HTTP 200)', async () => {
    await send('919800000004', 'Privacy please');
    const chat = await chatOf('+919800000004');
    const foreign = await call(parley, 'GET', `e/enterprise/chat/${chat.id}`, { token: other });
    expect(foreign.code).toBe(1404);
    expect((await call(parley, 'GET', 'e/enterprise/chat/summary', { token: other })).data.map((c: { chatId: string }) => c.chatId)).not.toContain(chat.id);
    expect((await call(parley, 'POST', `e/enterprise/chat/${chat.id}/pickup`, { token: other })).code).toBe(1404);
    const viewer = await login(parley, 'viewer@parley.dev');
    const denied = await parley.app.inject({ method: 'GET', url: '/api/e/enterprise/chat/summary', headers: { 'authentication-token': viewer } });
    expect(denied.statusCode).toBe(200);
    expect(denied.json().code).toBe(1403);
    expect((await call(parley, 'POST', `e/enterprise/chat/${chat.id}/pickup`, { token: viewer })).code).toBe(1403);
  });

  it('keeps a customer message with markup as text', async () => {
    await send('919800000005', '<img src=x onerror=alert(1)> *bold*');
    const chat = await chatOf('+919800000005');
    const detail = await call(parley, 'GET', `e/enterprise/chat/${chat.id}`, { token: agent });
    expect(detail.data.messages[0].message).toBe('<img src=x onerror=alert(1)> *bold*');
  });
});
