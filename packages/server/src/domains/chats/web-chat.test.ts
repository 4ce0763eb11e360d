import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChannelTypes } from '@parley/sdk/contract/channels';
import { ChatState } from '@parley/sdk/contract/chats';
import { EMBED_KEY_HEADER } from '@parley/sdk/contract/embed-keys';
import { chatMessages, chats } from '../../db/schema.js';
import { call, login, startServer, type CallOptions } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const PARTNER = 'https://shop.example';

describe('web chat: a visitor on a partner page talks to an agent', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const admin = await login(parley);
  const agent = await login(parley, 'agent@parley.dev');
  // A Web channel through the channel form's call (vendor 21, Parley Web Chat), with no bot: people answer.
  const created = await call(parley, 'POST', 'e/enterprise/channels', {
    token: admin,
    json: { name: 'Website', type: ChannelTypes.Web, vendor: 21, data: {} },
  });
  expect(created.status, created.message).toBe(true);
  const web = { id: created.data.channel.channelId as string };
  const issue = async (token: string, scopes: string[]) =>
    (await call(parley, 'POST', 'e/enterprise/embed-keys', { token, json: { name: `Web ${scopes}`, scopes, allowedOrigins: [PARTNER] } })).data
      .secret as string;
  const key = await issue(admin, ['chat']);
  const tryItKey = await issue(admin, ['try-it']);
  const otherKey = await issue(await loginToOtherEnterprise(parley), ['chat']);
  const as = (secret: string, path: string, json: Record<string, unknown>, opts: CallOptions = {}) =>
    call(parley, 'POST', path, { json, headers: { [EMBED_KEY_HEADER]: secret, origin: PARTNER }, ...opts });

  it('keeps one chat across a reload, stores a resent message once, and shows the agent’s reply (read) as soon as it is sent', async () => {
    const started = await as(key, 'chat/web/start', { channelId: web.id });
    expect(started.data).toMatchObject({ chatId: null, messages: [] });
    const visitor = { channelId: web.id, visitorId: started.data.visitorId, visitorToken: started.data.visitorToken };
    await as(key, 'chat/web/message', { ...visitor, text: 'Do you ship to Pune?', clientId: 'client-0001', name: 'Nina' });
    // The network dropped before the answer: the widget sends the same message again.
    const again = await as(key, 'chat/web/message', { ...visitor, text: 'Do you ship to Pune?', clientId: 'client-0001', name: 'Nina' });
    expect(again.data.messages.map((m: { message: string }) => m.message)).toEqual(['Do you ship to Pune?']);
    const [chat] = await db.select().from(chats).where(eq(chats.id, again.data.chatId));
    expect(chat).toMatchObject({ state: ChatState.STARTED, customerName: 'Nina', channelType: ChannelTypes.Web });

    // After a reload the widget starts with its stored id and token: the same chat.
    const reloaded = await as(key, 'chat/web/start', { channelId: web.id, visitorId: visitor.visitorId, visitorToken: visitor.visitorToken });
    expect(reloaded.data.chatId).toBe(chat!.id);

    expect((await call(parley, 'POST', `e/enterprise/chat/${chat!.id}/pickup`, { token: agent })).status).toBe(true);
    const seen = await as(key, 'chat/web/messages', { ...visitor, after: 0 });
    expect(seen.data.messages.map((m: { message: string }) => m.message)).toEqual(['Do you ship to Pune?', 'Demo Handle Chats picked up the chat']);
    const last = seen.data.messages.at(-1).actionId as number;
    const waiting = as(key, 'chat/web/messages', { ...visitor, after: last, wait: 10 });
    await new Promise((r) => setTimeout(r, 200));
    const t0 = Date.now();
    await call(parley, 'POST', `e/enterprise/chat/${chat!.id}/reply`, { token: agent, form: { message: 'Yes, in two days.' } });
    const polled = await waiting;
    expect(Date.now() - t0).toBeLessThan(3000);
    const texts = polled.data.messages.map((m: { message: string }) => m.message);
    expect(texts).toContain('Yes, in two days.');
    expect(polled.data.agentName).toBe('Demo Handle Chats');
    const stored = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat!.id));
    expect(stored.find((m) => m.message === 'Yes, in two days.')?.status).toBe(2);
  });

  it('refuses a forged visitor token, a key without the chat scope, and another enterprise’s key', async () => {
    const started = await as(key, 'chat/web/start', { channelId: web.id });
    const forged = await as(key, 'chat/web/messages', { channelId: web.id, visitorId: started.data.visitorId, visitorToken: 'x'.repeat(43) });
    expect(forged.code).toBe(1403);
    expect((await as(tryItKey, 'chat/web/start', { channelId: web.id })).code).toBe(1403);
    expect((await as(otherKey, 'chat/web/start', { channelId: web.id })).code).toBe(1404);
    // The key reaches nothing else of live chat.
    expect((await call(parley, 'GET', 'e/enterprise/chat/summary', { headers: { [EMBED_KEY_HEADER]: key, origin: PARTNER } })).code).toBe(1403);
  });
});
