import { afterAll, describe, expect, it } from 'vitest';
import { call, login, startServer } from '../test/harness.js';

describe('demo conversation history', () => {
  it("gives the demo agent's NLP report figures on a new install", async () => {
    const parley = await startServer({ seedDemo: true });
    afterAll(() => parley.close());
    const token = await login(parley);
    const agents = await call(parley, 'GET', 'nlp/v2/agent', { token, query: { perPage: '-1' } });
    const demo = (agents.data.agents as { id: string; name: string }[]).find((a) => a.name === 'Demo Pizza Bot')!;
    const range = { agentId: demo.id, startDate: String(Date.now() - 7 * 86_400_000), endDate: String(Date.now()) };
    const report = await call(parley, 'POST', 'nlp/conversationsReport', { token, json: range });
    expect(report.code).toBe(100);
    expect(report.data.totalConversations).toBeGreaterThanOrEqual(20);
    expect(report.data.totalScopedMessages).toBeGreaterThan(report.data.totalNonScopedMessages);
    expect(report.data.totalNonScopedMessages).toBeGreaterThan(0);
    expect(report.data.totalMessages).toBe(report.data.totalScopedMessages + report.data.totalNonScopedMessages);
    const graph = await call(parley, 'POST', 'nlp/graphReport', { token, json: range });
    const days = (graph.data.scopeTrend as { scoped: number; nonScoped: number }[]).filter((d) => d.scoped + d.nonScoped > 0);
    expect(days.length).toBeGreaterThanOrEqual(5);
    const rows = await call(parley, 'POST', 'nlp/conversations', { token, json: { ...range, scopeType: 2 }, query: { from: '0', perPage: '50' } });
    expect(rows.data.conversations.length).toBeGreaterThan(0);
    for (const row of rows.data.conversations as { intentIdentified: boolean; botResponse: string }[]) {
      expect(row.intentIdentified).toBe(false);
      expect(row.botResponse).toBe("Sorry, I didn't get that. Could you say it another way?");
    }
    const viewer = await login(parley, 'viewer@parley.dev');
    expect((await call(parley, 'POST', 'nlp/conversationsReport', { token: viewer, json: range })).data.totalConversations).toBe(
      report.data.totalConversations,
    );
  });
});
