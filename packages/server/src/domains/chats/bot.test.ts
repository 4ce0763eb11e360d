import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChatAction, ChatState } from '@parley/sdk/contract/chats';
import { channels, chatMessages, chats } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { waitForTraining } from '../../test/wait-for-training.js';
import { inboundWebhook, postWebhook, sandboxChannel } from '../../test/whatsapp-inbound.js';
import { asksForHuman, whatsAppText } from './bot.js';

const PHONE_ID = '100000000000888';

describe('the bot answers first and hands over to people', async () => {
  const parley = await startServer({ jobs: true });
  const { db } = parley.database;
  const admin = await login(parley);
  const channelId = await sandboxChannel(parley, admin, PHONE_ID);
  const botId = (await call(parley, 'POST', 'nlp/agent', { token: admin, json: { name: 'Chat Bot', description: 'Answers first', type: 'nlp' } })).data
    .id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token: admin, json: { agentId: botId, name: 'Shop' } })).data.id as string;
  for (const [name, phrases, response] of [
    [
      'opening_hours',
      ['what are your opening hours', 'when do you open', 'are you open on sunday', 'what time do you close'],
      'We are open from 11 am to midnight.',
    ],
    ['menu', ['what is on the menu', 'show me the menu', 'which pizzas do you have', 'do you sell pasta'], 'Margherita, Farmhouse and Paneer Tikka.'],
  ] as const) {
    await call(parley, 'POST', 'nlp/intent', {
      token: admin,
      json: { agentId: botId, storyId, name, utterances: phrases.map((utterance) => ({ utterance })), responses: [{ response }] },
    });
  }
  await call(parley, 'GET', `nlp/agent/${botId}/train`, { token: admin });
  await waitForTraining(parley, admin, botId);
  await db
    .update(channels)
    .set({ data: sql`${channels.data} || ${JSON.stringify({ botAgentId: botId, botHandoffAfter: '2' })}::jsonb` })
    .where(eq(channels.id, channelId));

  const say = async (from: string, text: string) => {
    expect((await postWebhook(parley, inboundWebhook(PHONE_ID, from, { text: { body: text } }).payload, parley.deps.config.sandboxAppSecret)).statusCode).toBe(
      200,
    );
  };
  const chatOf = async (number: string) => (await db.select().from(chats).where(eq(chats.customerNumber, number)))[0]!;
  const thread = async (chatId: string) => db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(chatMessages.actionId);
  const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const v = await read();
      if (ok(v)) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    return read();
  };

  it('writes Markdown answers in WhatsApp marks', () => {
    expect(whatsAppText('**Hi!** See [our menu](https://example.com/menu).')).toBe('*Hi!* See our menu: https://example.com/menu.');
  });

  it('recognises a request for a person in English, Hindi and Hinglish, and not an ordinary question', () => {
    for (const text of ['talk to a human', 'agent please', 'Can I speak to a real person?', 'मुझे किसी इंसान से बात करनी है', 'agent se baat karni hai'])
      expect(asksForHuman(text), text).toBe(true);
    for (const text of ['I want a large pizza', 'what are your opening hours', 'is the pizza agent-free?']) expect(asksForHuman(text), text).toBe(false);
  });

  it('answers with the bot while it can, then queues the chat for agents when the customer asks for a person', async () => {
    await say('919811100001', 'What are your opening hours?');
    const chat = await chatOf('+919811100001');
    expect(chat).toMatchObject({ state: ChatState.CREATED, botActive: true });
    const answered = await until(
      () => thread(chat.id),
      (rows) => rows.some((r) => r.actionType === ChatAction.BOT_REPLY),
    );
    expect(answered.find((r) => r.actionType === ChatAction.BOT_REPLY)).toMatchObject({ userName: 'Bot', message: 'We are open from 11 am to midnight.' });
    await say('919811100001', 'talk to a human please');
    const queued = await until(
      () => chatOf('+919811100001'),
      (c) => c.state === ChatState.STARTED,
    );
    expect(queued.botActive).toBe(false);
    const count = (await thread(chat.id)).filter((r) => r.actionType === ChatAction.BOT_REPLY).length;
    // Once handed over the bot stays silent.
    await say('919811100001', 'hello?');
    await new Promise((r) => setTimeout(r, 500));
    expect((await thread(chat.id)).filter((r) => r.actionType === ChatAction.BOT_REPLY).length).toBe(count);
  });

  it('hands over after two answers in a row it could not give', async () => {
    await say('919811100002', 'what is the capital of peru');
    await say('919811100002', 'explain quantum chromodynamics');
    const queued = await until(
      () => chatOf('+919811100002'),
      (c) => c.state === ChatState.STARTED,
    );
    expect(queued.state).toBe(ChatState.STARTED);
  });
});
