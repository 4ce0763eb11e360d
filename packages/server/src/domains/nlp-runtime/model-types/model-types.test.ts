import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../../test/harness.js';
import { loginToOtherEnterprise } from '../../../test/other-enterprise.js';
import { waitForTraining } from '../../../test/wait-for-training.js';
import { sandboxProvider, type SandboxProviderControl } from '../../llm/sandbox-provider.js';

/** An OpenAI-compatible loopback provider (the sandbox model) that records every request it answers. */
async function loopbackProvider() {
  const control: SandboxProviderControl = { requests: [], failures: [] };
  const handle = sandboxProvider(control);
  const server = createServer((req, res) => void handle(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  afterAll(() => new Promise((r) => server.close(r)));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { control, origin, baseUrl: `${origin}/v1` };
}

type Parley = Awaited<ReturnType<typeof startServer>>;

/** A small pizza agent: a greeting, an order with a size, and tracking with an order number. */
async function pizzaAgent(parley: Parley, token: string, name: string) {
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name, description: 'Orders', type: 'nlp' } })).data.id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Orders' } })).data.id as string;
  const sizeId = (
    await call(parley, 'POST', 'nlp/entity', {
      token,
      json: {
        agentId,
        name: 'size',
        values: [
          { value: 'small', type: 'synonyms', synonyms: ['small', 'tiny'] },
          { value: 'large', type: 'synonyms', synonyms: ['large', 'big'] },
        ],
      },
    })
  ).data.id as string;
  const intent = (intentName: string, utterances: string[], response: string, entities: unknown[] = []) =>
    call(parley, 'POST', 'nlp/intent', {
      token,
      json: {
        agentId,
        storyId,
        name: intentName,
        utterances: utterances.map((utterance) => ({ utterance, entityDefined: false, entityRefs: [] })),
        responses: [{ response }],
        entities,
      },
    });
  await intent('greet', ['hello there', 'hi', 'good morning', 'hey, how are you'], 'Hello! Would you like to order a pizza?');
  await intent(
    'order_pizza',
    ['I want to order a pizza', 'can I get a pizza please', 'order a large pizza', 'I would like to buy a pizza'],
    'Your {size} pizza is on its way!',
    [{ id: sizeId, name: 'size', required: true, value: '$size', prompts: ['Which size would you like, small or large?'] }],
  );
  await intent(
    'opening_hours',
    ['when are you open', 'what are your opening hours', 'are you open on sunday', 'what time do you close'],
    'We are open from 11 to 23 every day.',
  );
  return agentId;
}

async function configure(parley: Parley, token: string, agentId: string, modelType: string, extra: Record<string, string> = {}) {
  const res = await call(parley, 'POST', `nlp/agent/${agentId}/config`, {
    token,
    form: { entityExtractRetries: '2', modelType, confidenceThreshold: '0.5', language: 'en', ...extra },
  });
  expect(res.code).toBe('100');
}

async function train(parley: Parley, token: string, agentId: string) {
  await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
  return waitForTraining(parley, token, agentId);
}

