import { describe, expect, it } from 'vitest';
import { conversationMessages, conversationSessions } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';

/** Report figures straight from logged rows: zone bucketing, agent isolation and the range checks. */
describe('conversation reports', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const agent = async (name: string) => (await call(parley, 'POST', 'nlp/agent', { token, form: { name, description: 'd', type: 'nlp' } })).data.id as string;
  const [mine, other] = [await agent('Reported'), await agent('Elsewhere')];
  const { db } = parley.database;
  const eId = (await call(parley, 'GET', `nlp/agent/${mine}`, { token })).data.eId as string;

  /** One conversation of `scoped` flags, started at `at` (UTC), one minute per message. */
  async function conversation(agentId: string, at: string, sender: string, scoped: boolean[]) {
    const start = new Date(at);
    const [s] = await db
      .insert(conversationSessions)
      .values({ eId, agentId, senderId: sender, createdAt: start, messages: scoped.length, scopedMessages: scoped.filter(Boolean).length, weakMessages: 0 })
      .returning();
    await db.insert(conversationMessages).values(
      scoped.map((ok, i) => ({
        eId,
        agentId,
        sessionId: s!.id,
        senderId: sender,
        userMessage: `m${i}`,
        createdAt: new Date(start.getTime() + i * 60_000),
        intentIdentified: ok,
        intent: ok ? 'greet' : null,
        confidence: ok ? 0.9 : 0.1,
        utterance: null,
        botResponse: 'r',
        emotion: 'neutral',
        scoped: ok,
        weak: false,
      })),
    );
  }
  // 20:00 UTC on the 1st is already the 2nd in India (UTC+5:30) but still the 1st in New York.
  await conversation(mine, '2026-03-01T20:00:00Z', 'asha', [true, true, false]);
  await conversation(mine, '2026-03-01T10:00:00Z', 'ben', [true]);
  await conversation(other, '2026-03-01T10:00:00Z', 'ben', [true, true, true, true]);
  const range = { agentId: mine, startDate: '2026-03-01T00:00:00Z', endDate: '2026-03-03T00:00:00Z' };

  it('buckets days in the caller’s zone, by offset or by name, and counts only the agent’s conversations', async () => {
    const india = await call(parley, 'POST', 'nlp/graphReport', { token, json: { ...range, timeZoneOffset: -330 } });
    expect(india.data.scopeTrend).toEqual([
      { date: '2026-03-01', scoped: 1, nonScoped: 0 },
      { date: '2026-03-02', scoped: 2, nonScoped: 1 },
    ]);
    const byGet = await call(parley, 'GET', 'nlp/graphReport', { token, query: { ...range, timeZoneOffset: '-330' } });
    expect(byGet.data).toEqual(india.data);
    const newYork = await call(parley, 'POST', 'nlp/graphReport', { token, json: { ...range, timeZone: 'America/New_York' } });
    expect(newYork.data.activeUsers).toEqual([{ date: '2026-03-01', value: 2 }]);
    const report = await call(parley, 'POST', 'nlp/conversationsReport', { token, json: range });
    expect(report.data).toEqual({
      totalConversations: 2,
      averageMessages: 2,
      maximumConversations: { maximumConversationsValue: 2, date: '2026-03-01' },
      weakUnderstanding: 0,
      totalMessages: 4,
      totalScopedMessages: 3,
      totalNonScopedMessages: 1,
      scopedPercentage: 75,
    });
    expect((await call(parley, 'POST', 'nlp/topIntent', { token, json: range })).data).toEqual([{ intentName: 'greet', count: 3 }]);
  });

  it('answers zeros for a quiet period and refuses bad ranges with clear messages', async () => {
    const quiet = await call(parley, 'POST', 'nlp/conversationsReport', { token, json: { ...range, startDate: '2025-01-01', endDate: '2025-01-02' } });
    expect(quiet.data).toMatchObject({
      totalConversations: 0,
      averageMessages: 0,
      totalMessages: 0,
      scopedPercentage: 0,
      maximumConversations: { maximumConversationsValue: 0, date: null },
    });
    const errors = async (body: object) => (await call(parley, 'POST', 'nlp/conversationsReport', { token, json: { ...range, ...body } })).errors;
    expect(await errors({ startDate: 'yesterday-ish' })).toEqual([{ field: 'startDate', message: 'Please give a valid date' }]);
    expect(await errors({ endDate: '2026-02-01' })).toEqual([{ field: 'endDate', message: 'End Date should not be before Start Date' }]);
    expect(await errors({ timeZone: 'Mars/Olympus_Mons' })).toEqual([{ field: 'timeZone', message: 'Unknown time zone' }]);
    expect((await call(parley, 'POST', 'nlp/topIntent', { token, json: { ...range, agentId: '00000000-0000-4000-8000-000000000000' } })).code).toBe(1404);
  });

  it('pages the message list newest first with more, filtered by scope', async () => {
    const page = await call(parley, 'POST', 'nlp/conversations', { token, json: { ...range, scopeType: 1 }, query: { from: '0', perPage: '2' } });
    expect(page.data.conversations.map((r: { userMessage: string }) => r.userMessage)).toEqual(['m1', 'm0']);
    expect(page.more).toBe(true);
    const last = await call(parley, 'POST', 'nlp/conversations', { token, json: { ...range, scopeType: 1 }, query: { from: '2', perPage: '2' } });
    expect(last.data.conversations).toHaveLength(1);
    expect(last.more).toBe(false);
  });
});
