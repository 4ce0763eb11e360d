import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';

describe('NLP intents', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Pizza', description: 'Orders', type: 'nlp' } })).data.id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Ordering' } })).data.id as string;
  const sizeId = (await call(parley, 'POST', 'nlp/entity', { token, json: { agentId, name: 'size', values: [{ value: 'large', type: 'synonyms', synonyms: ['large'] }] } })).data.id as string;
  const save = (body: Record<string, unknown>) => call(parley, 'POST', 'nlp/intent', { token, json: { agentId, storyId, ...body } });
  const base = {
    name: '  order   pizza ',
    utterances: ['I want a pizza', { text: 'Order a large pizza', entities: [{ entityId: sizeId, entityStartPos: 8, entityEndPos: 13 }] }],
    responses: ['Your **{size}** pizza is on its way'],
    entities: [{ name: 'size', entityId: sizeId, required: true, prompts: 'Which size?, Small medium or large?' }],
  };

  it('saves an intent with phrases, entity references, a markdown response and a parameter', async () => {
    const saved = await save(base);
    expect(saved).toMatchObject({ code: 100, message: 'Intent Saved Successfully' });
    const got = await call(parley, 'GET', `nlp/agent/${agentId}/story/${storyId}/intent/${saved.data.id}`, { token });
    expect(got.data).toMatchObject({
      name: 'order pizza',
      utterances: [{ text: 'I want a pizza', entities: [] }, { text: 'Order a large pizza', entities: [{ entityId: sizeId, entityStartPos: 8, entityEndPos: 13 }] }],
      responses: ['Your **{size}** pizza is on its way'],
      entities: [{ name: 'size', entityId: sizeId, required: true, prompts: ['Which size?', 'Small medium or large?'] }],
    });
    const edited = await save({ ...base, id: saved.data.id, utterances: [...base.utterances, 'pizza please'] });
    expect(edited.data.id).toBe(saved.data.id);
    const list = await call(parley, 'GET', `nlp/v2/agent/${agentId}/story/${storyId}/intent`, { token, query: { perPage: '200', from: '0' } });
    expect(list.data.intents).toMatchObject([{ name: 'order pizza', phrases: 3 }]);
    expect(list.data.more).toBe(false);
  });

  it('refuses invalid intents with the spec messages', async () => {
    const messages = async (body: Record<string, unknown>) => ((await save({ ...base, name: `other ${Math.random()}`, ...body })).errors ?? []).map((e: { message: string }) => e.message);
    expect(await messages({ name: '   ' })).toContain('Intent name should not be empty');
    expect(await messages({ utterances: ['only one'] })).toContain('Please give atleast two training phrases save the intent');
    expect(await messages({ utterances: ['one', '  ', 'two'] })).toContain('training phrases should not be empty');
    expect(await messages({ utterances: ['Same phrase', 'same   PHRASE'] })).toContain('Duplication of utterance name ');
    expect(await messages({ responses: ['  '] })).toContain('Responce should not be empty');
    expect(await messages({ entities: [{ name: 'size', entityId: sizeId, required: true, prompts: ['ok', ' '] }] })).toContain('prompt cannot be empty');
    expect(await messages({ utterances: ['a b', { text: 'short', entities: [{ entityId: 'x', entityStartPos: 2, entityEndPos: 40 }] }] })).toContain(
      'The entity position is outside the training phrase',
    );
    expect((await save({ ...base, name: 'ORDER PIZZA' })).message).toBe('Duplication of intent name ');
  });

  it('searches by name, deletes with code 100, and blocks deleting the agent while intents exist', async () => {
    await save({ ...base, name: 'track order' });
    const found = await call(parley, 'GET', `nlp/v2/agent/${agentId}/story/${storyId}/intent`, { token, query: { name: 'TRACK' } });
    expect(found.data.intents.map((i: { name: string }) => i.name)).toEqual(['track order']);
    expect((await call(parley, 'DELETE', `nlp/agent/${agentId}`, { token })).code).toBe(101);
    const gone = await call(parley, 'DELETE', `nlp/agent/${agentId}/story/${storyId}/intent/${found.data.intents[0].id}`, { token });
    expect(gone).toMatchObject({ code: 100, message: 'Intent Deleted Successfully' });
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/story/${storyId}/intent/${found.data.intents[0].id}`, { token })).code).toBe(1404);
  });

  it('keeps intents to their agent, story and enterprise', async () => {
    const other = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Other', description: 'd', type: 'nlp' } })).data.id as string;
    expect((await call(parley, 'POST', 'nlp/intent', { token, json: { ...base, agentId: other, storyId, name: 'stray' } })).code).toBe(1404);
    const viewer = await login(parley, 'viewer@parley.dev');
    expect((await call(parley, 'GET', `nlp/v2/agent/${agentId}/story/${storyId}/intent`, { token: viewer })).code).toBe(100);
    expect((await call(parley, 'POST', 'nlp/intent', { token: viewer, json: { ...base, agentId, storyId, name: 'nope' } })).code).toBe(1403);
  });
});