describe('model types through the agent’s LLM configuration (OpenAI wire format, loopback provider)', async () => {
  const provider = await loopbackProvider();
  const parley = await startServer({ jobs: true, outboundPrivateOrigins: [provider.origin] });
  const token = await login(parley, 'developer@parley.dev');
  const llmConfig = async (name: string, apikey: string, model: string, embeddingModel = '') =>
    (
      await call(parley, 'POST', 'nlp/genai/config', {
        token,
        form: { name, authType: '5', llm: '1', apikey, baseUrl: provider.baseUrl, model, embeddingModel },
      })
    ).data.id as string;
  const genAi = await llmConfig('Loopback', 'sk-genai-key', 'genai-chat', 'genai-embed');
  const openAiChoice = await llmConfig('Loopback classifier', 'sk-classifier-key', 'classifier-chat');
  const agentId = await pizzaAgent(parley, token, 'Model types');
  await call(parley, 'POST', `nlp/agent/${agentId}/genai/config`, { token, form: { genAiConfigId: genAi } });
  const say = async (text: string, sessionId?: string) =>
    (await call(parley, 'POST', 'nlp/predictIntent', { token, json: { agentId, ...(sessionId ? { sessionId } : {}), message: { type: 'text', text } } })).data;
  const seen = (from: number) => provider.control.requests.slice(from);

  it('Semantic: embeds every training phrase with the configuration’s embeddings model, then each message, and matches by similarity', async () => {
    await configure(parley, token, agentId, 'Semantic');
    const before = provider.control.requests.length;
    expect(await train(parley, token, agentId)).toMatchObject({ status: 'trained', error: null });
    const training = seen(before);
    expect(training).toHaveLength(1);
    expect(training[0]).toMatchObject({ path: '/v1/embeddings', authorization: 'Bearer sk-genai-key', body: { model: 'genai-embed' } });
    expect(training[0]!.body.input).toHaveLength(12);

    const asked = provider.control.requests.length;
    const reply = await say('what are your opening hours');
    expect(reply).toMatchObject({
      intent: 'opening_hours',
      outOfScope: false,
      model: { type: 'Semantic' },
      output: { text: 'We are open from 11 to 23 every day.', source: 'intent' },
    });
    expect(reply.model.fallback).toBeUndefined();
    expect(reply.confidence).toBeCloseTo(1, 5);
    expect(seen(asked)).toEqual([
      expect.objectContaining({ path: '/v1/embeddings', body: expect.objectContaining({ model: 'genai-embed', input: ['what are your opening hours'] }) }),
    ]);
    // Entities still come from the agent's synonyms: the order's size is filled as with SVM.
    const order = await say('order a big pizza');
    expect(order).toMatchObject({ intent: 'order_pizza', parameters: { size: 'large' }, output: { text: 'Your large pizza is on its way!' } });
    // Below the agent's threshold (cosine similarity 0-1) is out of scope.
    expect(await say('quantum chromodynamics lecture')).toMatchObject({ intent: null, outOfScope: true, output: { source: 'out-of-scope' } });
  });

  it('OpenAi: the LLM of the Open AI Configuration classifies and reads parameters, shown the intents and their phrases', async () => {
    await configure(parley, token, agentId, 'OpenAi', { openaiKey: openAiChoice });
    const before = provider.control.requests.length;
    expect(await train(parley, token, agentId)).toMatchObject({ status: 'trained', error: null });
    // Nothing to embed: the classifier is asked at each turn.
    expect(seen(before)).toEqual([]);
    const reply = await say('are you open on sunday');
    expect(reply).toMatchObject({ intent: 'opening_hours', model: { type: 'OpenAi' }, output: { text: 'We are open from 11 to 23 every day.' } });
    expect(reply.model.fallback).toBeUndefined();
    const [sent, ...rest] = seen(before);
    expect(rest).toEqual([]);
    // The configuration chosen as the Open AI Configuration is the one called, not the Gen AI screen's.
    expect(sent).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-classifier-key',
      body: { model: 'classifier-chat', response_format: { type: 'json_schema' } },
    });
    const [system, user] = sent!.body.messages as { role: string; content: string }[];
    expect(system!.content).toContain(
      '- opening_hours: "when are you open" | "what are your opening hours" | "are you open on sunday" | "what time do you close"',
    );
    expect(system!.content).toContain('parameters: size (size)');
    expect(user).toEqual({ role: 'user', content: 'are you open on sunday' });
    const schema = (sent!.body.response_format as { json_schema: { schema: { properties: { intent: { enum: string[] } } } } }).json_schema.schema;
    expect(schema.properties.intent.enum).toEqual(['greet', 'order_pizza', 'opening_hours', 'none']);
  });

  it('GPT2: the SVM chooses the intent and the LLM rewrites its response in the conversation’s context, keeping its facts', async () => {
    await configure(parley, token, agentId, 'GPT2');
    expect(await train(parley, token, agentId)).toMatchObject({ status: 'trained', error: null });
    const first = await say('hello there');
    expect(first).toMatchObject({
      intent: 'greet',
      model: { type: 'GPT2' },
      output: { source: 'intent', text: 'Hello! (answered by the Parley sandbox model)' },
    });
    const before = provider.control.requests.length;
    const order = await say('I want to order a large pizza', first.sessionId);
    expect(order).toMatchObject({
      intent: 'order_pizza',
      parameters: { size: 'large' },
      output: { text: 'Your large pizza is on its way! (answered by the Parley sandbox model)' },
    });
    const [sent] = seen(before);
    expect(sent).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-genai-key', body: { model: 'genai-chat' } });
    // The earlier turn is the context; the response to rewrite is quoted data under the instructions.
    expect(sent!.body.messages).toEqual([
      { role: 'system', content: expect.stringContaining('[1] Response: Your large pizza is on its way!') },
      { role: 'user', content: 'hello there' },
      { role: 'assistant', content: 'Hello! (answered by the Parley sandbox model)' },
      { role: 'user', content: 'I want to order a large pizza' },
    ]);
    // A rewrite that loses a fact (the sandbox answers from a sentence sharing no words here) is not sent.
    const hours = await say('when do you close');
    expect(hours.output.text).toBe('We are open from 11 to 23 every day.');
    expect(hours.model.fallback).toMatch(/left out "11"/);
    // Reports keep working: the rewritten reply is what the conversation log shows.
    const range = { agentId, startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 60_000).toISOString() };
    const rows = (await call(parley, 'POST', 'nlp/conversations', { token, json: { ...range, scopeType: 0 }, query: { from: '0', perPage: '50' } })).data
      .conversations as { userMessage: string; intent: string; botResponse?: string }[];
    expect(rows.find((r) => r.userMessage === 'I want to order a large pizza')).toMatchObject({ intent: 'order_pizza' });
  });

  it('refuses to train a model type without an LLM configuration, or Semantic without an embeddings model, with the reason', async () => {
    const bare = await pizzaAgent(parley, token, 'No configuration');
    await configure(parley, token, bare, 'Semantic');
    expect(await train(parley, token, bare)).toMatchObject({
      status: 'failed',
      error: 'The Semantic model type needs an LLM configuration: choose one on the Gen AI screen, or set OPENAI_BASE_URL on the server.',
    });
    await configure(parley, token, bare, 'OpenAi');
    expect((await train(parley, token, bare)).error).toBe(
      'The OpenAi model type needs an LLM configuration: choose one on the Gen AI screen or as the Open AI Configuration, or set OPENAI_BASE_URL on the server.',
    );
    await call(parley, 'POST', `nlp/agent/${bare}/genai/config`, { token, form: { genAiConfigId: openAiChoice } });
    await configure(parley, token, bare, 'Semantic');
    expect(await train(parley, token, bare)).toMatchObject({
      status: 'failed',
      error: 'The Semantic model type needs an LLM configuration with an embeddings model.',
    });
  });

  it('keeps each enterprise to its own configurations and agents', async () => {
    const outsider = await loginToOtherEnterprise(parley);
    expect((await call(parley, 'POST', 'nlp/predictIntent', { token: outsider, json: { agentId, message: { text: 'hello' } } })).code).toBe(1404);
    const theirs = await pizzaAgent(parley, outsider, 'Borrowing');
    // Whether or not the Gen AI screen refuses another enterprise's configuration id, Train never uses it.
    await call(parley, 'POST', `nlp/agent/${theirs}/genai/config`, { token: outsider, form: { genAiConfigId: genAi } });
    await configure(parley, outsider, theirs, 'Semantic');
    const before = provider.control.requests.length;
    expect(await train(parley, outsider, theirs)).toMatchObject({ status: 'failed', error: expect.stringContaining('needs an LLM configuration') });
    expect(seen(before)).toEqual([]);
  });

  it('OpenAi falls back to the SVM trained alongside when the provider keeps failing, and says so in the reply', async () => {
    await configure(parley, token, agentId, 'OpenAi', { openaiKey: openAiChoice });
    expect(await train(parley, token, agentId)).toMatchObject({ status: 'trained' });
    provider.control.failures.push(500, 500, 500);
    const reply = await say('what are your opening hours');
    expect(reply).toMatchObject({
      intent: 'opening_hours',
      output: { text: 'We are open from 11 to 23 every day.' },
      model: { type: 'OpenAi', fallback: expect.stringContaining('500') },
    });
    expect(provider.control.failures).toEqual([]);
  }, 30_000);
});

