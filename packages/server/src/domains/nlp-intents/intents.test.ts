import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';

describe('NLP intents', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Pizza', description: 'Orders', type: 'nlp' } })).data.id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Ordering' } })).data.id as string;
  const sizeId = (
    await call(parley, 'POST', 'nlp/entity', { token, json: { agentId, name: 'size', values: [{ value: 'large', type: 'synonyms', synonyms: ['large'] }] } })
  ).data.id as string;
  const save = (body: Record<string, unknown>) => call(parley, 'POST', 'nlp/intent', { token, json: { agentId, storyId, ...body } });
  const base = {
    name: '  order   pizza ',
    utterances: [
      { utterance: 'I want a pizza', entityDefined: false, entityRefs: [] },
      { utterance: 'Order a large pizza', entityDefined: true, entityRefs: [{ entityId: sizeId, entityStartPos: 8, entityEndPos: 13 }] },
    ],
    responses: [{ response: 'Your **{size}** pizza is on its way' }],
    entities: [{ id: sizeId, name: 'size', required: true, value: '$size', prompts: 'Which size?, Small medium or large?' }],
  };

  it('saves an intent with phrases, entity references, a markdown response and a parameter', async () => {
    const saved = await save(base);
    expect(saved).toMatchObject({ code: 100, message: 'Intent Saved Successfully' });
    const got = await call(parley, 'GET', `nlp/agent/${agentId}/story/${storyId}/intent/${saved.data.id}`, { token });
    expect(got.data).toEqual({
      id: saved.data.id,
      agentId,
      storyId,
      name: 'order pizza',
      utterances: [
        { utterance: 'I want a pizza', entityDefined: false, entityRefs: [] },
        { utterance: 'Order a large pizza', entityDefined: true, entityRefs: [{ entityId: sizeId, entityStartPos: 8, entityEndPos: 13 }] },
      ],
      responses: [{ response: 'Your **{size}** pizza is on its way' }],
      entities: [{ id: sizeId, name: 'size', required: true, value: '$size', prompts: ['Which size?', 'Small medium or large?'] }],
      updatedOn: expect.any(String),
    });
    // Plain strings are shorthand for a phrase without references and for a response; entityDefined is derived.
    const edited = await save({ ...base, id: saved.data.id, utterances: [...base.utterances, ' pizza please '], responses: ['On its way'] });
    expect(edited.data.id).toBe(saved.data.id);
    const list = await call(parley, 'GET', `nlp/v2/agent/${agentId}/story/${storyId}/intent`, { token, query: { perPage: '200', from: '0' } });
    expect(list.data.intents).toMatchObject([{ name: 'order pizza', phrases: 3 }]);
    expect(list.data.more).toBe(false);
    const again = await call(parley, 'GET', `nlp/agent/${agentId}/story/${storyId}/intent/${saved.data.id}`, { token });
    expect(again.data.utterances[2]).toEqual({ utterance: 'pizza please', entityDefined: false, entityRefs: [] });
    expect(again.data.responses).toEqual([{ response: 'On its way' }]);
  });

  it('refuses invalid intents with the spec messages', async () => {
    const messages = async (body: Record<string, unknown>) =>
      ((await save({ ...base, name: `other ${Math.random()}`, ...body })).errors ?? []).map((e: { message: string }) => e.message);
    expect(await messages({ name: '   ' })).toContain('Intent name should not be empty');
    expect(await messages({ utterances: ['only one'] })).toContain('Please give atleast two training phrases save the intent');
    expect(await messages({ utterances: ['one', '  ', 'two'] })).toContain('training phrases should not be empty');
    expect(await messages({ utterances: ['Same phrase', 'same   PHRASE'] })).toContain('Duplication of utterance name ');
    expect(await messages({ responses: ['  '] })).toContain('Responce should not be empty');
    expect(await messages({ entities: [{ id: sizeId, name: 'size', required: true, prompts: ['ok', ' '] }] })).toContain('prompt cannot be empty');
    expect(
      await messages({
        utterances: ['a b', { utterance: 'short', entityDefined: true, entityRefs: [{ entityId: 'x', entityStartPos: 2, entityEndPos: 40 }] }],
      }),
    ).toContain('The entity position is outside the training phrase');
    expect((await save({ ...base, name: 'ORDER PIZZA' })).message).toBe('Duplication of intent name ');
  });

  it('names the spec fields in its errors', async () => {
    const errors = async (body: Record<string, unknown>) => (await save({ ...base, name: `other ${Math.random()}`, ...body })).errors;
    expect(await errors({ utterances: ['one', { utterance: '  ', entityRefs: [] }, 'two'] })).toEqual([
      { field: 'utterances.1.utterance', message: 'training phrases should not be empty' },
    ]);
    expect(await errors({ utterances: ['Same phrase', 'same   PHRASE'] })).toEqual([
      { field: 'utterances.1.utterance', message: 'Duplication of utterance name ' },
    ]);
    expect(await errors({ utterances: ['a b', { utterance: 'short', entityRefs: [{ entityId: sizeId, entityStartPos: 2, entityEndPos: 40 }] }] })).toEqual([
      { field: 'utterances.1.entityRefs.0', message: 'The entity position is outside the training phrase' },
    ]);
    expect(await errors({ responses: [{ response: 'fine' }, { response: ' ' }] })).toEqual([
      { field: 'responses.1.response', message: 'Responce should not be empty' },
    ]);
    expect(await errors({ entities: [{ id: sizeId, name: 'size', required: true, value: '', prompts: ['ok', ' '] }] })).toEqual([
      { field: 'entities.0.prompts', message: 'prompt cannot be empty' },
    ]);
    // A required parameter with no prompt at all could never be asked for (an optional one needs none).
    expect(await errors({ entities: [{ id: sizeId, name: 'size', required: true, value: '', prompts: [] }] })).toEqual([
      { field: 'entities.0.prompts', message: 'prompt cannot be empty' },
    ]);
    expect(await errors({ entities: [{ id: sizeId, name: 'size', required: true, value: '', prompts: '' }] })).toEqual([
      { field: 'entities.0.prompts', message: 'prompt cannot be empty' },
    ]);
    expect(await errors({ entities: [{ id: sizeId, name: 'size', required: false, value: '', prompts: [] }] })).toBeUndefined();
    // The old names are not read: a phrase must say `utterance`, a parameter `id`.
    expect((await errors({ utterances: ['one', { text: 'two', entities: [] }] }))?.map((e: { field: string }) => e.field)).toContain('utterances.1.utterance');
    expect((await errors({ entities: [{ name: 'size', entityId: sizeId, required: false, prompts: [] }] }))?.map((e: { field: string }) => e.field)).toEqual([
      'entities.0.id',
    ]);
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
