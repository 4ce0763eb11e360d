import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';

describe('agent model configuration', async () => {
  const parley = await startServer();
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Configured', description: 'd', type: 'nlp' } })).data.id as string;

  it('starts with the defaults and saves an update with the string success code', async () => {
    const initial = await call(parley, 'GET', `nlp/agent/${agentId}/config`, { token });
    expect(initial.data).toMatchObject({ modelType: 'SVM', language: 'en', confidenceThreshold: 0.5, entityExtractRetries: 2 });
    const updated = await call(parley, 'POST', `nlp/agent/${agentId}/config`, {
      token,
      form: { entityExtractRetries: '3', outOfScopeMessage: 'I can only help with orders.', modelType: 'SVM', confidenceThreshold: '0.65', language: 'hi' },
    });
    expect(updated).toMatchObject({ status: true, code: '100', message: 'Configuration Updated Successfully' });
    const after = await call(parley, 'GET', `nlp/agent/${agentId}`, { token });
    expect(after.data.config).toMatchObject({
      entityExtractRetries: 3,
      confidenceThreshold: 0.65,
      language: 'hi',
      outOfScopeMessage: 'I can only help with orders.',
    });
  });

  it('validates with the spec messages', async () => {
    const bad = await call(parley, 'POST', `nlp/agent/${agentId}/config`, {
      token,
      form: { entityExtractRetries: '0', modelType: 'SVM', confidenceThreshold: '1.5', language: 'en' },
    });
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        { field: 'entityExtractRetries', message: 'Entity extract retries value cannot be less than 1' },
        { field: 'confidenceThreshold', message: 'Confidence Threshold value should be between zero and 1.' },
      ]),
    );
    expect(
      (
        await call(parley, 'POST', `nlp/agent/${agentId}/config`, {
          token: await login(parley, 'viewer@parley.dev'),
          form: { entityExtractRetries: '1', modelType: 'SVM', language: 'en' },
        })
      ).code,
    ).toBe(1403);
  });
});
