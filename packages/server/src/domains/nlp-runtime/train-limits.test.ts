import { describe, expect, it } from 'vitest';
import { intents } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';

/** Issue 21 item 13: Train refuses an agent over the training limits, with the reason, and queues nothing. */
describe('training limits at Train', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const { db } = parley.database;

  /** An agent built straight in the database, as intents saved before the limits (or written around the API) are. */
  async function agentWith(name: string, rows: { name: string; utterances: string[]; responses?: string[] }[]) {
    const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name, description: 'd', type: 'nlp' } })).data.id as string;
    const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Story' } })).data.id as string;
    const eId = (await call(parley, 'GET', `nlp/agent/${agentId}`, { token })).data.eId as string;
    await db.insert(intents).values(
      rows.map((r) => ({
        eId,
        agentId,
        storyId,
        name: r.name,
        utterances: r.utterances.map((text) => ({ text, entities: [] })),
        responses: r.responses ?? ['ok'],
        parameters: [],
      })),
    );
    return agentId;
  }
  const phrases = (count: number, length: number) => Array.from({ length: count }, (_, i) => `${i} `.padEnd(length, 'x'));
  const train = (agentId: string) => call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
  const status = async (agentId: string) => (await call(parley, 'GET', `nlp/agent/${agentId}/training`, { token })).data.status as string;

  it('refuses an agent whose phrases total over 1,000,000 characters, queueing nothing', async () => {
    const big = await agentWith('Big', [
      { name: 'first half', utterances: phrases(1000, 500) },
      { name: 'second half', utterances: [...phrases(999, 500), 'x'.repeat(501)] },
    ]);
    const before = await parley.jobs.counts();
    expect(await train(big)).toMatchObject({
      httpStatus: 400,
      status: false,
      code: 1400,
      errors: [{ field: 'id', message: 'The training phrases of an agent can have at most 1,000,000 characters together (this agent: 1,000,001)' }],
    });
    expect(await status(big)).toBe('not-trained');
    expect(await parley.jobs.counts()).toEqual(before);
  });

  it('names the intent that breaks a per-intent limit', async () => {
    const longPhrase = await agentWith('Long phrase', [{ name: 'rambling', utterances: ['hello', 'r'.repeat(769)] }]);
    expect((await train(longPhrase)).errors).toEqual([{ field: 'id', message: 'Intent "rambling": A training phrase can be at most 768 characters' }]);
    const crowded = await agentWith('Crowded', [{ name: 'crowded', utterances: phrases(2001, 8) }]);
    expect((await train(crowded)).message).toBe('Intent "crowded": An intent can have at most 2,000 training phrases');
    const verbose = await agentWith('Verbose', [{ name: 'verbose', utterances: ['hello', 'hi'], responses: ['v'.repeat(4097)] }]);
    expect((await train(verbose)).message).toBe('Intent "verbose": A response can be at most 4,096 characters');
    for (const agentId of [longPhrase, crowded, verbose]) expect(await status(agentId)).toBe('not-trained');
  });

  it('queues an agent of exactly 1,000,000 characters', async () => {
    const full = await agentWith('Full', [
      { name: 'first half', utterances: phrases(1000, 500) },
      { name: 'second half', utterances: phrases(1000, 500) },
    ]);
    const before = await parley.jobs.counts();
    expect((await train(full)).code).toBe(100);
    expect(await status(full)).toBe('training');
    expect((await parley.jobs.counts()).queued).toBe(before.queued + 1);
  });
});
