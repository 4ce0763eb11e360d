import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

/** Issue 21 item 11: an intent names only entities its agent can use, else nothing is saved. */
describe('entity references of intents', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const agent = async (as: string, name: string) =>
    (await call(parley, 'POST', 'nlp/agent', { token: as, form: { name, description: 'd', type: 'nlp' } })).data.id as string;
  const entity = async (as: string, agentId: string, name: string) =>
    (await call(parley, 'POST', 'nlp/entity', { token: as, json: { agentId, name, values: [{ value: name, type: 'synonyms', synonyms: [name] }] } })).data
      .id as string;

  const agentId = await agent(token, 'Hotel');
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Booking' } })).data.id as string;
  const roomId = await entity(token, agentId, 'room');
  const siblingEntity = await entity(token, await agent(token, 'Sibling'), 'room');
  const otherToken = await loginToOtherEnterprise(parley);
  const foreignEntity = await entity(otherToken, await agent(otherToken, 'Foreign'), 'room');

  const intent = (name: string, entityId: string, phraseEntityId = roomId) => ({
    agentId,
    storyId,
    name,
    utterances: [
      { utterance: 'book a room', entityDefined: false, entityRefs: [] },
      { utterance: 'book a suite', entityDefined: true, entityRefs: [{ entityId: phraseEntityId, entityStartPos: 7, entityEndPos: 12 }] },
    ],
    responses: [{ response: 'Booked' }],
    entities: [{ id: entityId, name: 'room', required: false, value: '$room', prompts: ['Which room?'] }],
  });
  const save = (body: object) => call(parley, 'POST', 'nlp/intent', { token, json: body });
  const names = async () =>
    ((await call(parley, 'GET', `nlp/v2/agent/${agentId}/story/${storyId}/intent`, { token })).data.intents as { name: string }[]).map((i) => i.name);
  const notFound = (field: string) => ({ httpStatus: 400, code: 1400, errors: [{ field, message: 'Entity not found' }] });

  it('saves parameters on the agent’s own entities and on system entities', async () => {
    expect((await save(intent('book', roomId))).code).toBe(100);
    expect((await save(intent('pay', 'currency', 'number'))).code).toBe(100);
  });

  it('refuses another enterprise’s entity, another agent’s, and ids that do not exist, saving nothing', async () => {
    expect(await save(intent('foreign', foreignEntity))).toMatchObject(notFound('entities.0.id'));
    expect(await save(intent('sibling', siblingEntity))).toMatchObject(notFound('entities.0.id'));
    expect(await save(intent('ghost', '00000000-0000-4000-8000-000000000000'))).toMatchObject(notFound('entities.0.id'));
    expect(await save(intent('made up', 'not-an-entity'))).toMatchObject(notFound('entities.0.id'));
    expect(await save(intent('phrase', roomId, foreignEntity))).toMatchObject(notFound('utterances.1.entityRefs.0.entityId'));
    expect(await names()).toEqual(['book', 'pay']);
  });

  it('refuses an edit that points a saved intent at a foreign entity, keeping what was saved', async () => {
    const saved = await save(intent('check in', roomId));
    expect(await save({ ...intent('check in', foreignEntity), id: saved.data.id })).toMatchObject(notFound('entities.0.id'));
    const got = await call(parley, 'GET', `nlp/agent/${agentId}/story/${storyId}/intent/${saved.data.id}`, { token });
    expect(got.data.entities).toMatchObject([{ id: roomId }]);
  });
});
