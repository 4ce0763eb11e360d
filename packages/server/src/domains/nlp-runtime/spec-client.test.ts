import { describe, expect, it } from 'vitest';
import { intents } from '../../db/schema.js';
import { call, DEMO_PASSWORD, startServer } from '../../test/harness.js';
import { waitForTraining } from '../../test/wait-for-training.js';

/**
 * Issue 15 items 1 and 2, "done when": a client written from agent-designer.md alone (sections 3 and 7), sending
 * only the spec's bodies, as a form or as JSON, and reading only the spec's fields.
 */
describe('a client written from agent-designer.md alone', async () => {
  const parley = await startServer({ jobs: true });
  const signIn = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', {
    form: { email: 'developer@parley.dev', password: DEMO_PASSWORD, captcha: 'any', captchaId: 'any' },
  });
  const token = signIn.data.token as string;

  let agentId = '';
  let storyId = '';
  let sizeId = '';
  let intentId = '';
  let sessionId = '';

  const say = async (text: string, asForm = false) => {
    const body = {
      message: { type: 'text', suggestionId: '', text, lnCode: 'en' },
      sessionId,
      agentId,
      metadata: { senderId: 'spec-visitor', timeZone: 'Asia/Kolkata', appId: 'try-it' },
    };
    const reply = asForm
      ? await call(parley, 'POST', 'nlp/predictIntent', {
          token,
          form: { message: JSON.stringify(body.message), sessionId, agentId, metadata: JSON.stringify(body.metadata) },
        })
      : await call(parley, 'POST', 'nlp/predictIntent', { token, json: body });
    expect(reply).toMatchObject({ status: true, code: 100 });
    sessionId = reply.data.sessionId as string;
    return reply.data.output as { text: string; source: string };
  };

  it('signs in, creates an NLP agent, a story and its configuration', async () => {
    expect(signIn).toMatchObject({ status: true, code: 100 });
    const agent = await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Spec Pizza', description: 'Written from the spec', type: 'nlp' } });
    expect(agent).toMatchObject({ status: true, code: 100, message: 'Agent Created  Successfully' });
    agentId = agent.data.id as string;
    const root = await call(parley, 'GET', `nlp/agent/${agentId}/story`, { token });
    const story = await call(parley, 'POST', 'nlp/story', { token, form: { name: 'Orders', agentId, parentId: root.data.id } });
    expect(story).toMatchObject({ status: true, code: 100 });
    storyId = story.data.id as string;
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/story`, { token })).data.childStories).toMatchObject([{ id: storyId, name: 'Orders' }]);
    const config = await call(parley, 'POST', `nlp/agent/${agentId}/config`, {
      token,
      json: {
        entityExtractRetries: 2,
        outOfScopeMessage: 'I only take pizza orders.',
        modelType: 'SVM',
        confidenceThreshold: 0.5,
        language: 'en',
        openaiKey: '',
      },
    });
    expect(config.code).toBe('100');
    const read = await call(parley, 'GET', `nlp/agent/${agentId}`, { token });
    expect(read.data).toMatchObject({
      id: agentId,
      name: 'Spec Pizza',
      description: 'Written from the spec',
      type: 'nlp',
      eId: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(read.data.config).toMatchObject({
      entityExtractRetries: 2,
      outOfScopeMessage: 'I only take pizza orders.',
      modelType: 'SVM',
      confidenceThreshold: 0.5,
      language: 'en',
      openaiKey: '',
    });
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/story`, { token })).data).toMatchObject({
      agentId,
      parentId: null,
      childStories: [{ id: storyId, agentId, parentId: root.data.id }],
    });
  });

  it('creates a synonym entity and a pattern entity and reads them back in the spec shape', async () => {
    const size = await call(parley, 'POST', 'nlp/entity', {
      token,
      form: {
        agentId,
        name: 'size',
        values: JSON.stringify([
          { value: 'small', type: 'synonyms', synonyms: ['small', 'tiny', 'personal'] },
          { value: 'large', type: 'synonyms', synonyms: ['large', 'big', 'family size'] },
        ]),
      },
    });
    expect(size).toMatchObject({ status: true, code: 100 });
    sizeId = size.data.id as string;
    const order = await call(parley, 'POST', 'nlp/entity', {
      token,
      json: { agentId, name: 'order_number', values: [{ value: 'order number', type: 'pattern', pattern: ['ORD-\\d{5}'] }] },
    });
    expect(order.code).toBe(100);

    const sizeRead = await call(parley, 'GET', `nlp/agent/${agentId}/entity/${sizeId}`, { token });
    expect(sizeRead.data).toMatchObject({
      id: sizeId,
      agentId,
      name: 'size',
      updatedOn: expect.any(String),
      values: [
        { value: 'small', type: 'synonyms', synonyms: ['small', 'tiny', 'personal'] },
        { value: 'large', type: 'synonyms', synonyms: ['large', 'big', 'family size'] },
      ],
    });
    const orderRead = await call(parley, 'GET', `nlp/agent/${agentId}/entity/${order.data.id}`, { token });
    expect(orderRead.data.values).toEqual([{ value: 'order number', type: 'pattern', pattern: ['ORD-\\d{5}'] }]);
    const picker = await call(parley, 'GET', `nlp/agent/${agentId}/entity`, { token, query: { from: '0', perPage: '100', type: '0' } });
    expect(picker.data.entities.map((e: { name: string }) => e.name)).toEqual(['order_number', 'size']);
  });

  it('saves an intent with referenced phrases, a markdown response and a required parameter, and reads it back exactly', async () => {
    const utterances = [
      { utterance: 'I want a large pizza', entityDefined: true, entityRefs: [{ entityId: sizeId, entityStartPos: 9, entityEndPos: 14 }] },
      { utterance: 'order a small pizza please', entityDefined: true, entityRefs: [{ entityId: sizeId, entityStartPos: 8, entityEndPos: 13 }] },
    ];
    const responses = [{ response: '**Sure**, your $size pizza is on its way.' }];
    const entities = [{ id: sizeId, name: 'size', required: true, value: '$size', prompts: ['Which size?'] }];
    const saved = await call(parley, 'POST', 'nlp/intent', {
      token,
      form: {
        agentId,
        storyId,
        name: 'order_pizza',
        utterances: JSON.stringify(utterances),
        responses: JSON.stringify(responses),
        entities: JSON.stringify(entities),
      },
    });
    expect(saved).toMatchObject({ status: true, code: 100, message: 'Intent Saved Successfully' });
    intentId = saved.data.id as string;
    const greet = await call(parley, 'POST', 'nlp/intent', {
      token,
      json: {
        agentId,
        storyId,
        name: 'greet',
        utterances: [
          { utterance: 'hello there', entityDefined: false, entityRefs: [] },
          { utterance: 'good morning', entityDefined: false, entityRefs: [] },
        ],
        responses: [{ response: 'Hello! What can I get you?' }],
        entities: [],
      },
    });
    expect(greet.code).toBe(100);

    const read = await call(parley, 'GET', `nlp/agent/${agentId}/story/${storyId}/intent/${intentId}`, { token });
    const { updatedOn: _updatedOn, ...intent } = read.data as Record<string, unknown>;
    expect(intent).toEqual({ id: intentId, name: 'order_pizza', storyId, agentId, utterances, responses, entities });
    const listed = await call(parley, 'GET', `nlp/v2/agent/${agentId}/story/${storyId}/intent`, { token, query: { perPage: '200', from: '0' } });
    expect(listed.data.intents.map((i: { name: string }) => i.name)).toEqual(['order_pizza', 'greet']);
  });

  it('trains, asks for the missing parameter, fills it on the next turn and falls back out of scope', async () => {
    const started = await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
    expect(started).toMatchObject({ code: 100, message: 'Please wait while we are building the knowledge base!!' });
    expect(await waitForTraining(parley, token, agentId)).toMatchObject({ status: 'trained', error: null });

    expect(await say('I want to order a pizza')).toEqual({ text: 'Which size?', source: 'prompt-parameter' });
    expect(await say('a big one', true)).toEqual({ text: '**Sure**, your large pizza is on its way.', source: 'intent' });
    expect(await say('what is the capital of mongolia')).toEqual({ text: 'I only take pizza orders.', source: 'out-of-scope' });
    // The parameter is named in the message: answered at once.
    expect(await say('I want a small pizza')).toEqual({ text: '**Sure**, your small pizza is on its way.', source: 'intent' });
  });

  it('reads an intent stored before the spec field names in the spec shape', async () => {
    const eId = (await call(parley, 'GET', `nlp/agent/${agentId}`, { token })).data.eId as string;
    // The rows keep the engine's names ({ text, entities }, plain responses, entityId): the API maps them.
    const [row] = await parley.database.db
      .insert(intents)
      .values({
        eId,
        agentId,
        storyId,
        name: 'legacy',
        utterances: [
          { text: 'old large one', entities: [{ entityId: sizeId, entityStartPos: 4, entityEndPos: 9 }] },
          { text: 'old phrase', entities: [] },
        ],
        responses: ['Old _answer_'],
        parameters: [
          { name: 'size', entityId: sizeId, required: false, prompts: ['Size?'] },
          { name: 'count', entityId: 'number', required: true, prompts: ['How many?'], value: '2' },
        ],
      })
      .returning({ id: intents.id });
    const read = await call(parley, 'GET', `nlp/agent/${agentId}/story/${storyId}/intent/${row!.id}`, { token });
    expect(read.data).toMatchObject({
      utterances: [
        { utterance: 'old large one', entityDefined: true, entityRefs: [{ entityId: sizeId, entityStartPos: 4, entityEndPos: 9 }] },
        { utterance: 'old phrase', entityDefined: false, entityRefs: [] },
      ],
      responses: [{ response: 'Old _answer_' }],
      entities: [
        { id: sizeId, name: 'size', required: false, value: '', prompts: ['Size?'] },
        { id: 'number', name: 'count', required: true, value: '2', prompts: ['How many?'] },
      ],
    });
  });
});
