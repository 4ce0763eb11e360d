import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, llmConfigurations } from '../db/schema.js';
import { call, login, startServer } from '../test/harness.js';
import { DEMO_PROMPT_AGENT, DEMO_SANDBOX_LLM, seedDemoPromptAgent } from './demo-prompt-agent.js';

describe('the demo prompt agent and the sandbox LLM configuration', async () => {
  const parley = await startServer({ seedDemo: true });
  const token = await login(parley);
  const agentsNamed = async (name: string) =>
    ((await call(parley, 'GET', 'nlp/v2/agent', { token, query: { perPage: '-1' } })).data.agents as { id: string; name: string; type: string }[]).filter(
      (a) => a.name === name,
    );

  it('lists the sandbox configuration, at this server’s own /sandbox/openai/v1, with its models', async () => {
    const listed = (await call(parley, 'GET', 'nlp/genai/config', { token })).data as { id: string; name: string }[];
    expect(listed.map((c) => c.name)).toContain(DEMO_SANDBOX_LLM.name);
    const [row] = await parley.database.db.select().from(llmConfigurations).where(eq(llmConfigurations.name, DEMO_SANDBOX_LLM.name));
    expect(row).toMatchObject({
      baseUrl: 'http://parley.test/sandbox/openai/v1',
      model: 'parley-sandbox',
      embeddingModel: 'parley-sandbox-embeddings',
      llm: 1,
      authType: 5,
    });
  });

  it('has Demo Order Desk collect the name and the order number in Try-it, with no key and no Train', async () => {
    const [desk] = await agentsNamed(DEMO_PROMPT_AGENT.name);
    expect(desk).toMatchObject({ type: 'prompt' });
    const prompt = (await call(parley, 'GET', `nlp/agent/${desk!.id}/prompt`, { token })).data;
    expect(prompt).toMatchObject({ prompt: DEMO_PROMPT_AGENT.prompt, extractData: true, userData: DEMO_PROMPT_AGENT.userData });
    const say = (text: string, sessionId?: string) =>
      call(parley, 'POST', 'nlp/predictIntent', { token, json: { agentId: desk!.id, message: { type: 'text', text }, ...(sessionId ? { sessionId } : {}) } });
    const first = await say('Hi, my name is Asha Rao');
    expect(first.data.output).toEqual({
      source: 'prompt',
      text: 'Thanks! Could you tell me the order number? (Parley sandbox model)',
      userData: { name: 'Asha Rao', orderNumber: null },
    });
    const second = await say("it's ORD-10422", first.data.sessionId);
    expect(second.data.output).toEqual({
      source: 'prompt',
      text: "Thank you, I have noted your customer's name Asha Rao and order number ORD-10422. (Parley sandbox model)",
      userData: { name: 'Asha Rao', orderNumber: 'ORD-10422' },
    });
  });

  it('changes nothing when seeded again', async () => {
    const [demo] = await agentsNamed(DEMO_PROMPT_AGENT.name);
    const { db } = parley.database;
    const [row] = await db.select().from(agents).where(eq(agents.id, demo!.id));
    const again = await seedDemoPromptAgent(db, parley.deps.sealed, row!.eId, row!.createdBy!, 'http://elsewhere.test/sandbox/openai/v1');
    expect(again.agentId).toBe(demo!.id);
    expect(await agentsNamed(DEMO_PROMPT_AGENT.name)).toHaveLength(1);
    const configs = await db
      .select()
      .from(llmConfigurations)
      .where(and(eq(llmConfigurations.eId, row!.eId), eq(llmConfigurations.name, DEMO_SANDBOX_LLM.name)));
    expect(configs.map((c) => [c.id, c.baseUrl])).toEqual([[again.configId, 'http://parley.test/sandbox/openai/v1']]);
  });

  it('serves the sandbox LLM in OpenAI’s wire format, labelled, and refuses a call without a key as OpenAI does', async () => {
    const ask = (headers: Record<string, string>) =>
      parley.app.inject({
        method: 'POST',
        url: '/sandbox/openai/v1/chat/completions',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { model: 'parley-sandbox', messages: [{ role: 'user', content: 'hello' }] },
      });
    expect((await ask({})).statusCode).toBe(401);
    const res = await ask({ authorization: 'Bearer anything' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'The Parley sandbox model heard: "hello".' } }],
    });
    const embedded = await parley.app.inject({
      method: 'POST',
      url: '/sandbox/openai/v1/embeddings',
      headers: { authorization: 'Bearer x' },
      payload: { model: 'e', input: ['pizza'] },
    });
    expect(embedded.json().data[0].embedding).toHaveLength(256);
  });
});

describe('with the sandbox off', async () => {
  const parley = await startServer({ seedDemo: true, sandbox: false });

  it('seeds no sandbox configuration nor prompt agent, and mounts no sandbox LLM', async () => {
    expect(await parley.database.db.select().from(llmConfigurations).where(eq(llmConfigurations.name, DEMO_SANDBOX_LLM.name))).toEqual([]);
    expect(await parley.database.db.select().from(agents).where(eq(agents.name, DEMO_PROMPT_AGENT.name))).toEqual([]);
    const res = await parley.app.inject({ method: 'POST', url: '/sandbox/openai/v1/chat/completions', headers: { authorization: 'Bearer x' }, payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