describe('model types through the server’s OPENAI_BASE_URL when the agent chose no configuration', async () => {
  const provider = await loopbackProvider();
  const parley = await startServer({
    jobs: true,
    outboundPrivateOrigins: [provider.origin],
    defaultLlm: { baseUrl: provider.baseUrl, apiKey: 'sk-server-key', model: 'server-chat', embeddingModel: 'server-embed' },
  });
  const token = await login(parley, 'developer@parley.dev');
  const agentId = await pizzaAgent(parley, token, 'Server default');

  it('trains and answers Semantic and OpenAi with the server’s endpoint, model and key', async () => {
    await configure(parley, token, agentId, 'Semantic');
    expect(await train(parley, token, agentId)).toMatchObject({ status: 'trained' });
    const say = async (text: string) => (await call(parley, 'POST', 'nlp/predictIntent', { token, json: { agentId, message: { text } } })).data;
    expect(await say('good morning')).toMatchObject({ intent: 'greet', model: { type: 'Semantic' } });
    await configure(parley, token, agentId, 'OpenAi');
    expect(await train(parley, token, agentId)).toMatchObject({ status: 'trained' });
    expect(await say('can I get a pizza please')).toMatchObject({ intent: 'order_pizza', model: { type: 'OpenAi' }, output: { source: 'prompt-parameter' } });
    expect(provider.control.requests.map((r) => [r.path, r.body.model, r.authorization])).toEqual([
      ['/v1/embeddings', 'server-embed', 'Bearer sk-server-key'],
      ['/v1/embeddings', 'server-embed', 'Bearer sk-server-key'],
      ['/v1/chat/completions', 'server-chat', 'Bearer sk-server-key'],
    ]);
  });
});
