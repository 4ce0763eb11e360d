import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { waitForTraining } from '../../test/wait-for-training.js';

/** Patterns are written by designers, and one message must not hold up every other caller of the process. */
describe('pattern entities at conversation time', async () => {
  const parley = await startServer({ jobs: true });
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Patterns', description: 'd', type: 'nlp' } })).data.id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Codes' } })).data.id as string;
  const say = (text: string) =>
    call(parley, 'POST', 'nlp/predictIntent', {
      token,
      json: { agentId, message: { type: 'text', text, lnCode: 'en' }, metadata: { senderId: 'visitor-1', appId: 'try-it' } },
    });

  it('accepts a nested repetition that backtracking engines explode on, and answers a message built to trigger it promptly', async () => {
    const saved = await call(parley, 'POST', 'nlp/entity', {
      token,
      json: { agentId, name: 'shout', values: [{ value: 'shout', type: 'pattern', pattern: ['((a+))+$'] }] },
    });
    expect(saved.code).toBe(100);
    const intent = await call(parley, 'POST', 'nlp/intent', {
      token,
      json: {
        agentId,
        storyId,
        name: 'scream',
        utterances: [{ utterance: 'I scream aaaa' }, { utterance: 'let me shout aaaaaaa' }],
        responses: [{ response: 'You shouted {shout}' }],
        entities: [{ id: saved.data.id, name: 'shout', required: false, value: '$shout', prompts: ['Shout what?'] }],
      },
    });
    expect(intent.code).toBe(100);
    await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
    expect(await waitForTraining(parley, token, agentId)).toMatchObject({ status: 'trained', error: null });
    expect((await say('let me shout aaa')).data.entities).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'shout', value: 'aaa' })]));

    // Health is polled while the message is handled: a matcher holding the event loop would hold these replies too.
    const healthTimes: number[] = [];
    let answered = false;
    const started = Date.now();
    const reply = say(`${'a'.repeat(27)}!`).finally(() => (answered = true));
    while (!answered) {
      const t0 = Date.now();
      expect((await call(parley, 'GET', 'health')).data.status).toBe('ok');
      healthTimes.push(Date.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((await reply).code).toBe(100);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(Math.max(...healthTimes)).toBeLessThan(1000);
  });
});
