import { describe, expect, it } from 'vitest';
import { call, login, startServer, type EnvelopeReply } from '../../test/harness.js';
import { waitForTraining } from '../../test/wait-for-training.js';
import { TurnStore, type TurnRecord } from './turn-store.js';
import type { Db } from '../../db/database.js';

/**
 * Turns are read and written in groups (turn-store.ts). Under concurrency every turn must still be logged exactly
 * once, a session's counters must match its log, its turns must see each other's state in order, and a failed
 * write must fail only its own turns and never be answered as a success.
 */
describe('conversation turns under concurrency', async () => {
  const parley = await startServer({ jobs: true });
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Concurrent Pizza', description: 'load', type: 'nlp' } })).data.id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Orders' } })).data.id as string;
  const sizeId = (
    await call(parley, 'POST', 'nlp/entity', {
      token,
      json: {
        agentId,
        name: 'size',
        values: [
          { value: 'small', type: 'synonyms', synonyms: ['small', 'tiny', 'personal'] },
          { value: 'large', type: 'synonyms', synonyms: ['large', 'big', 'family size'] },
        ],
      },
    })
  ).data.id as string;
  const intent = (name: string, utterances: unknown[], responses: string[], entities: unknown[] = []) =>
    call(parley, 'POST', 'nlp/intent', { token, json: { agentId, storyId, name, utterances, responses, entities } });
  await intent('greet', ['hello there', 'hi', 'good morning', 'hey, how are you'], ['Hello! Would you like to order a pizza?']);
  await intent(
    'order_pizza',
    [
      'I want to order a pizza',
      'can I get a pizza please',
      { text: 'order a large pizza', entities: [{ entityId: sizeId, entityStartPos: 8, entityEndPos: 13 }] },
      'I would like to buy a pizza',
      'get me a pizza for dinner',
    ],
    ['Your {size} pizza is on its way!'],
    [{ name: 'size', entityId: sizeId, required: true, prompts: ['Which size would you like, small or large?'] }],
  );
  await intent(
    'track_order',
    ['where is my order', 'track my order', 'what is the status of my delivery', 'my order has not arrived yet'],
    ['Let me check your order.'],
  );
  await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
  const trained = await waitForTraining(parley, token, agentId);

  const say = (text: string, sessionId?: string, senderId = 'visitor') =>
    call(parley, 'POST', 'nlp/predictIntent', {
      token,
      json: { agentId, ...(sessionId ? { sessionId } : {}), message: { type: 'text', text }, metadata: { senderId } },
    });
  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await parley.database.executeSql(text, values)).rows as T[];

  /** The script each session follows: questions and answers, so a turn's reply depends on the turns before it. */
  const script = (k: number) => ['I want to order a pizza', 'a big one please', 'hello there', 'can I get a pizza please', 'a tiny one'][k % 5]!;
  const SESSIONS = 20;
  const TURNS = 10;

  it('logs every one of 200 concurrent turns over 20 sessions exactly once, in each session’s order', async () => {
    expect(trained.status).toBe('trained');
    const opened = await Promise.all(Array.from({ length: SESSIONS }, (_, s) => say('hello there', undefined, `sender-${s}`)));
    const sessionIds = opened.map((r) => r.data.sessionId as string);
    expect(new Set(sessionIds).size).toBe(SESSIONS);

    // Every turn of every session at once; within a session the requests are sent in script order.
    const sent: { session: number; k: number; text: string; reply: Promise<EnvelopeReply> }[] = [];
    for (let k = 0; k < TURNS; k++) {
      for (let s = 0; s < SESSIONS; s++) {
        const text = script(k);
        sent.push({ session: s, k, text, reply: say(text, sessionIds[s]) });
      }
    }
    const replies = await Promise.all(sent.map((t) => t.reply));
    expect(replies.filter((r) => !r.status)).toEqual([]);

    for (let s = 0; s < SESSIONS; s++) {
      const id = sessionIds[s]!;
      const rows = await sql<{ user_message: string; bot_response: string }>(
        'SELECT user_message, bot_response FROM conversation_messages WHERE session_id = $1 ORDER BY id',
        [id],
      );
      const [session] = await sql<{ messages: number; scoped_messages: number; state: { turns: number } }>(
        'SELECT messages, scoped_messages, state FROM conversation_sessions WHERE id = $1',
        [id],
      );
      // One row per turn, the counters equal to the rows, and every turn counted in the dialog state.
      expect(rows).toHaveLength(TURNS + 1);
      expect(session!.messages).toBe(TURNS + 1);
      expect(session!.state.turns).toBe(TURNS + 1);
      // The turns were taken in the order they were sent...
      expect(rows.map((r) => r.user_message)).toEqual(['hello there', ...Array.from({ length: TURNS }, (_, k) => script(k))]);
      // ...and each reply is the one logged for its message.
      const mine = sent.filter((t) => t.session === s);
      mine.forEach((t, i) => expect(replies[sent.indexOf(t)]!.data.output.text).toBe(rows[i + 1]!.bot_response));
    }

    // The same script taken one turn at a time gives the same answers: the concurrent turns saw each other's state.
    const sequential = await say('hello there', undefined, 'sequential');
    const expected: string[] = [];
    for (let k = 0; k < TURNS; k++) expected.push((await say(script(k), sequential.data.sessionId as string)).data.output.text as string);
    for (let s = 0; s < SESSIONS; s++) {
      const rows = await sql<{ bot_response: string }>('SELECT bot_response FROM conversation_messages WHERE session_id = $1 ORDER BY id', [sessionIds[s]]);
      expect(rows.slice(1).map((r) => r.bot_response)).toEqual(expected);
    }
    // The script does get different answers, so the comparison above says something.
    expect(new Set(expected).size).toBeGreaterThan(1);

    // The report cards, read from the per-session counters, agree with the log.
    const [totals] = await sql<{ counted: number; logged: number }>(
      'SELECT (SELECT sum(messages)::int FROM conversation_sessions WHERE agent_id = $1) AS counted, (SELECT count(*)::int FROM conversation_messages WHERE agent_id = $1) AS logged',
      [agentId],
    );
    expect(totals!.counted).toBe(totals!.logged);
  });

  it('fails only the turns whose rows cannot be written, with an error envelope, and commits the others', async () => {
    await sql(`ALTER TABLE conversation_messages ADD CONSTRAINT test_no_poison CHECK (user_message NOT LIKE 'poison%')`);
    try {
      const existing = (await say('hello there', undefined, 'poisoned-existing')).data.sessionId as string;
      const batch = Array.from({ length: 30 }, (_, i) => {
        const poison = i % 6 === 0;
        const text = poison ? `poison ${i}` : `hello there ${i}`;
        return { i, poison, text, reply: say(text, i === 0 || i === 1 ? existing : undefined, `mixed-${i}`) };
      });
      const replies = await Promise.all(batch.map((b) => b.reply));
      batch.forEach((b, n) => {
        const reply = replies[n]!;
        if (b.poison) expect(reply).toMatchObject({ httpStatus: 500, status: false, code: 1500 });
        else expect(reply).toMatchObject({ httpStatus: 200, status: true, code: 100 });
      });
      const logged = await sql<{ user_message: string }>(`SELECT user_message FROM conversation_messages WHERE sender_id LIKE 'mixed-%' OR session_id = $1`, [
        existing,
      ]);
      const texts = logged.map((r) => r.user_message).sort();
      expect(texts).toEqual(['hello there', ...batch.filter((b) => !b.poison).map((b) => b.text)].sort());
      // A failed turn changes nothing: the existing session counts only its committed turns, and a new session
      // whose first turn failed was never created.
      const [session] = await sql<{ messages: number; state: { turns: number } }>('SELECT messages, state FROM conversation_sessions WHERE id = $1', [
        existing,
      ]);
      expect(session).toMatchObject({ messages: 2, state: { turns: 2 } });
      const poisonedNew = await sql(`SELECT id FROM conversation_sessions WHERE sender_id IN ('mixed-6', 'mixed-12', 'mixed-18', 'mixed-24')`);
      expect(poisonedNew).toEqual([]);
    } finally {
      await sql('ALTER TABLE conversation_messages DROP CONSTRAINT test_no_poison');
    }
  });
  it('logs a message holding a lone surrogate with U+FFFD in its place, and the turns batched with it as sent', async () => {
    const texts = ['track my order \uD83D please', 'where is my order 🍕', 'hello there'];
    const replies = await Promise.all(texts.map((text, k) => say(text, undefined, `surrogate-${k}`)));
    expect(replies.map((r) => r.status)).toEqual([true, true, true]);
    const logged = await sql<{ user_message: string }>(`SELECT user_message FROM conversation_messages WHERE sender_id LIKE 'surrogate-%' ORDER BY sender_id`);
    expect(logged.map((r) => r.user_message)).toEqual(['track my order \uFFFD please', 'where is my order 🍕', 'hello there']);
  });
});

