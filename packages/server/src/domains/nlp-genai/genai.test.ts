import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { minimalPdf, postMultipart } from '../../test/multipart.js';

describe('agent Gen AI configuration', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-genai-'));
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  const parley = await startServer({ dataDir });
  const token = await login(parley, 'developer@parley.dev');
  const newAgent = async (name: string) =>
    (await call(parley, 'POST', 'nlp/agent', { token, form: { name, description: 'd', type: 'nlp' } })).data.id as string;
  const agentId = await newAgent('Knowledge bot');
  const path = `nlp/agent/${agentId}/genai/config`;
  const save = (json: Record<string, unknown>, as = token) => call(parley, 'POST', path, { token: as, json });

  it('starts empty, saves websites and a configuration with the string success code, and keeps the model config', async () => {
    expect((await call(parley, 'GET', path, { token })).data).toEqual({
      kbFromWebsite: false,
      kbFromDoc: false,
      genAiConfigId: null,
      websitesUrls: [],
      documents: [],
    });
    await call(parley, 'POST', `nlp/agent/${agentId}/config`, { token, form: { entityExtractRetries: '4', modelType: 'SVM', language: 'en' } });

    const saved = await save({
      kbFromWebsite: true,
      kbFromDoc: false,
      genAiConfigId: 'cfg-openai',
      websitesUrls: ['https://shop.example/help', ' https://shop.example/help ', 'https://SHOP.example/help', 'http://docs.example'],
      documents: [],
    });
    expect(saved).toMatchObject({ status: true, code: '100', message: 'Gen AI Configuration Updated Successfully' });

    const read = await call(parley, 'GET', path, { token });
    expect(read.data).toEqual({
      kbFromWebsite: true,
      kbFromDoc: false,
      genAiConfigId: 'cfg-openai',
      websitesUrls: ['https://shop.example/help', 'http://docs.example'],
      documents: [],
    });
    const agent = await call(parley, 'GET', `nlp/agent/${agentId}`, { token });
    expect(agent.data.config).toMatchObject({ entityExtractRetries: 4, genai: { genAiConfigId: 'cfg-openai', kbFromWebsite: true } });
    // And the other way round: saving the model config leaves the Gen AI settings alone.
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/config`, { token })).data.entityExtractRetries).toBe(4);
  });

  it('accepts the form-urlencoded shape, one URL as a plain value', async () => {
    const res = await call(parley, 'POST', path, {
      token,
      form: { kbFromWebsite: 'true', kbFromDoc: 'false', genAiConfigId: 'cfg-2', websitesUrls: 'https://one.example' },
    });
    expect(res.code).toBe('100');
    expect((await call(parley, 'GET', path, { token })).data).toMatchObject({ genAiConfigId: 'cfg-2', websitesUrls: ['https://one.example'] });
  });

  it('refuses with the spec messages', async () => {
    const noUrl = await save({ kbFromWebsite: true, genAiConfigId: 'cfg', websitesUrls: [] });
    expect(noUrl).toMatchObject({
      code: 1400,
      errors: [{ field: 'websitesUrls', message: 'Please provide at least one website URL or disable Get knowledge base from Website' }],
    });

    expect((await save({ kbFromWebsite: false })).errors).toEqual([{ field: 'genAiConfigId', message: 'Please select any configuration' }]);
    expect((await save({ genAiConfigId: '   ' })).errors).toEqual([{ field: 'genAiConfigId', message: 'Please select any configuration' }]);
    // Both problems at once, not one per attempt.
    expect((await save({ kbFromWebsite: 'true' })).errors).toEqual([
      { field: 'genAiConfigId', message: 'Please select any configuration' },
      { field: 'websitesUrls', message: 'Please provide at least one website URL or disable Get knowledge base from Website' },
    ]);

    const emptyUrl = await save({ kbFromWebsite: true, genAiConfigId: 'cfg', websitesUrls: ['https://a.example', '  '] });
    expect(emptyUrl.errors).toEqual([{ field: 'websitesUrls.1', message: 'Website Url cannot be empty' }]);

    const badUrls = await save({ kbFromWebsite: true, genAiConfigId: 'cfg', websitesUrls: ['ftp://files.example', 'shop.example', 'javascript:alert(1)'] });
    expect(badUrls.errors).toEqual(
      [0, 1, 2].map((i) => ({ field: `websitesUrls.${i}`, message: 'Please enter a valid website URL starting with http:// or https://' })),
    );

    const noDocument = await save({ kbFromDoc: true, genAiConfigId: 'cfg' });
    expect(noDocument).toMatchObject({ code: 1400, message: 'Please provide at least one Document or disable Get knowledge base from Document' });
    expect(noDocument.errors).toEqual([{ field: 'documents', message: 'Please provide at least one Document or disable Get knowledge base from Document' }]);

    // Nothing refused was stored.
    expect((await call(parley, 'GET', path, { token })).data.genAiConfigId).toBe('cfg-2');
  });

  it('turns on the document knowledge base once a document is uploaded, and lists it', async () => {
    const up = await postMultipart(parley, 'nlp/agent/upload_documents', {
      token,
      fields: { agentId },
      files: [{ name: 'prices.pdf', content: minimalPdf() }],
    });
    expect(up.code).toBe(100);
    expect((await save({ kbFromDoc: true, genAiConfigId: 'cfg', documents: [] })).code).toBe('100');
    const read = await call(parley, 'GET', path, { token });
    expect(read.data.kbFromDoc).toBe(true);
    expect(read.data.documents).toEqual([{ fileName: 'prices.pdf', size: minimalPdf().length, uploadedOn: expect.any(String) }]);
    expect(Date.now() - Date.parse(read.data.documents[0].uploadedOn)).toBeLessThan(60_000);
  });

  it('lists LLM configurations (the demo has the sandbox one until integrations are added)', async () => {
    const listed = await call(parley, 'GET', 'nlp/genai/config', { token });
    expect(listed).toMatchObject({ code: 100, data: [{ name: 'Parley sandbox (no key needed)' }] });
    expect(listed.data).toHaveLength(1);
  });

  it('lets a Report Viewer read but not change it', async () => {
    const viewer = await login(parley, 'viewer@parley.dev');
    expect((await call(parley, 'GET', path, { token: viewer })).code).toBe(100);
    expect((await save({ genAiConfigId: 'cfg-viewer' }, viewer)).code).toBe(1403);
    expect((await call(parley, 'GET', path, { token })).data.genAiConfigId).toBe('cfg');
  });

  it('answers another enterprise’s agent as not found', async () => {
    const otherToken = await loginToOtherEnterprise(parley);
    expect(await call(parley, 'GET', path, { token: otherToken })).toMatchObject({ httpStatus: 404, code: 1404 });
    expect(await save({ genAiConfigId: 'stolen' }, otherToken)).toMatchObject({ httpStatus: 404, code: 1404 });
    expect((await call(parley, 'GET', path, { token })).data.genAiConfigId).toBe('cfg');
  });
});
