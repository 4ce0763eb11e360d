import type { TrainingStatus } from '@parley/sdk/contract/nlp-agents';
import type { Parley } from '../app.js';
import { call } from './harness.js';

/** Polls the training status as the console does when it has no socket, until the job has ended. */
export async function waitForTraining(parley: Parley, token: string, agentId: string, timeoutMs = 90_000): Promise<TrainingStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = (await call<TrainingStatus>(parley, 'GET', `nlp/agent/${agentId}/training`, { token })).data;
    if (status.status !== 'training') return status;
    if (Date.now() > until) throw new Error(`training of ${agentId} did not end within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
