import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, gte } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { billingEvents, enterprises, llmUsage } from '../../db/schema.js';
import { startServer } from '../../test/harness.js';
import { LlmClient } from './llm-client.js';
import { sandboxProvider, type SandboxProviderControl } from './sandbox-provider.js';
import { LlmBudgetExceeded, LlmUsage } from './usage.js';

describe('LLM usage: tokens counted per agent, day and purpose; budgets and rates refused before the call', async () => {
  const control: SandboxProviderControl = { requests: [], failures: [] };
  const handle = sandboxProvider(control);
  const provider = createServer((req, res) => void handle(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  afterAll(() => new Promise((r) => provider.close(r)));
  const parley = await startServer();
  const { db } = parley.database;
  const [enterprise] = await db.select({ id: enterprises.id }).from(enterprises).limit(1);
  const eId = enterprise!.id;
  const endpoint = {
    baseUrl: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
    apiKey: 'sk-usage',
    model: 'sandbox',
    embeddingModel: 'sandbox-embed',
  };
  const rows = (agentId: string) =>
    db
      .select()
      .from(llmUsage)
      .where(and(eq(llmUsage.eId, eId), eq(llmUsage.agentId, agentId)));

  it('adds each call’s prompt and completion tokens to the agent’s row for the purpose, streams and embeddings included', async () => {
    const agentId = randomUUID();
    const started = new Date(Date.now() - 1000);
    const usage = new LlmUsage(db, { dailyTokensPerAgent: 0, callsPerMinutePerAgent: 0 });
    const client = new LlmClient(endpoint).metered(usage, { eId, agentId, purpose: 'answer' });
    const first = await client.chat([{ role: 'user', content: 'What are your opening hours today?' }]);
    const second = await client.chat([{ role: 'user', content: 'And tomorrow?' }]);
    let streamed = '';
    for await (const piece of new LlmClient(endpoint)
      .metered(usage, { eId, agentId, purpose: 'prompt' })
      .chatStream([{ role: 'user', content: 'Hello there' }]))
      streamed += piece;
    expect(streamed).toContain('sandbox');
    await new LlmClient(endpoint).metered(usage, { eId, agentId, purpose: 'embed' }).embed(['one passage', 'another passage']);
    const byPurpose = Object.fromEntries((await rows(agentId)).map((r) => [r.purpose, r]));
    expect(byPurpose.answer).toMatchObject({
      calls: 2,
      promptTokens: first.usage.promptTokens + second.usage.promptTokens,
      completionTokens: first.usage.completionTokens + second.usage.completionTokens,
    });
    expect(byPurpose.prompt!.calls).toBe(1);
    expect(byPurpose.prompt!.completionTokens).toBeGreaterThan(0);
    expect(byPurpose.embed).toMatchObject({ calls: 1, completionTokens: 0 });
    expect(await usage.tokensToday(eId, agentId)).toBe(Object.values(byPurpose).reduce((n, r) => n + r.promptTokens + r.completionTokens, 0));
    // Billing meters each call once as LLM_TOKENS: the same tokens, one event a call.
    const events = await db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.eId, eId), eq(billingEvents.service, 'LLM_TOKENS'), gte(billingEvents.occurredAt, started)));
    expect(events).toHaveLength(4);
    expect(events.reduce((n, e) => n + e.units, 0)).toBe(await usage.tokensToday(eId, agentId));
  });

  it('refuses a call once the agent’s tokens for the day are spent, without asking the provider; other agents go on', async () => {
    const spender = randomUUID();
    const other = randomUUID();
    const usage = new LlmUsage(db, { dailyTokensPerAgent: 30, callsPerMinutePerAgent: 0 });
    const client = new LlmClient(endpoint).metered(usage, { eId, agentId: spender, purpose: 'answer' });
    await client.chat([{ role: 'user', content: 'A question long enough to spend the whole of a thirty token budget in one go, or nearly.' }]);
    const asked = control.requests.length;
    await expect(client.chat([{ role: 'user', content: 'again' }])).rejects.toBeInstanceOf(LlmBudgetExceeded);
    await expect(client.chat([{ role: 'user', content: 'again' }])).rejects.toThrow(/used its 30 model tokens for today/);
    expect(control.requests.length).toBe(asked);
    await new LlmClient(endpoint).metered(usage, { eId, agentId: other, purpose: 'answer' }).chat([{ role: 'user', content: 'hi' }]);
    expect(control.requests.length).toBe(asked + 1);
  });

  it('refuses more calls a minute than the agent’s rate', async () => {
    const usage = new LlmUsage(db, { dailyTokensPerAgent: 0, callsPerMinutePerAgent: 2 });
    const client = new LlmClient(endpoint).metered(usage, { eId, agentId: randomUUID(), purpose: 'classify' });
    await client.chat([{ role: 'user', content: 'one' }]);
    await client.chat([{ role: 'user', content: 'two' }]);
    await expect(client.chat([{ role: 'user', content: 'three' }])).rejects.toThrow(/2 model calls in the last minute/);
  });
});
