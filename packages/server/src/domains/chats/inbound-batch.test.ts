import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChatAction, type ChatSummary } from '@parley/sdk/contract/chats';
import { chatMessages, chats } from '../../db/schema.js';
import type { ParleyEvent } from '../../realtime/event-bus.js';
import { call, login, startServer } from '../../test/harness.js';
import { inboundWebhook, postWebhook, sandboxChannel } from '../../test/whatsapp-inbound.js';

const PHONE_ID = '100000000000778';

/** Customers' messages that arrive together (one webhook carrying several, or webhooks at the same moment) are written in one batch. */
describe('live chat: messages arriving together', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const secret = parley.deps.config.sandboxAppSecret;
  const admin = await login(parley);
  const agent = await login(parley, 'agent@parley.dev');
  await sandboxChannel(parley, admin, PHONE_ID, 'Orders desk');
  const heard: ParleyEvent[] = [];
  parley.events.subscribe((e) => heard.push(e));

  const wamid = () => `wamid.${randomBytes(12).toString('hex')}`;
  /** One webhook carrying these messages of one customer, in this order. */
  const webhookOf = (from: string, messages: { id: string; text: string }[]) => {
    const hook = inboundWebhook(PHONE_ID, from, { id: messages[0]!.id, text: { body: messages[0]!.text } });
    const value = hook.payload.entry[0]!.changes[0]!.value;
    value.messages = messages.map((m) => ({ ...value.messages[0]!, id: m.id, text: { body: m.text } }));
    return hook.payload;
  };
  const post = async (payload: unknown) => expect((await postWebhook(parley, payload, secret)).statusCode).toBe(200);
  const chatsOf = (number: string) => db.select().from(chats).where(eq(chats.customerNumber, number));
  const messagesOf = (chatId: string) => db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(asc(chatMessages.actionId));
  const chatEvents = (chatId: string) =>
    heard.filter((e) => e.data.chatId === chatId && (e.type === 'customerStartChat' || e.type === 'customerReplyChat')) as (ParleyEvent & {
      data: { chat: ChatSummary; message: { message: string } };
    })[];
  const settle = () => new Promise((r) => setTimeout(r, 100));

  it('opens one chat for a new customer whose two messages come in one webhook, both stored in order and told in order', async () => {
    await post(
      webhookOf('919811000001', [
        { id: wamid(), text: 'Hello' },
        { id: wamid(), text: 'Is anyone there?' },
      ]),
    );
    const [chat, ...more] = await chatsOf('+919811000001');
    expect(more).toHaveLength(0);
    const rows = await messagesOf(chat!.id);
    expect(rows.map((r) => [r.message, r.actionType])).toEqual([
      ['Hello', ChatAction.CUSTOMER_START],
      ['Is anyone there?', ChatAction.CUSTOMER_REPLY],
    ]);
    expect(chat).toMatchObject({ messageCount: 2, lastMessage: 'Is anyone there?' });
    await settle();
    // Each event shows the chat as its own message left it.
    expect(
      chatEvents(chat!.id).map((e) => [e.type, e.data.message.message, e.data.chat.messageCount, e.data.chat.newMsgCount, e.data.chat.lastMessage]),
    ).toEqual([
      ['customerStartChat', 'Hello', 1, 1, 'Hello'],
      ['customerReplyChat', 'Is anyone there?', 2, 2, 'Is anyone there?'],
    ]);
    expect(chatEvents(chat!.id)[0]!.data.chat).toMatchObject({ channelName: 'Orders desk', customerName: 'Asha Rao', participants: [] });
  });

  it('opens one chat for a new customer whose two webhooks arrive at the same moment, with one start', async () => {
    await Promise.all([post(webhookOf('919811000002', [{ id: wamid(), text: 'First' }])), post(webhookOf('919811000002', [{ id: wamid(), text: 'Second' }]))]);
    const [chat, ...more] = await chatsOf('+919811000002');
    expect(more).toHaveLength(0);
    const rows = await messagesOf(chat!.id);
    expect(rows.map((r) => r.message).sort()).toEqual(['First', 'Second']);
    expect(rows.map((r) => r.actionType)).toEqual([ChatAction.CUSTOMER_START, ChatAction.CUSTOMER_REPLY]);
    await settle();
    expect(chatEvents(chat!.id).map((e) => [e.type, e.data.message.message])).toEqual(
      rows.map((r, i) => [i ? 'customerReplyChat' : 'customerStartChat', r.message]),
    );
  });

  it('stores and tells once a message sent twice in one webhook, and again beside it in a second webhook', async () => {
    const id = wamid();
    const twice = webhookOf('919811000003', [
      { id, text: 'Only once' },
      { id, text: 'Only once' },
    ]);
    await Promise.all([post(twice), post(twice), post(webhookOf('919811000003', [{ id, text: 'Only once' }]))]);
    await post(twice);
    const [chat, ...more] = await chatsOf('+919811000003');
    expect(more).toHaveLength(0);
    expect((await messagesOf(chat!.id)).map((r) => r.message)).toEqual(['Only once']);
    expect(chat!.messageCount).toBe(1);
    await settle();
    expect(chatEvents(chat!.id).map((e) => e.type)).toEqual(['customerStartChat']);
  });

  it('tells the people of an ongoing chat of a reply, with its agent’s name and unread count, as the inbox shows it', async () => {
    await post(webhookOf('919811000004', [{ id: wamid(), text: 'Need help' }]));
    const [chat] = await chatsOf('+919811000004');
    expect((await call(parley, 'POST', `e/enterprise/chat/${chat!.id}/pickup`, { token: agent, form: { type: 'new' } })).status).toBe(true);
    await post(
      webhookOf('919811000004', [
        { id: wamid(), text: 'Still there?' },
        { id: wamid(), text: 'Hello?' },
      ]),
    );
    await settle();
    const [, , last] = chatEvents(chat!.id);
    const listed = (await call(parley, 'GET', `e/enterprise/chat/${chat!.id}`, { token: agent })).data;
    expect(last!.data.toUsers).toEqual([listed.handlingAgent]);
    const { bucket: _b, ...told } = last!.data.chat;
    expect(told).toMatchObject({
      handlingAgentName: listed.handlingAgentName,
      participants: listed.participants,
      newMsgCount: listed.newMsgCount,
      messageCount: listed.messageCount,
      lastMessage: 'Hello?',
    });
    expect(listed.newMsgCount).toBeGreaterThanOrEqual(2);
    expect(listed.handlingAgentName).not.toBe('');
  });
});
