import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { agentModels } from '../../db/schema.js';
import { call, login } from '../../test/harness.js';
import { waitForTraining } from '../../test/wait-for-training.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-training-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// The demo agent is not trained here: its training took the worker first and, beside the bench smoke run in CI, pushed
// this test past its time.
const config = (jobs: boolean) => loadConfig({}, { dataDir, databaseUrl: undefined, captcha: false, jobs, hostDist: '/nonexistent', trainDemoAgent: false });

describe('training across a restart', () => {
  it('a training queued before a restart is finished by the next process, once, and only the newest request counts', async () => {
    const first = await buildApp(config(false), { logger: false });
    let token = await login(first, 'developer@parley.dev');
    const agentId = (await call(first, 'POST', 'nlp/agent', { token, form: { name: 'Restarted', description: 'd', type: 'nlp' } })).data.id as string;
    const storyId = (await call(first, 'POST', 'nlp/story', { token, form: { agentId, name: 'Main' } })).data.id as string;
    for (const [name, utterances] of [
      ['opening_hours', ['when are you open', 'what are your opening hours', 'are you open on sunday']],
      ['refund', ['I want my money back', 'how do I get a refund', 'refund my order please']],
    ] as const) {
      await call(first, 'POST', 'nlp/intent', {
        token,
        json: { agentId, storyId, name, utterances: utterances.map((utterance) => ({ utterance })), responses: [{ response: `About ${name}` }] },
      });
    }
    const older = (await call(first, 'GET', `nlp/agent/${agentId}/train`, { token })).data.jobId as string;
    const newer = (await call(first, 'GET', `nlp/agent/${agentId}/train`, { token })).data.jobId as string;
    expect(newer).not.toBe(older);
    expect((await call(first, 'GET', `nlp/agent/${agentId}/training`, { token })).data.status).toBe('training');
    await first.app.close();

    const second = await buildApp(config(true), { logger: false });
    try {
      token = await login(second, 'developer@parley.dev');
      expect(await waitForTraining(second, token, agentId)).toMatchObject({ status: 'trained', changedSinceTraining: false });
      const models = await second.database.db.select({ jobId: agentModels.jobId }).from(agentModels).where(eq(agentModels.agentId, agentId));
      expect(models).toEqual([{ jobId: newer }]);
      const reply = await call(second, 'POST', 'nlp/predictIntent', { token, json: { agentId, message: { text: 'can I get a refund' } } });
      expect(reply.data.output).toEqual({ text: 'About refund', source: 'intent' });

      await call(second, 'POST', 'nlp/intent', {
        token,
        json: { agentId, storyId, name: 'greeting', utterances: [{ utterance: 'hello' }, { utterance: 'hi there' }], responses: [{ response: 'Hi!' }] },
      });
      expect((await call(second, 'GET', `nlp/agent/${agentId}/training`, { token })).data).toMatchObject({ status: 'trained', changedSinceTraining: true });
      // The process that answered with the old model picks up the new one after the next training.
      await call(second, 'GET', `nlp/agent/${agentId}/train`, { token });
      expect(await waitForTraining(second, token, agentId)).toMatchObject({ status: 'trained', changedSinceTraining: false });
      const greeted = await call(second, 'POST', 'nlp/predictIntent', { token, json: { agentId, message: { text: 'hello' } } });
      expect(greeted.data.output).toEqual({ text: 'Hi!', source: 'intent' });
    } finally {
      await second.app.close();
    }
    // Two starts on a data folder, each seeding or migrating, and two trainings: a minute and more on a loaded machine.
  }, 120_000);
});
