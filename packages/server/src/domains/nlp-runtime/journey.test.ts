import { describe, expect, it } from 'vitest';
import type { ParleyEvent } from '../../realtime/event-bus.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { waitForTraining } from '../../test/wait-for-training.js';

/** The designer's whole loop: design an agent, train it, talk to it, read the reports and the export. */
describe('agent journey: design, train, converse, report', async () => {
  const parley = await startServer({ jobs: true });
  const token = await login(parley, 'developer@parley.dev');
  const events: ParleyEvent[] = [];
  parley.events.subscribe((e) => events.push(e));
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Pizza Shop', description: 'Orders', type: 'nlp' } })).data.id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Orders' } })).data.id as string;
  const entity = async (body: object) => (await call(parley, 'POST', 'nlp/entity', { token, json: { agentId, ...body } })).data.id as string;
  const sizeId = await entity({
    name: 'size',
    values: [
      { value: 'small', type: 'synonyms', synonyms: ['small', 'tiny', 'personal'] },
      { value: 'large', type: 'synonyms', synonyms: ['large', 'big', 'family size'] },
    ],
  });
  const orderNumberId = await entity({ name: 'order_number', values: [{ value: 'order number', type: 'pattern', pattern: ['ORD-\\d{5}'] }] });
  const intent = (name: string, utterances: unknown[], responses: string[], entities: unknown[] = []) =>
    call(parley, 'POST', 'nlp/intent', {
      token,
      json: {
        agentId,
        storyId,
        name,
        utterances: utterances.map((u) => (typeof u === 'string' ? { utterance: u, entityDefined: false, entityRefs: [] } : u)),
        responses: responses.map((response) => ({ response })),
        entities,
      },
    });
  await intent('greet', ['hello there', 'hi', 'good morning', 'hey, how are you'], ['Hello! Would you like to order a pizza?']);
  await intent(
    'order_pizza',
    [
      'I want to order a pizza',
      'can I get a pizza please',
      { utterance: 'order a large pizza', entityDefined: true, entityRefs: [{ entityId: sizeId, entityStartPos: 8, entityEndPos: 13 }] },
      'I would like to buy a pizza',
      'get me a pizza for dinner',
    ],
    ['Your {size} pizza is on its way!'],
    [{ id: sizeId, name: 'size', required: true, value: '$size', prompts: ['Which size would you like, small or large?'] }],
  );
  await intent(
    'track_order',
    ['where is my order', 'track my order ORD-12345', 'what is the status of my delivery', 'my order has not arrived yet'],
    ['Let me check order $order_number for you.'],
    [{ id: orderNumberId, name: 'order_number', required: false, value: '$order_number', prompts: ['What is your order number?'] }],
  );
  const say = async (text: string, sessionId?: string) =>
    call(parley, 'POST', 'nlp/predictIntent', {
      token,
      json: {
        agentId,
        ...(sessionId ? { sessionId } : {}),
        message: { type: 'text', text, lnCode: 'en' },
        metadata: { senderId: 'visitor-1', timeZone: 'Asia/Kolkata', appId: 'try-it' },
      },
    });

  it('refuses to chat before training, then trains in the background and reports progress over realtime', async () => {
    expect((await say('hello')).message).toBe('The agent is not trained yet. Train the agent, then try it.');
    const started = await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
    expect(started).toMatchObject({ code: 100, message: 'Please wait while we are building the knowledge base!!', data: { training: { status: 'training' } } });
    const done = await waitForTraining(parley, token, agentId);
    expect(done).toMatchObject({ status: 'trained', changedSinceTraining: false, error: null });
    const card = (await call(parley, 'GET', 'nlp/v2/agent', { token, query: { name: 'Pizza' } })).data.agents[0];
    expect(card.training).toMatchObject({ status: 'trained', changedSinceTraining: false });
    const mine = () => events.filter((e) => e.type === 'nlp.training' && e.data.agentId === agentId).map((e) => (e.data.training as { status: string }).status);
    // The events travel through LISTEN/NOTIFY on PostgreSQL: the last may arrive just after the poll saw the state.
    await expect.poll(() => mine().at(-1), { timeout: 5000 }).toBe('trained');
    expect(mine()[0]).toBe('training');
    expect(mine().filter((s) => s !== 'training')).toEqual(['trained']);
  });

  it('answers intents, asks for a missing parameter, fills it next turn and falls back out of scope', async () => {
    const hello = await say('hello there, good morning');
    expect(hello.data).toMatchObject({ intent: 'greet', output: { text: 'Hello! Would you like to order a pizza?', source: 'intent' } });
    const sessionId = hello.data.sessionId as string;

    const order = await say('I want to order a pizza', sessionId);
    expect(order.data).toMatchObject({
      sessionId,
      intent: 'order_pizza',
      output: { text: 'Which size would you like, small or large?', source: 'prompt-parameter' },
    });
    const filled = await say('a big one please', sessionId);
    expect(filled.data).toMatchObject({
      intent: 'order_pizza',
      parameters: { size: 'large' },
      output: { text: 'Your large pizza is on its way!', source: 'intent' },
    });

    const track = await say('where is my order ORD-54321', sessionId);
    expect(track.data.output.text).toBe('Let me check order ORD-54321 for you.');

    const unrelated = await say('what is the capital of mongolia', sessionId);
    expect(unrelated.data).toMatchObject({
      intent: null,
      outOfScope: true,
      output: { source: 'out-of-scope', text: "Sorry, I didn't get that. Could you say it another way?" },
    });
    expect((await say('   ', sessionId)).errors).toEqual([{ field: 'message.text', message: 'Message should not be empty' }]);
  });

  it('gives up asking after the configured retries', async () => {
    const first = await say('can I get a pizza please');
    const sessionId = first.data.sessionId as string;
    expect(first.data.output.source).toBe('prompt-parameter');
    expect((await say('hmm not sure', sessionId)).data.output.source).toBe('prompt-parameter');
    const gaveUp = await say('whatever', sessionId);
    expect(gaveUp.data.output).toEqual({ source: 'gave-up', text: "Sorry, I didn't get that. Could you say it another way?" });
    expect(gaveUp.data.outOfScope).toBe(true);
  });

  it('counts the conversation in the reports and exports it as CSV', async () => {
    const range = {
      agentId,
      startDate: new Date(Date.now() - 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 60_000).toISOString(),
      timeZoneOffset: -330,
    };
    const report = await call(parley, 'POST', 'nlp/conversationsReport', { token, json: range });
    // The turn that gave up asking was answered with the out-of-scope message: not scoped, no intent identified.
    expect(report.data).toMatchObject({ totalConversations: 2, totalMessages: 8, totalNonScopedMessages: 2, totalScopedMessages: 6 });
    expect(report.data.averageMessages).toBe(4);
    expect(report.data.maximumConversations.maximumConversationsValue).toBe(2);

    const graph = await call(parley, 'POST', 'nlp/graphReport', { token, json: range });
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect(graph.data.activeUsers).toEqual([{ date: today, value: 1 }]);
    expect(graph.data.scopeTrend).toEqual([{ date: today, scoped: 6, nonScoped: 2 }]);
    const rows: { userMessage: string; intentIdentified: boolean; scoped: boolean }[] = (
      await call(parley, 'POST', 'nlp/conversations', { token, json: { ...range, from: 0, perPage: 50 } })
    ).data.conversations;
    expect(rows.find((r) => r.userMessage === 'whatever')).toMatchObject({ intentIdentified: false, scoped: false });

    const top = await call(parley, 'POST', 'nlp/topIntent', { token, json: range });
    expect(top.data[0]).toEqual({ intentName: 'order_pizza', count: 4 });

    const nonScoped = await call(parley, 'POST', 'nlp/conversations', { token, json: { ...range, scopeType: 2 }, query: { from: '0', perPage: '50' } });
    expect(nonScoped.data.conversations.map((r: { userMessage: string }) => r.userMessage).sort()).toEqual(['what is the capital of mongolia', 'whatever']);
    expect(nonScoped.data.conversations[0]).toMatchObject({ intentIdentified: false, scoped: false });
    const firstPage = await call(parley, 'POST', 'nlp/conversations', { token, json: { ...range, scopeType: 0 }, query: { from: '0', perPage: '5' } });
    expect(firstPage.data.conversations).toHaveLength(5);
    expect(firstPage.more).toBe(true);
    const greeting = (
      await call(parley, 'POST', 'nlp/conversations', { token, json: { ...range, scopeType: 1 }, query: { from: '5', perPage: '50' } })
    ).data.conversations.at(-1);
    expect(greeting).toMatchObject({ userMessage: 'hello there, good morning', intent: 'greet', intentIdentified: true, utterance: 'hello there' });

    const res = await parley.app.inject({
      method: 'GET',
      url: '/api/nlp/download/conversations/csv',
      headers: { 'authentication-token': token },
      query: { ...range, scope: '0', timeZoneOffset: '-330' },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="conversation_report_\d{2}-\d{2}-\d{4} \d{2}:\d{2}\.csv"/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Message,Date,Intent Identified,Intent,Confidence,Training Phrase,Response,Emotion,Scope,Other Intents');
    expect(lines).toHaveLength(9);
    expect(lines.some((l) => l.startsWith('what is the capital of mongolia,') && l.includes(',No,,'))).toBe(true);
  });

  it('neutralises spreadsheet formulas in the export', async () => {
    const formula = await say('=HYPERLINK("http://evil.example","click")');
    expect(formula.status).toBe(true);
    const res = await parley.app.inject({
      method: 'GET',
      url: '/api/nlp/download/conversations/csv',
      headers: { 'authentication-token': token },
      // Every scope: whether a small agent calls this message in scope or not is the engine's call, not the export's.
      query: { agentId, startDate: String(Date.now() - 60_000), endDate: String(Date.now() + 60_000), scope: '0' },
    });
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('reports a training that cannot succeed as failed, with the reason, and refuses an agent without intents', async () => {
    const other = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Generative', description: 'd', type: 'nlp' } })).data.id as string;
    expect((await call(parley, 'GET', `nlp/agent/${other}/train`, { token })).errors).toEqual([
      { field: 'id', message: 'Create at least one intent with training phrases before training the agent' },
    ]);
    const story = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId: other, name: 'Main' } })).data.id as string;
    await call(parley, 'POST', 'nlp/intent', {
      token,
      json: { agentId: other, storyId: story, name: 'hello', utterances: [{ utterance: 'hi' }, { utterance: 'hello' }], responses: [{ response: 'Hi' }] },
    });
    await call(parley, 'POST', `nlp/agent/${other}/config`, {
      token,
      form: { entityExtractRetries: '2', modelType: 'OpenAi', confidenceThreshold: '0.5', language: 'en' },
    });
    await call(parley, 'GET', `nlp/agent/${other}/train`, { token });
    expect(await waitForTraining(parley, token, other)).toMatchObject({
      status: 'failed',
      error:
        'The OpenAi model type needs an LLM configuration: choose one on the Gen AI screen or as the Open AI Configuration, or set OPENAI_BASE_URL on the server.',
      trainedAt: null,
    });
  });

  it('auto-generates distinct paraphrases, never the phrase itself, with the spec messages for bad input', async () => {
    const res = await call(parley, 'POST', 'nlp/paraphrase', {
      token,
      json: { text: ['I want to order a pizza', 'track my order'], num_return_sequences: 10 },
    });
    for (const { text, paraphrases } of res.data.byPhrase as { text: string; paraphrases: string[] }[]) {
      expect(paraphrases).toHaveLength(10);
      expect(new Set(paraphrases).size).toBe(10);
      expect(paraphrases.map((p) => p.toLowerCase())).not.toContain(text.toLowerCase());
    }
    expect((await call(parley, 'POST', 'nlp/paraphrase', { token, form: { text: '  ', num_return_sequences: '10' } })).errors).toEqual([
      { field: 'text', message: 'Select at least one training phrase' },
    ]);
    expect((await call(parley, 'POST', 'nlp/paraphrase', { token, form: { text: 'hello', num_return_sequences: '7' } })).errors).toEqual([
      { field: 'num_return_sequences', message: 'The number of paraphrases must be 10 or 5' },
    ]);
  });

  it('keeps every enterprise to its own agents and needs the NLP permission', async () => {
    const outsider = await loginToOtherEnterprise(parley);
    expect((await call(parley, 'POST', 'nlp/predictIntent', { token: outsider, json: { agentId, message: { text: 'hello' } } })).code).toBe(1404);
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token: outsider })).code).toBe(1404);
    const range = { agentId, startDate: new Date(Date.now() - 30 * 86_400_000).toISOString(), endDate: new Date().toISOString() };
    expect((await call(parley, 'POST', 'nlp/conversationsReport', { token: outsider, json: range })).code).toBe(1404);
    const csv = await parley.app.inject({
      method: 'GET',
      url: '/api/nlp/download/conversations/csv',
      headers: { 'authentication-token': outsider },
      query: range,
    });
    expect(csv.statusCode).toBe(404);
    const viewer = await login(parley, 'viewer@parley.dev');
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token: viewer })).code).toBe(1403);
    expect((await call(parley, 'POST', 'nlp/conversationsReport', { token: viewer, json: range })).code).toBe(100);
  });
});
