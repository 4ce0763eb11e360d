import { describe, expect, it } from 'vitest';
import { IntentLimits } from '@parley/sdk/contract/nlp-intents';
import { intents } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';

/** Issue 21 item 13: an intent that would make training heavy is refused when saved, naming the limit. */
describe('intent size limits', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Wordy', description: 'd', type: 'nlp' } })).data.id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Talk' } })).data.id as string;
  const eId = (await call(parley, 'GET', `nlp/agent/${agentId}`, { token })).data.eId as string;
  const save = (name: string, utterances: string[], responses = ['ok']) =>
    call(parley, 'POST', 'nlp/intent', {
      token,
      json: {
        agentId,
        storyId,
        name,
        utterances: utterances.map((utterance) => ({ utterance, entityDefined: false, entityRefs: [] })),
        responses: responses.map((response) => ({ response })),
      },
    });
  const names = async () =>
    ((await call(parley, 'GET', `nlp/v2/agent/${agentId}/story/${storyId}/intent`, { token })).data.intents as { name: string }[]).map((i) => i.name);
  /** `count` distinct phrases of exactly `length` characters. */
  const phrases = (count: number, length: number) => Array.from({ length: count }, (_, i) => `${i} `.padEnd(length, 'x'));

  it('publishes the limits the designer will show', () => {
    expect(IntentLimits).toEqual({ phraseChars: 768, phrasesPerIntent: 2000, responseChars: 4096, agentTrainingChars: 1_000_000 });
  });

  it('refuses a phrase over 768 characters, too many phrases and a response over 4,096 characters, saving nothing', async () => {
    expect(await save('long phrase', ['hello there', 'x'.repeat(769)])).toMatchObject({
      httpStatus: 400,
      code: 1400,
      errors: [{ field: 'utterances.1.utterance', message: 'A training phrase can be at most 768 characters' }],
    });
    // The reproduction of the issue: one phrase of 900,000 characters.
    expect((await save('huge phrase', ['hello there', 'y'.repeat(900_000)])).errors).toEqual([
      { field: 'utterances.1.utterance', message: 'A training phrase can be at most 768 characters' },
    ]);
    expect((await save('many phrases', phrases(2001, 10))).errors).toEqual([
      { field: 'utterances', message: 'An intent can have at most 2,000 training phrases' },
    ]);
    expect((await save('long answer', ['hello there', 'hi there'], ['z'.repeat(4097)])).errors).toEqual([
      { field: 'responses.0.response', message: 'A response can be at most 4,096 characters' },
    ]);
    expect(await names()).toEqual([]);
    expect((await save('just fits', ['hello there', 'x'.repeat(768)], ['z'.repeat(4096)])).code).toBe(100);
  });

  it('refuses an intent that would take the agent past 1,000,000 characters of phrases, and allows editing within it', async () => {
    // Two large intents written straight to the database: 999,000 characters with the 768 of "just fits" and its greeting.
    const bulk = (name: string) => ({
      eId,
      agentId,
      storyId,
      name,
      utterances: phrases(999, 500).map((text) => ({ text, entities: [] })),
      responses: ['ok'],
      parameters: [],
    });
    await parley.database.db.insert(intents).values([bulk('bulk one'), bulk('bulk two')]);
    const used = 2 * 999 * 500 + 768 + 'hello there'.length;
    const room = IntentLimits.agentTrainingChars - used;
    const over = await save('one too many', [`${'a'.repeat(room - 4)}`, 'abcde']);
    expect(over).toMatchObject({
      httpStatus: 400,
      code: 1400,
      errors: [{ field: 'utterances', message: 'The training phrases of an agent can have at most 1,000,000 characters together (this agent: 1,000,001)' }],
    });
    expect((await names()).sort()).toEqual(['bulk one', 'bulk two', 'just fits']);
    // An edit counts the intent once: replacing its own phrases with as many characters is no growth.
    const fits = (await call(parley, 'GET', `nlp/v2/agent/${agentId}/story/${storyId}/intent`, { token, query: { name: 'just fits' } })).data.intents[0]
      .id as string;
    const edited = await call(parley, 'POST', 'nlp/intent', {
      token,
      json: {
        id: fits,
        agentId,
        storyId,
        name: 'just fits',
        utterances: [{ utterance: 'hello there' }, { utterance: 'w'.repeat(768) }],
        responses: [{ response: 'ok' }],
      },
    });
    expect(edited.code).toBe(100);
    expect((await save('exactly full', [`${'a'.repeat(room - 4)}`, 'abcd'])).code).toBe(100);
  });
});
