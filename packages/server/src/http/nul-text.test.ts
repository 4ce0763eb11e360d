import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Messages } from '@parley/sdk/contract/messages';
import { call, login, startServer, type EnvelopeReply } from '../test/harness.js';
import { minimalPdf, postMultipart } from '../test/multipart.js';

const NUL = '\u0000';

/** PostgreSQL refuses NUL in text; every route must say which field holds one instead of failing with a 500. */
describe('text holding a NUL character', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-nul-'));
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  const parley = await startServer({ dataDir });
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Clean', description: 'd', type: 'nlp' } })).data.id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Main' } })).data.id as string;

  const refusedAt = (res: EnvelopeReply, field: string) => {
    expect(res).toMatchObject({ httpStatus: 400, status: false, code: 1400 });
    expect(res.errors).toEqual([{ field, message: Messages.nulCharacter }]);
  };
  const agentNames = async () =>
    ((await call(parley, 'GET', 'nlp/v2/agent', { token, query: { perPage: '-1' } })).data.agents as { name: string }[]).map((a) => a.name);

  it('refuses an agent name, from a form or JSON, and creates no agent', async () => {
    const before = await agentNames();
    expect(before).toContain('Clean');
    refusedAt(await call(parley, 'POST', 'nlp/agent', { token, form: { name: `Bad${NUL}agent`, description: 'd', type: 'nlp' } }), 'name');
    refusedAt(await call(parley, 'POST', 'nlp/agent', { token, json: { name: 'Fine', description: `x${NUL}`, type: 'nlp' } }), 'description');
    expect(await agentNames()).toEqual(before);
  });

  it('refuses a story name and creates no story', async () => {
    refusedAt(await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: `Side${NUL}` } }), 'name');
    const root = (await call(parley, 'GET', `nlp/agent/${agentId}/story`, { token })).data as { childStories: { name: string }[] };
    expect(root.childStories.map((s) => s.name)).toEqual(['Main']);
  });

  it('refuses an utterance and a parameter prompt by their dotted path, and saves no intent', async () => {
    const intent = {
      agentId,
      storyId,
      name: 'greet',
      utterances: [{ utterance: 'hello there' }, { utterance: `good${NUL}morning`, entityDefined: false, entityRefs: [] }],
      responses: [{ response: 'Hi!' }],
    };
    refusedAt(await call(parley, 'POST', 'nlp/intent', { token, json: intent }), 'utterances.1.utterance');
    const withPrompt = {
      ...intent,
      utterances: [{ utterance: 'hello there' }, { utterance: 'good morning' }],
      entities: [{ id: 'person', name: 'who', required: true, value: '$who', prompts: ['Who?', `Name${NUL}?`] }],
    };
    refusedAt(await call(parley, 'POST', 'nlp/intent', { token, json: withPrompt }), 'entities.0.prompts.1');
    const list = await call(parley, 'GET', `nlp/v2/agent/${agentId}/story/${storyId}/intent`, { token });
    expect(list.data.intents).toEqual([]);
  });

  it('refuses a synonym and saves no entity', async () => {
    const entity = { agentId, name: 'city', values: [{ value: 'New York', type: 'synonyms', synonyms: ['NYC', `big${NUL}apple`] }] };
    refusedAt(await call(parley, 'POST', 'nlp/entity', { token, json: entity }), 'values.0.synonyms.1');
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/entity`, { token })).data.entities).toEqual([]);
  });

  it('refuses a prompt agent’s prompt and keeps the saved one', async () => {
    const path = `nlp/agent/${agentId}/prompt`;
    refusedAt(await call(parley, 'POST', path, { token, form: { openaiKey: 'key', prompt: `Be brief.${NUL}` } }), 'prompt');
    expect((await call(parley, 'GET', path, { token })).data.prompt).toBe('');
  });

  it('refuses NUL hidden in JSON text that a JSON body carries (the Try-it message)', async () => {
    const res = await call(parley, 'POST', 'nlp/predictIntent', { token, json: { agentId, message: JSON.stringify({ text: `hi${NUL}` }) } });
    refusedAt(res, 'message.text');
  });

  it('refuses a query parameter', async () => {
    refusedAt(await call(parley, 'GET', 'nlp/v2/agent', { token, query: { name: `Cl${NUL}` } }), 'name');
    refusedAt(await call(parley, 'GET', `nlp/agent/${agentId}/entity`, { token, query: { searchterm: NUL } }), 'searchterm');
  });

  it('refuses the login e-mail, and the account still signs in', async () => {
    const res = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', {
      form: { email: `developer@parley.dev${NUL}`, password: 'wrong', captcha: 'any', captchaId: 'any' },
    });
    refusedAt(res, 'email');
    expect(await login(parley, 'developer@parley.dev')).toEqual(expect.any(String));
  });

  it('refuses the text fields of a multipart upload and stores no document', async () => {
    const res = await postMultipart(parley, 'nlp/agent/upload_documents', {
      token,
      fields: { agentId: `${agentId}${NUL}` },
      files: [{ name: 'faq.pdf', content: minimalPdf() }],
    });
    refusedAt(res, 'agentId');
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/genai/config`, { token })).data.documents).toEqual([]);
  });
});
