import { describe, expect, it } from 'vitest';
import { call, login, startServer, type EnvelopeReply } from '../test/harness.js';

/** docs/api.md promises form-urlencoded or JSON bodies for every call: lists and nested values included. */
describe('form bodies carry lists and nested values', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Forms', description: 'd', type: 'nlp' } })).data.id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Main' } })).data.id as string;

  /** A form as a browser sends it: the same key may repeat. */
  const postForm = async (path: string, pairs: [string, string][]): Promise<EnvelopeReply> => {
    const res = await parley.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'authentication-token': token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(pairs).toString(),
    });
    return { httpStatus: res.statusCode, ...res.json() };
  };
  let n = 0;
  const saveIntent = async (pairs: [string, string][]) => {
    const saved = await postForm('nlp/intent', [['agentId', agentId], ['storyId', storyId], ['name', `intent ${++n}`], ...pairs]);
    expect(saved).toMatchObject({ code: 100 });
    return (await call(parley, 'GET', `nlp/agent/${agentId}/story/${storyId}/intent/${saved.data.id}`, { token })).data;
  };

  it('saves an intent with a single response and phrases given as repeated keys', async () => {
    const intent = await saveIntent([
      ['utterances', 'hello there'],
      ['utterances', 'good morning'],
      ['responses', 'hey'],
    ]);
    expect(intent.responses).toEqual([{ response: 'hey' }]);
    expect(intent.utterances.map((u: { utterance: string }) => u.utterance)).toEqual(['hello there', 'good morning']);
  });

  it('reads repeated keys, and key[] names, as lists', async () => {
    const repeated = await saveIntent([
      ['utterances', 'one phrase'],
      ['utterances', 'another phrase'],
      ['responses', 'a'],
      ['responses', 'b'],
    ]);
    expect(repeated.responses).toEqual([{ response: 'a' }, { response: 'b' }]);
    const bracketed = await saveIntent([
      ['utterances[]', 'third phrase'],
      ['utterances[]', 'fourth phrase'],
      ['responses[]', 'only'],
    ]);
    expect(bracketed.utterances.map((u: { utterance: string }) => u.utterance)).toEqual(['third phrase', 'fourth phrase']);
    expect(bracketed.responses).toEqual([{ response: 'only' }]);
  });

  it('reads JSON text for nested values: a whole list, a list item, one object', async () => {
    const parameter = { id: 'number', name: 'count', required: true, value: '$count', prompts: ['How many?', 'One, two or more?'] };
    const intent = await saveIntent([
      [
        'utterances',
        JSON.stringify({ utterance: 'Order 2 pizzas', entityDefined: true, entityRefs: [{ entityId: 'number', entityStartPos: 6, entityEndPos: 7 }] }),
      ],
      ['utterances', 'I want a pizza'],
      ['responses', JSON.stringify([{ response: '{count} pizzas are coming' }, { response: 'On their way' }])],
      ['entities', JSON.stringify(parameter)],
    ]);
    expect(intent.utterances).toEqual([
      { utterance: 'Order 2 pizzas', entityDefined: true, entityRefs: [{ entityId: 'number', entityStartPos: 6, entityEndPos: 7 }] },
      { utterance: 'I want a pizza', entityDefined: false, entityRefs: [] },
    ]);
    expect(intent.responses).toEqual([{ response: '{count} pizzas are coming' }, { response: 'On their way' }]);
    expect(intent.entities).toEqual([parameter]);
  });

  it('leaves JSON bodies as they are typed', async () => {
    const res = await call(parley, 'POST', 'nlp/intent', {
      token,
      json: { agentId, storyId, name: 'typed', utterances: ['hello there', 'good morning'], responses: 'hey' },
    });
    expect(res.code).toBe(1400);
    expect(res.errors?.map((e) => e.field)).toEqual(['responses']);
  });
});
