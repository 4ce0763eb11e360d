import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Parley } from '../../app.js';
import { artifacts, buckets } from '../../db/schema.js';
import { STORED_NAME_MAX } from '@parley/sdk/contract/artifacts';
import { call, login, startServer, type EnvelopeReply } from '../../test/harness.js';
import { minimalPdf } from '../../test/multipart.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-artifacts-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A PNG of the given size; `noise` makes it incompressible (and so large). */
function png(width: number, height: number, noise = false): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i++) image.data[i] = noise ? Math.floor(Math.random() * 256) : i % 4 === 3 ? 255 : 120;
  return PNG.sync.write(image);
}

type Part = { kind: 'field'; name: string; value: string } | { kind: 'file'; name: string; fileName: string; content: Uint8Array | string; type?: string };

/** A multipart body in exactly the order given (FormData would do, but this keeps the order explicit). */
async function postParts(parley: Parley, parts: Part[], token?: string): Promise<EnvelopeReply> {
  const form = new FormData();
  for (const p of parts) {
    if (p.kind === 'field') form.append(p.name, p.value);
    else form.append(p.name, new Blob([p.content], { type: p.type ?? 'application/octet-stream' }), p.fileName);
  }
  const encoded = new Response(form);
  const res = await parley.app.inject({
    method: 'POST',
    url: '/api/e/drive/upload',
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(token ? { 'authentication-token': token } : {}) },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { httpStatus: res.statusCode, ...res.json() };
}

const field = (name: string, value: string): Part => ({ kind: 'field', name, value });
const file = (fileName: string, content: Uint8Array | string): Part => ({ kind: 'file', name: 'file', fileName, content });
const storedFiles = () =>
  existsSync(join(dataDir, 'files', 'artifacts'))
    ? readdirSync(join(dataDir, 'files', 'artifacts'), { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
    : [];

describe('attachment uploads, files and media validation', async () => {
  const parley = await startServer({ dataDir });
  // From an empty library: a server on a file-backed database seeds the demo's (tested in seed/demo-artifacts.test.ts).
  await parley.database.db.delete(artifacts);
  await parley.database.db.delete(buckets);
  const token = await login(parley);
  const upload = (parts: Part[], as = token) => postParts(parley, parts, as);
  const list = async (query: Record<string, string> = {}, as = token) => call(parley, 'GET', 'e/enterprise/artifacts', { token: as, query });
  const served = (url: string, headers: Record<string, string> = {}) =>
    parley.app.inject({ method: 'GET', url: url.replace('http://parley.test', ''), headers });
  const bucket = (await call(parley, 'POST', 'e/enterprise/buckets', { token, json: { name: 'Spring uploads' } })).data.bucket;
  let imageId = '';
  let imageUrl = '';

  it('stores a PNG in a bucket with its size, dimensions and a URL, listed in the bucket and in the public list', async () => {
    const bytes = png(640, 480);
    const res = await upload([
      field('bucketUpload', 'true'),
      field('bucketId', bucket.id),
      field('desc', 'Spring banner'),
      file('C:\\Users\\me\\spring banner.png', bytes),
    ]);
    expect(res).toMatchObject({ status: true, message: 'File uploaded successfully' });
    const artifact = res.data.artifact;
    expect(artifact).toMatchObject({
      type: 1,
      isPublic: true,
      adminCreated: true,
      bucketId: bucket.id,
      data: { type: 'IMAGE', name: 'spring banner.png', desc: 'Spring banner', mimeType: 'image/png', size: bytes.length },
    });
    // A path: the page reaches it on whatever address it reached the API (PUBLIC_URL is only for vendors).
    expect(res.data.url).toBe(`/files/${artifact._id}/spring%20banner.png`);
    expect(artifact.data.url).toBe(res.data.url);
    imageId = artifact._id;
    imageUrl = res.data.url;
    const inBucket = await list({ bucketId: bucket.id, perPage: '-1' });
    expect(inBucket.data.artifacts.map((a: { _id: string }) => a._id)).toEqual([imageId]);
    expect((await list()).data.artifacts.map((a: { _id: string }) => a._id)).toContain(imageId);
    const listed = (await call(parley, 'GET', 'e/enterprise/buckets', { token })).data.list;
    expect(listed).toEqual([{ id: bucket.id, name: 'Spring uploads', isPublic: true, count: 1 }]);
  });

  it('serves a public file without a session, with its type and safe headers', async () => {
    const res = await served(imageUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="spring banner.png"; filename*=UTF-8''spring%20banner.png`);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.rawPayload.subarray(0, 8)).toEqual(png(1, 1).subarray(0, 8));
    expect((await served(imageUrl, { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
    expect((await served('/files/not-an-id/x.png')).statusCode).toBe(404);
    expect((await served(`/files/${imageId.replace(/.$/, imageId.endsWith('0') ? '1' : '0')}/x.png`)).statusCode).toBe(404);
  });

  it('serves every name it stores: the longest, in any script, renamed too (one limit for the name and its URL)', async () => {
    for (const name of [`${'a'.repeat(146)}.png`, `${'b'.repeat(196)}.png`, `${'चित्र'.repeat(39)}.png`, `${'😀'.repeat(120)}.png`]) {
      const res = await upload([file(name, png(4, 4))]);
      expect(res).toMatchObject({ status: true });
      const stored = res.data.artifact.data.name as string;
      expect(stored.length).toBeLessThanOrEqual(STORED_NAME_MAX);
      // A name cut to the limit keeps whole characters: half an emoji cannot be put in a URL.
      expect(() => encodeURIComponent(stored)).not.toThrow();
      const served200 = await served(res.data.url);
      expect(served200.statusCode).toBe(200);
      expect(served200.headers['content-type']).toBe('image/png');
      const renamed = await call(parley, 'PUT', `e/enterprise/artifacts/${res.data.artifact._id}`, {
        token,
        json: { name: `${'c'.repeat(STORED_NAME_MAX - 4)}.png` },
      });
      expect((await served(renamed.data.artifact.data.url)).statusCode).toBe(200);
    }
    const id = (await upload([file('x.png', png(4, 4))])).data.artifact._id as string;
    const lone = await call(parley, 'PUT', `e/enterprise/artifacts/${id}`, { token, json: { name: '\ud800 half.png' } });
    expect(lone).toMatchObject({ status: true, data: { artifact: { data: { name: '\ufffd half.png' } } } });
    expect((await served(lone.data.artifact.data.url)).statusCode).toBe(200);
  });

  it('takes the fields after the file as well as before it', async () => {
    const res = await upload([file('price list.pdf', minimalPdf()), field('isPublic', 'false'), field('desc', 'Prices')]);
    expect(res).toMatchObject({
      status: true,
      data: { artifact: { type: 0, isPublic: false, data: { type: 'DOC', name: 'price list.pdf', desc: 'Prices', mimeType: 'application/pdf' } } },
    });
  });

  it('refuses other extensions and files whose bytes are not what their extension says, leaving nothing behind', async () => {
    const before = storedFiles().length;
    const total = (await list({ perPage: '100' })).data.artifacts.length;
    expect(await upload([file('notes.txt', 'hello')])).toMatchObject({ status: false, message: 'Invalid File Format !' });
    expect(await upload([file('photo.png', '<html><script>alert(1)</script></html>')])).toMatchObject({ status: false, message: 'Invalid File Format !' });
    expect(await upload([file('photo.jpg', png(10, 10))])).toMatchObject({ status: false, message: 'Invalid File Format !' });
    expect(await upload([file('empty.png', new Uint8Array())])).toMatchObject({ status: false, message: 'Invalid File Format !' });
    expect(await upload([file('report.docx', '%PDF-1.4 not a zip')])).toMatchObject({ status: false, message: 'Invalid File Format !' });
    expect(await upload([file('data.csv', new Uint8Array([0x61, 0x00, 0x62]))])).toMatchObject({ status: false, message: 'Invalid File Format !' });
    expect(await upload([field('rType', 'ICON'), file('icon.gif', 'GIF89a')])).toMatchObject({ status: false, message: 'Invalid file format' });
    expect(await upload([field('desc', 'no file at all')])).toMatchObject({ status: false, message: 'Invalid File Format !' });
    expect(storedFiles()).toHaveLength(before);
    expect((await list({ perPage: '100' })).data.artifacts).toHaveLength(total);
    // Text-ish csv and OLE / zip office files are accepted by their signatures.
    expect(await upload([file('leads.csv', 'name,phone\r\nAsha,+919876500001\r\n')])).toMatchObject({
      status: true,
      data: { artifact: { data: { mimeType: 'text/csv' } } },
    });
    expect(await upload([file('old.doc', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(600).fill(0)]))])).toMatchObject({
      status: true,
    });
  });

  it('stops a file at its kind limit and keeps nothing of it', async () => {
    const before = storedFiles().length;
    const total = (await list({ perPage: '100' })).data.artifacts.length;
    const big = Buffer.alloc(5 * 1024 * 1024 + 100, 7);
    png(1, 1).copy(big);
    expect(await upload([file('huge.png', big), field('desc', 'after the file')])).toMatchObject({ status: false, message: 'Image must be at most 5 MB' });
    expect(storedFiles()).toHaveLength(before);
    expect((await list({ perPage: '100' })).data.artifacts).toHaveLength(total);
  });

  it('answers a too-large upload over a real connection with its refusal, not a broken connection', async () => {
    const address = await parley.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(20 * 1024 * 1024, 1)]), 'huge.png');
    const res = await fetch(`${address}/api/e/drive/upload`, { method: 'POST', headers: { 'authentication-token': token }, body: form });
    expect(await res.json()).toMatchObject({ status: false, message: 'Image must be at most 5 MB' });
    // A refused upload's connection is closed, so no half-read body holds the server open.
    expect(res.headers.get('connection')).toBe('close');
  });

  it('applies the icon rule: at most 1024 x 1024 and 50 kB, whichever side of the file rType comes', async () => {
    const before = storedFiles().length;
    const wide = png(1100, 50);
    expect(wide.length).toBeLessThan(50 * 1024);
    const rule = 'Image must be within 1024 x 1024 resoultion and maximum size should be 50kb';
    expect(await upload([field('rType', 'ICON'), file('wide.png', wide)])).toMatchObject({ status: false, message: rule });
    const heavy = png(200, 200, true);
    expect(heavy.length).toBeGreaterThan(50 * 1024);
    expect(await upload([field('rType', 'ICON'), file('heavy.png', heavy)])).toMatchObject({ status: false, message: rule });
    expect(await upload([file('heavy.png', heavy), field('rType', 'ICON')])).toMatchObject({ status: false, message: rule });
    expect(storedFiles()).toHaveLength(before);
    expect(await upload([file('logo.png', png(512, 512)), field('rType', 'ICON')])).toMatchObject({ status: true });
  });

  it('files into a bucket only of the same visibility, of the same enterprise', async () => {
    const other = await loginToOtherEnterprise(parley);
    expect(await upload([field('bucketUpload', 'true'), field('bucketId', bucket.id), file('a.png', png(4, 4))], other)).toMatchObject({
      status: false,
      code: 1404,
      message: 'Bucket not found',
    });
    expect(await upload([field('bucketUpload', 'true'), file('a.png', png(4, 4))])).toMatchObject({ status: false, message: 'Bucket not found' });
    expect(await upload([field('bucketUpload', 'true'), field('bucketId', bucket.id), field('isPublic', 'false'), file('a.png', png(4, 4))])).toMatchObject({
      status: false,
      message: 'Public attachments go into public buckets and private ones into private buckets',
    });
  });

  it('serves a private file to its creator only', async () => {
    const res = await upload([field('isPublic', 'false'), file('draft.png', png(8, 8))]);
    const url = res.data.url as string;
    expect((await served(url)).statusCode).toBe(401);
    expect((await served(url, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await served(url, { 'authentication-token': token })).statusCode).toBe(200);
    const maker = await login(parley, 'maker@parley.dev');
    expect((await served(url, { authorization: `Bearer ${maker}` })).statusCode).toBe(404);
    expect((await served(url, { authorization: `Bearer ${await loginToOtherEnterprise(parley)}` })).statusCode).toBe(404);
    expect((await served(url, { authorization: 'Bearer not-a-session' })).statusCode).toBe(404);
    expect((await list({ visibility: 'private' }, maker)).data.artifacts).toEqual([]);
    expect((await call(parley, 'GET', `e/enterprise/artifacts/${res.data.artifact._id}`, { token: maker })).code).toBe(1404);
  });

  it('validates chat media: kind, PDF for documents, and a file still stored', async () => {
    const validate = (json: Record<string, string>, as = token) => call(parley, 'POST', 'chatbird/api/media/validate', { token: as, json });
    expect(await validate({ id: imageId, channelType: 'WHATSAPP', mediaType: 'IMAGE' })).toMatchObject({
      status: true,
      data: { valid: true, url: imageUrl, mimeType: 'image/png' },
    });
    expect(await validate({ id: imageId, mediaType: 'DOC' })).toMatchObject({ status: false, message: 'Invalid file type !' });
    const sheet = (await upload([file('sheet.csv', 'a,b\n1,2\n')])).data.artifact._id;
    expect(await validate({ id: sheet, mediaType: 'DOC' })).toMatchObject({ status: false, message: 'Invalid file type !' });
    const location = (await call(parley, 'POST', 'e/enterprise/artifacts', { token, json: { data: { type: 'LOCATION', name: 'Office', address: 'MG Road' } } }))
      .data.artifact._id;
    expect(await validate({ id: location })).toMatchObject({ status: false, message: 'Invalid file type !' });
    expect(await validate({ id: imageId }, await loginToOtherEnterprise(parley))).toMatchObject({ status: false, message: 'media not found !!' });
    const agent = await login(parley, 'agent@parley.dev');
    expect(await validate({ id: imageId }, agent)).toMatchObject({ status: true });
    // The file goes from the disk behind the server's back.
    const stored = storedFiles().find((d) => d.name === imageId)!;
    rmSync(join(stored.parentPath, stored.name));
    expect(await validate({ id: imageId, mediaType: 'IMAGE' })).toMatchObject({ status: false, message: 'media not found !!' });
    expect((await served(imageUrl)).statusCode).toBe(404);
  });

  it('stops serving a deleted attachment, keeps its file for the trash, and removes it when deleted forever', async () => {
    const res = await upload([file('temp.png', png(4, 4))]);
    const id = res.data.artifact._id as string;
    expect(storedFiles().some((d) => d.name === id)).toBe(true);
    expect(await call(parley, 'DELETE', `e/enterprise/artifacts/${id}`, { token })).toMatchObject({ status: true, message: 'Attachment deleted successfully' });
    expect((await served(res.data.url)).statusCode).toBe(404);
    expect(storedFiles().some((d) => d.name === id)).toBe(true);
    const item = (await call(parley, 'GET', 'e/enterprise/trash', { token, query: { type: 'attachment' } })).data.find(
      (i: { objectId: string }) => i.objectId === id,
    );
    expect(await call(parley, 'DELETE', `e/enterprise/trash/${item.id}`, { token })).toMatchObject({ status: true });
    expect(storedFiles().some((d) => d.name === id)).toBe(false);
  });

  it('answers 1403 to an upload without CREATIVES.CREATE, and lets the campaign maker upload', async () => {
    for (const email of ['viewer@parley.dev', 'agent@parley.dev']) {
      expect(await upload([file('x.png', png(4, 4))], await login(parley, email))).toMatchObject({ status: false, code: 1403 });
    }
    expect(await upload([file('x.png', png(4, 4))], await login(parley, 'maker@parley.dev'))).toMatchObject({
      status: true,
      data: { artifact: { adminCreated: false } },
    });
  });
});
