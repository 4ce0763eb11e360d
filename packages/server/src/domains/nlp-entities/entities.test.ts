import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';

describe('NLP entities', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Travel', description: 'd', type: 'nlp' } })).data.id as string;
  const save = (body: Record<string, unknown>) => call(parley, 'POST', 'nlp/entity', { token, json: { agentId, ...body } });
  const city = {
    name: 'city',
    values: [
      { value: 'New York', type: 'synonyms', synonyms: 'NYC, big apple, , NYC' },
      { value: 'Paris', type: 'synonyms', synonyms: ['paname'] },
    ],
  };

  it('saves synonyms (comma text or list, blanks and repeats dropped) and patterns, and reads them back', async () => {
    const saved = await save(city);
    expect(saved).toMatchObject({ code: 100, message: 'Entity Saved Successfully' });
    const got = await call(parley, 'GET', `nlp/agent/${agentId}/entity/${saved.data.id}`, { token });
    expect(got.data.values).toEqual([
      { value: 'New York', type: 'synonyms', synonyms: ['NYC', 'big apple'] },
      { value: 'Paris', type: 'synonyms', synonyms: ['paname'] },
    ]);
    expect(got.data).toEqual({ id: saved.data.id, agentId, name: 'city', updatedOn: expect.any(String), values: got.data.values, type: 0, description: '' });
    const booking = await save({
      name: 'booking ref',
      values: [
        { value: 'ref', type: 'pattern', pattern: ['BK-\\d{6}'] },
        { value: 'old ref', type: 'pattern', pattern: 'OR-\\d+' },
      ],
    });
    expect(booking.code).toBe(100);
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/entity/${booking.data.id}`, { token })).data.values).toEqual([
      { value: 'ref', type: 'pattern', pattern: ['BK-\\d{6}'] },
      { value: 'old ref', type: 'pattern', pattern: ['OR-\\d+'] },
    ]);
    const list = await call(parley, 'GET', `nlp/agent/${agentId}/entity`, { token, query: { type: '0', perPage: '15', from: '0' } });
    expect(list.data.entities.map((e: { name: string }) => e.name)).toEqual(['booking ref', 'city']);
    const search = await call(parley, 'GET', `nlp/agent/${agentId}/entity`, { token, query: { searchterm: 'CIT' } });
    expect(search.data.entities.map((e: { name: string }) => e.name)).toEqual(['city']);
  });

  it("reads the spelling 'synonymns' (one reading of the spec) as 'synonyms', and answers 'synonyms'", async () => {
    const saved = await save({
      name: 'colour',
      values: [
        { value: 'red', type: 'synonymns', synonymns: ['crimson', 'scarlet'] },
        { value: 'blue', type: 'synonyms', synonymns: 'navy, azure' },
      ],
    });
    expect(saved.code).toBe(100);
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/entity/${saved.data.id}`, { token })).data.values).toEqual([
      { value: 'red', type: 'synonyms', synonyms: ['crimson', 'scarlet'] },
      { value: 'blue', type: 'synonyms', synonyms: ['navy', 'azure'] },
    ]);
    expect((await save({ name: 'shade', values: [{ value: 'v', type: 'synonymns', synonymns: [] }] })).errors).toEqual([
      { field: 'values.0.synonyms', message: 'Add at least one synonym' },
    ]);
  });

  it('lists the engine’s system entities on the System tab', async () => {
    const system = await call(parley, 'GET', `nlp/agent/${agentId}/entity`, { token, query: { type: '1', perPage: '100' } });
    expect(system.data.entities.map((e: { name: string }) => e.name)).toEqual(expect.arrayContaining(['number', 'email', 'phone', 'datetime', 'currency']));
    expect(system.data.entities.every((e: { type: number; description: string }) => e.type === 1 && e.description.length > 0)).toBe(true);
  });

  it('refuses invalid entities with clear messages, unsafe patterns included', async () => {
    const errors = async (body: Record<string, unknown>) =>
      ((await save({ name: `e${Math.random()}`, ...body })).errors ?? []).map((e: { message: string }) => e.message);
    expect(await errors({ name: ' ', values: city.values })).toContain('Entity name should not be empty');
    expect(await errors({ values: [] })).toContain('Add at least one value');
    expect(await errors({ values: [{ value: ' ', type: 'synonyms', synonyms: 'a' }] })).toContain('Value should not be empty');
    expect(await errors({ values: [{ value: 'v', type: 'synonyms', synonyms: ['ok', ' '] }] })).toContain('Empty synonyms cannot be added');
    expect(await errors({ values: [{ value: 'v', type: 'pattern', pattern: [] }] })).toContain('Add at least one pattern');
    expect((await save({ name: 'p', values: [{ value: 'v', type: 'pattern', pattern: [' '] }] })).errors).toEqual([
      { field: 'values.0.pattern', message: 'Add at least one pattern' },
    ]);
    // `patterns` is not the spec's name: it is not read.
    expect((await save({ name: 'p', values: [{ value: 'v', type: 'pattern', patterns: ['\\d+'] }] })).errors).toEqual([
      { field: 'values.0.pattern', message: 'Add at least one pattern' },
    ]);
    const backreference = await save({
      name: 'ref',
      values: [
        { value: 'ok', type: 'pattern', pattern: ['\\d{6}'] },
        { value: 'v', type: 'pattern', pattern: ['\\w+', '(a)\\1'] },
      ],
    });
    expect(backreference).toMatchObject({ httpStatus: 400, code: 1400 });
    expect(backreference.errors).toEqual([
      { field: 'values.1.pattern', message: 'Pattern not supported: backreferences and lookaround are not allowed: (a)\\1' },
    ]);
    expect((await save({ ...city, name: 'CITY' })).message).toBe('Duplication of entity name ');
  });

  it('refuses to delete an entity that intents use, naming them; deletes it once unused', async () => {
    const { data } = await save({ name: 'airport', values: [{ value: 'JFK', type: 'synonyms', synonyms: ['kennedy'] }] });
    const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Flights' } })).data.id;
    const intent = await call(parley, 'POST', 'nlp/intent', {
      token,
      json: {
        agentId,
        storyId,
        name: 'fly from',
        utterances: ['fly from JFK', 'leave from kennedy'],
        responses: [{ response: 'ok' }],
        entities: [{ id: data.id, name: 'from', required: true, value: '$from', prompts: ['From where?'] }],
      },
    });
    const refused = await call(parley, 'DELETE', `nlp/agent/${agentId}/entity/${data.id}`, { token });
    expect(refused).toMatchObject({ code: 1409, message: 'The entity is used by the intents "fly from". Remove it from them first.' });
    await call(parley, 'DELETE', `nlp/agent/${agentId}/story/${storyId}/intent/${intent.data.id}`, { token });
    expect((await call(parley, 'DELETE', `nlp/agent/${agentId}/entity/${data.id}`, { token })).message).toBe('Entity Deleted Successfully');
  });
});