describe('turn store batches', () => {
  const turn = (n: number): TurnRecord => ({
    eId: '00000000-0000-4000-8000-000000000001',
    agentId: '00000000-0000-4000-8000-000000000002',
    sessionId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    newSession: true,
    senderId: 'x',
    state: { turns: 1 },
    userMessage: `m${n}`,
    intentIdentified: false,
    intent: null,
    confidence: 0,
    utterance: null,
    botResponse: 'r',
    emotion: 'neutral',
    otherIntents: [],
    scoped: false,
    weak: false,
  });

  it('fails every turn of a batch the database did not take (connection lost), and groups concurrent turns', async () => {
    const statements: number[] = [];
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined });
    const db = {
      execute: async (query: { queryChunks?: unknown[] }) => {
        statements.push(query.queryChunks?.length ?? 0);
        await new Promise((r) => setTimeout(r, 5));
        throw lost;
      },
    } as unknown as Db;
    const store = new TurnStore(db, { maxInFlight: 1 });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, n) => store.writeTurn(turn(n))));
    expect(results.every((r) => r.status === 'rejected' && r.reason === lost)).toBe(true);
    // Grouped: the first turn went alone, the eleven that arrived while it was in flight went together; none retried.
    expect(statements.length).toBeLessThanOrEqual(2);
  });

  it('retries the turns of a batch one by one when a row broke a constraint, failing only that row', async () => {
    const db = {
      execute: async (query: { queryChunks?: unknown[] }) => {
        const text = JSON.stringify(query.queryChunks);
        if (text.includes('m3')) throw Object.assign(new Error('check violation'), { code: '23514' });
        return { rows: [] };
      },
    } as unknown as Db;
    const store = new TurnStore(db, { maxInFlight: 1 });
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, n) => store.writeTurn(turn(n))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  });
});
