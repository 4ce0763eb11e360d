import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { minimalPdf, postMultipart, type FilePart } from '../../test/multipart.js';

const UNSAFE = 'A file name must not be empty or contain /, \\, .. or control characters';

describe('agent knowledge-base documents', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-documents-'));
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  const parley = await startServer({ dataDir });
  const token = await login(parley, 'developer@parley.dev');
  const created = await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Docs bot', description: 'd', type: 'nlp' } });
  const agentId = created.data.id as string;
  const eId = (await call(parley, 'GET', `nlp/agent/${agentId}`, { token })).data.eId as string;
  const folder = join(dataDir, 'documents', eId, agentId);

  const upload = (files: FilePart[], as = token, id = agentId) =>
    postMultipart(parley, 'nlp/agent/upload_documents', { token: as, fields: { agentId: id }, files });
  const listed = async () =>
    ((await call(parley, 'GET', `nlp/agent/${agentId}/genai/config`, { token })).data.documents as { fileName: string }[]).map((d) => d.fileName);
  const onDisk = async () => (existsSync(folder) ? (await readdir(folder)).sort() : []);
  const pdf = (name: string): FilePart => ({ name, content: minimalPdf(name) });

  it('stores real PDFs under the agent folder and lists them', async () => {
    const res = await upload([pdf('faq.pdf'), pdf('Price List 2024.PDF')]);
    expect(res).toMatchObject({
      status: true,
      code: 100,
      message: 'Documents Uploaded Successfully',
      data: [{ fileName: 'faq.pdf' }, { fileName: 'Price List 2024.PDF' }],
    });
    expect(new Uint8Array(await readFile(join(folder, 'faq.pdf')))).toEqual(minimalPdf('faq.pdf'));
    expect(await listed()).toEqual(['faq.pdf', 'Price List 2024.PDF']);
    // No temporary file is left behind.
    expect(await onDisk()).toEqual(['Price List 2024.PDF', 'faq.pdf']);
  });

  it('refuses a text file named .pdf, and stores nothing of a request with one bad file', async () => {
    const fake = await upload([{ name: 'notes.pdf', content: 'just some text, not a PDF', type: 'application/pdf' }]);
    expect(fake).toMatchObject({ code: 1400, message: 'Only PDF files are accepted', errors: [{ field: 'files', message: 'Only PDF files are accepted' }] });
    const mixed = await upload([pdf('good.pdf'), { name: 'image.png', content: minimalPdf(), type: 'image/png' }]);
    expect(mixed.message).toBe('Only PDF files are accepted');
    expect(await onDisk()).toEqual(['Price List 2024.PDF', 'faq.pdf']);
  });

  it('refuses a name already uploaded, or sent twice, with the spec message', async () => {
    const again = await upload([pdf('other.pdf'), pdf('faq.pdf')]);
    expect(again).toMatchObject({ code: 1400, message: 'File "faq.pdf" is already exist' });
    const twice = await upload([pdf('twice.pdf'), pdf('twice.pdf')]);
    expect(twice.message).toBe('File "twice.pdf" is already exist');
    expect(await listed()).toEqual(['faq.pdf', 'Price List 2024.PDF']);
  });

  it('refuses names that could leave the agent folder', async () => {
    for (const name of ['../evil.pdf', '../../escape.pdf', 'sub/dir.pdf', 'back\\slash.pdf', 'dots..pdf', 'bell\u0007.pdf', '.hidden.pdf']) {
      const res = await upload([pdf(name)]);
      expect({ name, message: res.message, code: res.code }).toEqual({ name, message: UNSAFE, code: 1400 });
    }
    expect(existsSync(join(dataDir, 'documents', eId, 'evil.pdf'))).toBe(false);
    expect(existsSync(join(dataDir, 'documents', 'escape.pdf'))).toBe(false);
    expect(await onDisk()).toEqual(['Price List 2024.PDF', 'faq.pdf']);
  });

  it('refuses a file over 10 MB and a request without files or agent', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(minimalPdf());
    expect(await upload([{ name: 'big.pdf', content: big }])).toMatchObject({ code: 1400, message: 'File "big.pdf" is larger than the 10 MB limit' });
    expect((await upload([])).message).toBe('Please choose at least one PDF file');
    const noAgent = await postMultipart(parley, 'nlp/agent/upload_documents', { token, files: [pdf('x.pdf')] });
    expect(noAgent.code).toBe(1400);
    expect(noAgent.errors?.[0]?.field).toBe('agentId');
    const notMultipart = await call(parley, 'POST', 'nlp/agent/upload_documents', { token, form: { agentId } });
    expect(notMultipart.message).toBe('Please choose at least one PDF file');
    // Multipart stays confined to the upload route.
    expect((await postMultipart(parley, 'nlp/agent', { token, fields: { name: 'Via multipart', description: 'd', type: 'nlp' } })).httpStatus).toBe(415);
    expect(await onDisk()).toEqual(['Price List 2024.PDF', 'faq.pdf']);
  });

  it('deletes documents from disk and from the list, by JSON list or repeated form field', async () => {
    await upload([pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]);
    const json = await call(parley, 'POST', 'nlp/agent/delete_documents', { token, json: { agentId, filenames: ['faq.pdf'] } });
    expect(json).toMatchObject({ code: 100, message: 'Documents Deleted Successfully', data: [{ fileName: 'faq.pdf' }] });
    expect(existsSync(join(folder, 'faq.pdf'))).toBe(false);

    const form = await parley.app.inject({
      method: 'POST',
      url: '/api/nlp/agent/delete_documents',
      headers: { 'authentication-token': token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `agentId=${agentId}&filenames=a.pdf&filenames=${encodeURIComponent('Price List 2024.PDF')}`,
    });
    expect(form.json()).toMatchObject({ code: 100 });
    const single = await call(parley, 'POST', 'nlp/agent/delete_documents', { token, form: { agentId, filenames: 'b.pdf' } });
    expect(single.code).toBe(100);
    expect(await listed()).toEqual(['c.pdf']);
    expect(await onDisk()).toEqual(['c.pdf']);
    // A deleted name can be uploaded again.
    expect((await upload([pdf('faq.pdf')])).code).toBe(100);
  });

  it('refuses deleting unknown or unsafe names, deleting nothing', async () => {
    const unknown = await call(parley, 'POST', 'nlp/agent/delete_documents', { token, json: { agentId, filenames: ['c.pdf', 'missing.pdf'] } });
    expect(unknown).toMatchObject({ code: 1400, message: 'File "missing.pdf" was not found' });
    const traversal = await call(parley, 'POST', 'nlp/agent/delete_documents', { token, json: { agentId, filenames: ['../../../secret.key'] } });
    expect(traversal.errors).toEqual([{ field: 'filenames.0', message: UNSAFE }]);
    expect((await call(parley, 'POST', 'nlp/agent/delete_documents', { token, json: { agentId, filenames: [] } })).message).toBe(
      'Please choose at least one document to delete',
    );
    expect(await onDisk()).toEqual(['c.pdf', 'faq.pdf']);
  });

  it('refuses a Report Viewer (1403) and another enterprise (404), touching nothing', async () => {
    const viewer = await login(parley, 'viewer@parley.dev');
    expect((await upload([pdf('viewer.pdf')], viewer)).code).toBe(1403);
    expect((await call(parley, 'POST', 'nlp/agent/delete_documents', { token: viewer, json: { agentId, filenames: ['c.pdf'] } })).code).toBe(1403);

    const otherToken = await loginToOtherEnterprise(parley);
    expect(await upload([pdf('intruder.pdf')], otherToken)).toMatchObject({ httpStatus: 404, code: 1404 });
    expect(await call(parley, 'POST', 'nlp/agent/delete_documents', { token: otherToken, json: { agentId, filenames: ['c.pdf'] } })).toMatchObject({
      httpStatus: 404,
      code: 1404,
    });
    expect(await call(parley, 'GET', `nlp/agent/${agentId}/genai/config`, { token: otherToken })).toMatchObject({ code: 1404 });
    expect(await onDisk()).toEqual(['c.pdf', 'faq.pdf']);
    expect(await readdir(join(dataDir, 'documents'))).toEqual([eId]);
  });

  it('keeps the agent’s documents while the agent is in the trash, and removes them when it is deleted for good', async () => {
    const doomed = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Short-lived', description: 'd', type: 'nlp' } })).data.id as string;
    expect((await upload([pdf('manual.pdf')], token, doomed)).status).toBe(true);
    const folder = join(dataDir, 'documents', eId, doomed);
    expect(existsSync(join(folder, 'manual.pdf'))).toBe(true);
    expect((await call(parley, 'DELETE', `nlp/agent/${doomed}`, { token })).code).toBe(100);
    // Restorable for 30 days: the documents stay with it.
    expect(existsSync(join(folder, 'manual.pdf'))).toBe(true);
    const admin = await login(parley);
    const items = (await call(parley, 'GET', 'e/enterprise/trash', { token: admin, query: { type: 'agent' } })).data as { id: string; objectId: string }[];
    const item = items.find((i) => i.objectId === doomed)!;
    expect((await call(parley, 'DELETE', `e/enterprise/trash/${item.id}`, { token: admin })).status).toBe(true);
    expect(existsSync(folder)).toBe(false);
    expect(await onDisk()).not.toEqual([]);
  });
});
