import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { sandboxProvider, type SandboxProviderControl } from '../llm/sandbox-provider.js';
import { PromptReplies } from './prompt-agent.js';

const KEY = 'sk-loopback-prompt-0123456789';
const PROMPT = 'You are the order desk of Demo Pizza. Keep answers short.';
const USER_DATA = [
  { name: 'name', description: "customer's name" },
  { name: 'orderNumber', description: 'order number' },
];

/** An OpenAI-wire-format provider on an ephemeral loopback port, answering with the sandbox model. */
async function loopbackProvider() {
  const control: SandboxProviderControl = { requests: [], failures: [] };
  const handle = sandboxProvider(control);
  const server: Server = createServer((req, res) => void handle(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  afterAll(() => new Promise((r) => server.close(r)));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { control, origin, baseUrl: `${origin}/v1` };
}

/** The events of a server-sent-events body, in order. */
const eventsOf = (body: string) =>
  body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return { event, data: data ? JSON.parse(data) : null };
    });

describe('prompt agents answer through their LLM configuration and collect variables (loopback provider)', async () => {
  const provider = await loopbackProvider();
  // Never allowed: a loopback server that must receive nothing.
  const forbidden = await loopbackProvider();
  const parley = await startServer({ outboundPrivateOrigins: [provider.origin] });
  const token = await login(parley, 'developer@parley.dev');

  const configure = async (tok: string, name: string, baseUrl: string) => {
    const res = await call(parley, 'POST', 'nlp/genai/config', {
      token: tok,
      form: { name, authType: '5', llm: '1', apikey: KEY, baseUrl, model: 'loopback-model' },
    });
    expect(res.status, res.message).toBe(true);
    return res.data.id as string;
  };
  const promptAgent = async (tok: string, name: string, configId: string, extractData = true) => {
    const agentId = (await call(parley, 'POST', 'nlp/agent', { token: tok, form: { name, description: 'Orders', type: 'prompt' } })).data.id as string;
    const saved = await call(parley, 'POST', `nlp/agent/${agentId}/prompt`, {
      token: tok,
      json: { openaiKey: configId, prompt: PROMPT, extractData, userData: extractData ? JSON.stringify(USER_DATA) : '[]' },
    });
    expect(saved.code, saved.message).toBe('100');
    return agentId;
  };
  const configId = await configure(token, 'Loopback', provider.baseUrl);
  const agentId = await promptAgent(token, 'Order desk', configId);
  const say = async (text: string, sessionId?: string, opts: { tok?: string; agent?: string } = {}) =>
    call(parley, 'POST', 'nlp/predictIntent', {
      token: opts.tok ?? token,
      json: { agentId: opts.agent ?? agentId, message: { type: 'text', text }, ...(sessionId ? { sessionId } : {}) },
    });

  it('asks for what is missing, then confirms both values, keeping the conversation per session', async () => {
    const first = await say('Hi, my name is Asha Rao');
    expect(first.code).toBe(100);
    expect(first.data.output).toEqual({
      source: 'prompt',
      text: 'Thanks! Could you tell me the order number? (Parley sandbox model)',
      userData: { name: 'Asha Rao', orderNumber: null },
    });
    const second = await say("it's ORD-10422", first.data.sessionId);
    expect(second.data.sessionId).toBe(first.data.sessionId);
    expect(second.data.output).toEqual({
      source: 'prompt',
      text: "Thank you, I have noted your customer's name Asha Rao and order number ORD-10422. (Parley sandbox model)",
      userData: { name: 'Asha Rao', orderNumber: 'ORD-10422' },
    });
    // Confirmed once: the next turn is the agent's own conversation, the values kept.
    const third = await say('thanks, that is all', first.data.sessionId);
    expect(third.data.output.text).toBe('The Parley sandbox model heard: "thanks, that is all".');
    expect(third.data.output.userData).toEqual({ name: 'Asha Rao', orderNumber: 'ORD-10422' });

    // What the provider was sent: the configuration's model and key, the prompt as the system instruction, the
    // variables as a JSON schema of nullable strings, and the earlier turns as the conversation.
    const extraction = provider.control.requests.filter((r) => (r.body.response_format as { type?: string } | undefined)?.type === 'json_schema').at(-1)!;
    expect(extraction).toMatchObject({ path: '/v1/chat/completions', authorization: `Bearer ${KEY}`, body: { model: 'loopback-model' } });
    expect((extraction.body.response_format as { json_schema: { schema: unknown } }).json_schema.schema).toEqual({
      type: 'object',
      properties: {
        name: { type: ['string', 'null'], description: "customer's name" },
        orderNumber: { type: ['string', 'null'], description: 'order number' },
      },
      required: ['name', 'orderNumber'],
      additionalProperties: false,
    });
    const chat = provider.control.requests.filter((r) => r.body.stream === true).at(-1)!;
    const messages = chat.body.messages as { role: string; content: string }[];
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content.startsWith(PROMPT)).toBe(true);
    // The user's words are never part of the instructions.
    expect(messages[0]!.content).not.toContain('thanks, that is all');
    expect(messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'thanks, that is all' });
    expect(JSON.stringify(provider.control.requests.map((r) => r.body))).not.toContain(KEY);
  });

  it('keeps sessions apart: a new conversation starts with nothing collected', async () => {
    const other = await say('Hello there');
    expect(other.data.output).toEqual({
      source: 'prompt',
      text: "Thanks! Could you tell me the customer's name? (Parley sandbox model)",
      userData: { name: null, orderNumber: null },
    });
  });

  it("shows the collected values on the report's conversation rows", async () => {
    const first = await say('my name is Ravi Kumar');
    await say('order 55231 please', first.data.sessionId);
    const today = new Date();
    const range = { agentId, startDate: new Date(today.getTime() - 86_400_000).toISOString(), endDate: new Date(today.getTime() + 86_400_000).toISOString() };
    const report = await call(parley, 'POST', 'nlp/conversations', { token, json: { ...range, scopeType: 0, from: 0, perPage: 50 } });
    expect(report.code).toBe(100);
    const rows = report.data.conversations.filter((r: { sessionId: string }) => r.sessionId === first.data.sessionId);
    expect(rows.map((r: { userMessage: string; userData: unknown }) => [r.userMessage, r.userData])).toEqual([
      ['order 55231 please', { name: 'Ravi Kumar', orderNumber: '55231' }],
      ['my name is Ravi Kumar', { name: 'Ravi Kumar', orderNumber: '55231' }],
    ]);
    expect(rows[0].botResponse).toBe("Thank you, I have noted your customer's name Ravi Kumar and order number 55231. (Parley sandbox model)");
  });

  it('streams the reply as server-sent events, the pieces in order, then the whole reply', async () => {
    const res = await parley.app.inject({
      method: 'POST',
      url: '/api/nlp/predictIntent/stream',
      headers: { 'authentication-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify({ agentId, message: { type: 'text', text: 'my name is Meera Shah and my order is ORD-20001' } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventsOf(res.body);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    expect(deltas.length).toBeGreaterThan(3);
    expect(events.at(-1)!.event).toBe('reply');
    const reply = events.at(-1)!.data;
    expect(reply).toMatchObject({ status: true, code: 100 });
    expect(deltas.join('')).toBe(reply.data.output.text);
    expect(reply.data.output).toEqual({
      source: 'prompt',
      text: "Thank you, I have noted your customer's name Meera Shah and order number ORD-20001. (Parley sandbox model)",
      userData: { name: 'Meera Shah', orderNumber: 'ORD-20001' },
    });
  });

  it('answers a refused stream with the plain envelope: unknown agent, no permission, no sign-in', async () => {
    const stream = (tok: string | undefined, agent: string) =>
      call(parley, 'POST', 'nlp/predictIntent/stream', { ...(tok ? { token: tok } : {}), json: { agentId: agent, message: { type: 'text', text: 'hi' } } });
    expect(await stream(token, '00000000-0000-4000-8000-000000000000')).toMatchObject({ status: false, code: 1404 });
    const noNlp = await login(parley, 'agent@parley.dev');
    expect(await stream(noNlp, agentId)).toMatchObject({ status: false, code: 1403, message: 'Access Denied', httpStatus: 200 });
    expect(await say('hi', undefined, { tok: noNlp })).toMatchObject({ status: false, code: 1403 });
    expect(await stream(undefined, agentId)).toMatchObject({ status: false, code: 1401 });
  });

  it('keeps another enterprise away from the agent, its conversations and its LLM configuration', async () => {
    const other = await loginToOtherEnterprise(parley);
    expect(await say('my name is Eve Mallory', undefined, { tok: other })).toMatchObject({ status: false, code: 1404 });
    const today = Date.now();
    const report = await call(parley, 'POST', 'nlp/conversations', {
      token: other,
      json: { agentId, startDate: new Date(today - 86_400_000).toISOString(), endDate: new Date(today + 86_400_000).toISOString(), scopeType: 0 },
    });
    expect(report).toMatchObject({ status: false, code: 1404 });
    // Its own prompt agent naming our configuration's id gets nothing from it: the provider is not called.
    const sent = provider.control.requests.length;
    const theirs = await promptAgent(other, 'Borrowed config', configId);
    const answer = await say('my name is Eve Mallory', undefined, { tok: other, agent: theirs });
    expect(answer.data.output).toMatchObject({ source: 'prompt-unavailable', text: PromptReplies.configurationGone });
    expect(provider.control.requests.length).toBe(sent);
  });

  it('validates the configuration on Train instead of building a model', async () => {
    const trained = await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
    expect(trained).toMatchObject({ status: true, message: 'Agent Trained Successfully', data: { training: { status: 'trained' } } });
    const bare = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'No prompt yet', description: 'x', type: 'prompt' } })).data.id as string;
    expect(await call(parley, 'GET', `nlp/agent/${bare}/train`, { token })).toMatchObject({
      status: false,
      errors: [{ field: 'openaiKey', message: 'Open AI Configuration is Mandatory' }],
    });
    expect((await say('hello', undefined, { agent: bare })).data.output).toMatchObject({ source: 'prompt-unavailable', text: PromptReplies.notConfigured });
  });

  it('refuses a base URL on a private or metadata address with a clear reply, sending nothing', async () => {
    const metadata = await promptAgent(token, 'Metadata', await configure(token, 'Metadata', 'http://169.254.169.254/v1'));
    const local = await promptAgent(token, 'Local', await configure(token, 'Not allowed', forbidden.baseUrl));
    for (const agent of [metadata, local]) {
      const started = Date.now();
      const answer = await say('my name is Asha Rao', undefined, { agent });
      expect(answer.code).toBe(100);
      expect(answer.data.output).toMatchObject({ source: 'prompt-unavailable', text: PromptReplies.addressRefused });
      // Refused at once, not after the client's retries.
      expect(Date.now() - started).toBeLessThan(2000);
    }
    expect(forbidden.control.requests).toEqual([]);
  });

  it("stops asking the model once the agent's tokens for the day are spent, and says so plainly", async () => {
    const spent = await promptAgent(token, 'Spent', configId);
    const eId = ((await parley.database.executeSql('select e_id as "eId" from agents where id = $1', [spent])).rows[0] as { eId: string }).eId;
    await parley.database.executeSql(
      `insert into llm_usage (e_id, agent_id, day, purpose, prompt_tokens, completion_tokens, calls) values ($1, $2, $3, 'prompt', 400000, 100000, 900)`,
      [eId, spent, new Date().toISOString().slice(0, 10)],
    );
    const asked = provider.control.requests.length;
    const answer = await say('my name is Asha Rao', undefined, { agent: spent });
    expect(answer.data.output).toMatchObject({ source: 'prompt-unavailable', text: PromptReplies.overBudget });
    expect(provider.control.requests).toHaveLength(asked);
    // The other agents of the enterprise go on.
    expect((await say('hello')).data.output.source).toBe('prompt');
  });

  // Last: a provider that failed every retry rests for a while (llm-client.ts), and this one must not disturb the rest.
  it('answers with a clear reply when the provider fails, never showing the key', async () => {
    provider.control.failures.push(500, 500, 500);
    const answer = await say('my name is Asha Rao');
    expect(answer.code).toBe(100);
    expect(answer.data.output).toEqual({ source: 'prompt-unavailable', text: PromptReplies.unavailable, userData: { name: null, orderNumber: null } });
    expect(JSON.stringify(answer)).not.toContain(KEY);
  }, 20_000);
});
