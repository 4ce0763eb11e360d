import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { minimalPdf } from '../../test/multipart.js';

/** One raw part: the Content-Disposition parameters as a client wrote them, which FormData cannot produce. */
interface RawPart {
  disposition: string;
  content: Uint8Array | string;
}

const BOUNDARY = 'parley-raw-boundary';
const pdfPart = (disposition: string): RawPart => ({ disposition, content: minimalPdf() });

/** Issue 21 item 8: odd multipart parts are refused with 1400 on `files`, never a 500, and nothing is stored. */
describe('document upload parts', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-upload-parts-'));
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  const parley = await startServer({ dataDir });
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Parts bot', description: 'd', type: 'nlp' } })).data.id as string;
  const eId = (await call(parley, 'GET', `nlp/agent/${agentId}`, { token })).data.eId as string;
  const folder = join(dataDir, 'documents', eId, agentId);
  const onDisk = async () => (existsSync(folder) ? (await readdir(folder)).sort() : []);
  const listed = async () =>
    ((await call(parley, 'GET', `nlp/agent/${agentId}/genai/config`, { token })).data.documents as { fileName: string }[]).map((d) => d.fileName);

  async function upload(parts: RawPart[]) {
    const chunks = [`name="agentId"`].map((d) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; ${d}\r\n\r\n${agentId}\r\n`));
    for (const p of parts) {
      chunks.push(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; ${p.disposition}\r\nContent-Type: application/pdf\r\n\r\n`),
        Buffer.from(p.content),
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
    const res = await parley.app.inject({
      method: 'POST',
      url: '/api/nlp/agent/upload_documents',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'authentication-token': token },
      payload: Buffer.concat(chunks),
    });
    return { httpStatus: res.statusCode, ...(res.json() as { code: number; errors?: { field: string; message: string }[] }) };
  }
  const refusal = (message: string) => ({ httpStatus: 400, code: 1400, errors: [{ field: 'files', message }] });

  it('refuses a file with an empty name, storing none of the request', async () => {
    for (const disposition of ['name="files"; filename=""', `name="files"; filename*=UTF-8''`, 'name="files"; filename="   "']) {
      expect(await upload([pdfPart('name="files"; filename="good.pdf"'), pdfPart(disposition)])).toMatchObject(refusal('Please give every file a name'));
    }
    expect(await onDisk()).toEqual([]);
    expect(await listed()).toEqual([]);
  });

  it('refuses names of only dots or slashes', async () => {
    for (const name of ['.', '..', '...', '/', '///', '\\\\']) {
      expect(await upload([pdfPart(`name="files"; filename="${name}"`)])).toMatchObject(
        refusal('A file name must not be empty or contain /, \\, .. or control characters'),
      );
    }
    expect(await onDisk()).toEqual([]);
  });

  it('refuses a name too long for the file system, and stores one that just fits', async () => {
    // 194 characters, under the 200-character limit, but 384 bytes in UTF-8: the disk refused it with a 500.
    const tooLong = `${'é'.repeat(190)}.pdf`;
    expect(await upload([pdfPart(`name="files"; filename*=UTF-8''${encodeURIComponent(tooLong)}`)])).toMatchObject(
      refusal('A file name can be at most 200 characters (255 bytes)'),
    );
    expect(await onDisk()).toEqual([]);
    const fits = `${'é'.repeat(125)}.pdf`;
    expect((await upload([pdfPart(`name="files"; filename*=UTF-8''${encodeURIComponent(fits)}`)])).code).toBe(100);
    expect(await listed()).toEqual([fits]);
  });

  it('refuses a document sent as text or under another part name, and unknown text fields', async () => {
    const good = pdfPart('name="files"; filename="kept-out.pdf"');
    expect(await upload([good, pdfPart('name="files"')])).toMatchObject(refusal('Please send each document as a file, not as text'));
    expect(await upload([good, pdfPart('name="document"; filename="manual.pdf"')])).toMatchObject(
      refusal('Unexpected part "document": send the agent as agentId and the documents as files'),
    );
    expect(await upload([good, { disposition: 'name="folder"', content: 'x' }])).toMatchObject(
      refusal('Unexpected part "folder": send the agent as agentId and the documents as files'),
    );
    expect((await onDisk()).filter((n) => n.includes('kept-out') || n.includes('manual'))).toEqual([]);
  });
});
