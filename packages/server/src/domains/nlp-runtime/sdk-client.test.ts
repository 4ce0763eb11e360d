import type { AddressInfo } from 'node:net';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createClient, ParleyError } from '@parley/sdk';
import { login, startServer } from '../../test/harness.js';
import { waitForTraining } from '../../test/wait-for-training.js';

/** The SDK's typed methods against the real server over HTTP, as the console and partner pages use them. */
describe('SDK bindings of the agent designer', async () => {
  const parley = await startServer({ jobs: true });
  await parley.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(parley.app.server.address() as AddressInfo).port}/api`;
  const token = await login(parley, 'developer@parley.dev');
  const sdk = createClient({ baseUrl, token });

  it('designs, trains, chats and exports through typed calls', async () => {
    const { id: agentId } = await firstValueFrom(sdk.nlpAgents.save({ name: 'SDK Bot', description: 'Made by the SDK', type: 'nlp' }));
    const { id: storyId } = await firstValueFrom(sdk.nlpAgents.saveStory({ agentId, name: 'Support' }));
    await firstValueFrom(
      sdk.nlpIntents.save({
        agentId,
        storyId,
        name: 'reset_password',
        utterances: [{ utterance: 'I forgot my password' }, { utterance: 'reset my password' }, { utterance: 'cannot log in' }],
        responses: [{ response: 'Use the reset link.' }],
      }),
    );
    await firstValueFrom(
      sdk.nlpIntents.save({
        agentId,
        storyId,
        name: 'pricing',
        utterances: [{ utterance: 'how much does it cost' }, { utterance: 'what are your prices' }, { utterance: 'pricing plans' }],
        responses: [{ response: 'From $10 a month.' }],
      }),
    );
    expect((await firstValueFrom(sdk.nlpRuntime.train({ id: agentId }))).training.status).toBe('training');
    expect((await waitForTraining(parley, token, agentId)).status).toBe('trained');

    const reply = await firstValueFrom(
      sdk.nlpRuntime.predictIntent({ agentId, message: { text: 'I forgot my password again' }, metadata: { senderId: 'sdk-user' } }),
    );
    expect(reply.output).toEqual({ text: 'Use the reset link.', source: 'intent' });
    const paraphrases = await firstValueFrom(sdk.nlpRuntime.paraphrase({ text: ['reset my password'], num_return_sequences: 5 }));
    expect(paraphrases.byPhrase[0]!.paraphrases).toHaveLength(5);

    const range = { agentId, startDate: Date.now() - 60_000, endDate: Date.now() + 60_000 };
    expect((await firstValueFrom(sdk.nlpReports.conversationsReport(range))).totalMessages).toBe(1);
    const file = await firstValueFrom(sdk.downloadConversationsCsv({ ...range, scope: 0 }));
    expect(file.fileName).toMatch(/^conversation_report_.*\.csv$/);
    expect(await file.blob.text()).toContain('I forgot my password again');

    const refused = await firstValueFrom(sdk.downloadConversationsCsv({ ...range, agentId: '00000000-0000-4000-8000-000000000000' })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ParleyError);
    expect((refused as ParleyError).code).toBe(1404);
  });
});
