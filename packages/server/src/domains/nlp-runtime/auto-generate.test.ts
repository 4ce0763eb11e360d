import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { llmUsage } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const KEY = 'sk-paraphrase-0123456789';

/**
 * A loopback provider speaking the Chat Completions wire format that answers Auto Generate's JSON-schema request with
 * what `next` holds: its own phrasing, a repeat of the input and a duplicate, as models do.
 */
function paraphraseProvider() {
  const seen: { authorization?: string | undefined; body: Record<string, unknown> }[] = [];
  const state = { next: '', status: 200 };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    seen.push({ authorization: req.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
    res.writeHead(state.status, { 'content-type': 'application/json' });
    if (state.status !== 200) return res.end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'paraphraser',
        choices: [{ index: 0, message: { role: 'assistant', content: state.next }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 40, completion_tokens: 30, total_tokens: 70 },
      }),
    );
  });
  return { server, seen, state };
}

describe("Auto Generate through the agent's Gen AI configuration", async () => {
  const provider = paraphraseProvider();
  await new Promise<void>((r) => provider.server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
  afterAll(() => new Promise((r) => provider.server.close(r)));
  // A budget of 100 tokens a day: the provider's replies count 70 each (40 prompt, 30 completion).
  const parley = await startServer({ outboundPrivateOrigins: [origin], llmLimits: { dailyTokensPerAgent: 100, callsPerMinutePerAgent: 0 } });
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: `Paraphrase ${Date.now()}`, description: 'Auto Generate', type: 'nlp' } }))
    .data.id as string;
  const created = await call(parley, 'POST', 'nlp/genai/config', {
    token,
    form: { name: `Paraphraser ${Date.now()}`, authType: '5', llm: '1', apikey: KEY, baseUrl: `${origin}/v1`, model: 'paraphraser' },
  });
  expect(created.status).toBe(true);
  const generate = (json: Record<string, unknown>, as = token) => call(parley, 'POST', 'nlp/paraphrase', { token: as, json });

  it('without a configuration on the agent, the offline generator answers and says so', async () => {
    const res = await generate({ text: ['I want to order a pizza'], num_return_sequences: 5, agentId });
    expect(res.status).toBe(true);
    expect(res.data.generator).toBe('offline');
    expect(res.data.paraphrases).toHaveLength(5);
    expect(provider.seen).toHaveLength(0);
  });

  it('asks the configured model with its key and model name, keeps its phrasings, drops repeats, tops up to the count', async () => {
    await call(parley, 'POST', `nlp/agent/${agentId}/genai/config`, { token, form: { genAiConfigId: created.data.id } });
    provider.state.next = JSON.stringify({
      paraphrases: [['Could I get a pizza delivered?', 'I want to order a pizza', 'could I get a pizza delivered', "I'd love to order a pizza tonight"]],
    });
    const res = await generate({ text: ['I want to order a pizza'], num_return_sequences: 5, agentId });
    expect(res.data.generator).toBe('llm');
    const [list] = res.data.byPhrase as { paraphrases: string[] }[];
    expect(list!.paraphrases.slice(0, 2)).toEqual(['Could I get a pizza delivered?', "I'd love to order a pizza tonight"]);
    expect(list!.paraphrases).toHaveLength(5);
    expect(list!.paraphrases).not.toContain('I want to order a pizza');
    const sent = provider.seen.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({ model: 'paraphraser', response_format: { type: 'json_schema' } });
    const user = (sent.body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')!;
    expect(JSON.parse(user.content)).toEqual({ phrases: ['I want to order a pizza'], perPhrase: 5 });
  });

  it("counts the model's tokens against the agent, and stops asking it once the day's budget is spent", async () => {
    const usage = () =>
      parley.database.db
        .select()
        .from(llmUsage)
        .where(and(eq(llmUsage.agentId, agentId), eq(llmUsage.purpose, 'paraphrase')));
    expect(await usage()).toMatchObject([{ calls: 1, promptTokens: 40, completionTokens: 30 }]);
    expect((await generate({ text: ['I want to order a pizza'], num_return_sequences: 5, agentId })).data.generator).toBe('llm');
    expect(await usage()).toMatchObject([{ calls: 2, promptTokens: 80, completionTokens: 60 }]);
    const asked = provider.seen.length;
    const spent = await generate({ text: ['I want to order a pizza'], num_return_sequences: 5, agentId });
    expect(spent.data).toMatchObject({ generator: 'offline' });
    expect(spent.data.paraphrases).toHaveLength(5);
    expect(provider.seen).toHaveLength(asked);
    // Tomorrow's budget is another row: today's is what was spent.
    await parley.database.db.update(llmUsage).set({ day: '2000-01-01' }).where(eq(llmUsage.agentId, agentId));
  });

  it('falls back to the offline generator when the model fails, without an error for the user', async () => {
    provider.state.status = 503;
    const res = await generate({ text: ['cancel my order'], num_return_sequences: 5, agentId });
    provider.state.status = 200;
    expect(res.status).toBe(true);
    expect(res.data.generator).toBe('offline');
    expect(res.data.paraphrases).toContain('I want to cancel my order');
  }, 60_000);

  it("does not let another enterprise use the agent's configuration, and refuses a caller without NLP access", async () => {
    const before = provider.seen.length;
    const other = await loginToOtherEnterprise(parley);
    const res = await generate({ text: ['hello'], num_return_sequences: 5, agentId }, other);
    expect(res.status).toBe(false);
    expect(provider.seen).toHaveLength(before);
    const agent = await login(parley, 'agent@parley.dev');
    expect((await generate({ text: ['hello'], num_return_sequences: 5, agentId }, agent)).code).toBe(1403);
  });
});
