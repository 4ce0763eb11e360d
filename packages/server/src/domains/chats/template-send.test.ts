import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChannelTypes } from '@parley/sdk/contract/channels';
import { ChatAction, ChatMessages, ChatMessageStatus, ChatState } from '@parley/sdk/contract/chats';
import { channels, chats, customers, sandboxWaMessages, users } from '../../db/schema.js';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const NUMBER = '+14155550100';

/** Issue 35 item 8: outside the 24-hour window the agent sends an approved template from inside the chat. */
describe('a template sent from a chat', async () => {
  const parley = await startServer({ jobs: true, defaultCountry: 'US' });
  const { db } = parley.database;
  const agent = await login(parley, 'agent@parley.dev');
  const [channel] = await db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
  const [me] = await db.select().from(users).where(eq(users.email, 'agent@parley.dev'));
  await db.insert(customers).values({ eId: channel!.eId, name: 'Asha', phoneNumber: NUMBER });
  const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
  const [chat] = await db
    .insert(chats)
    .values({
      eId: channel!.eId,
      channelId: channel!.id,
      channelType: ChannelTypes.WhatsApp,
      customerNumber: NUMBER,
      customerName: 'Asha',
      state: ChatState.ONGOING,
      agentId: me!.id,
      lastCustomerAt: twoDaysAgo,
      lastMessageAt: twoDaysAgo,
      createdAt: twoDaysAgo,
    })
    .returning();
  const body = (extra: Record<string, unknown> = {}) => ({
    channelId: channel!.id,
    phoneNumber: [NUMBER],
    message: { template: { templateId: 'order_update' } },
    columnMapping: [
      { component: 'BODY', variable: '{{1}}', type: 'column', value: 'name' },
      { component: 'BODY', variable: '{{2}}', type: 'static', value: '#10423' },
    ],
    resourceType: 'CHAT',
    resourceId: chat!.id,
    ...extra,
  });
  const send = (json: Record<string, unknown>, token = agent) => call(parley, 'POST', 'chatbird/api/broadcast', { token, json });
  const thread = async () => (await call(parley, 'GET', `e/enterprise/chat/${chat!.id}`, { token: agent })).data;

  it('is refused as a free-form reply once the window has closed, and flags the chat', async () => {
    const res = await call(parley, 'POST', `e/enterprise/chat/${chat!.id}/reply`, { token: agent, form: { message: 'Hello?' } });
    expect(res.message).toBe(ChatMessages.jitRequired);
    expect((await thread()).isJITRequired).toBe(true);
  });

  it('reaches the customer once and joins the thread, whose ticks follow the vendor', async () => {
    const res = await send(body());
    expect(res).toMatchObject({ status: true, message: 'Broadcast sent successfully' });
    const entry = (await thread()).messages.at(-1);
    expect(entry).toMatchObject({ kind: 'template', actionType: ChatAction.AGENT_REPLY, attachment: { name: 'order_update' } });
    // The body as the customer reads it, the name from the customer master and the static value filled in.
    expect(entry.message).toBe('Hi Asha, your order #10423 has shipped and is on its way. Reply below if you need anything.');
    let last = entry;
    for (let i = 0; i < 200 && last.status !== ChatMessageStatus.READ; i++) {
      await new Promise((r) => setTimeout(r, 100));
      last = (await thread()).messages.at(-1);
    }
    expect(last).toMatchObject({ status: ChatMessageStatus.READ, transId: expect.stringMatching(/^wamid\./) });
    // Counted at the wire: the sandbox vendor received the template once.
    const received = await db
      .select()
      .from(sandboxWaMessages)
      .where(
        and(
          eq(sandboxWaMessages.phoneNumberId, DEMO_CHANNEL.phoneNumberId),
          eq(sandboxWaMessages.waId, NUMBER.slice(1)),
          eq(sandboxWaMessages.direction, 'out'),
        ),
      );
    expect(received).toHaveLength(1);
  });

  it("goes only to the chat's customer, on its channel, from someone in the chat", async () => {
    expect((await send(body({ phoneNumber: ['+14155550101'] }))).message).toBe(
      "A template sent from a chat goes to that chat's customer, on that chat's channel",
    );
    expect((await send(body({ phoneNumber: [NUMBER, '+14155550101'] }))).message).toBe(
      "A template sent from a chat goes to that chat's customer, on that chat's channel",
    );
    // An agent has no campaign rights: a broadcast that is not a chat's is denied.
    expect((await send(body({ resourceType: 'CAMPAIGN', resourceId: undefined }))).code).toBe(1403);
    expect((await send(body({ resourceType: undefined, resourceId: undefined }))).code).toBe(1403);
    // Another enterprise's user cannot write into this chat.
    const other = await loginToOtherEnterprise(parley);
    const foreign = await send(body(), other);
    expect(foreign.status).toBe(false);
    expect(foreign.message).toMatch(/not found/);
    // A report viewer holds neither grant.
    expect((await send(body(), await login(parley, 'viewer@parley.dev'))).code).toBe(1403);
  });
});
