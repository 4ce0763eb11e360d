import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { afterAll, describe, expect, it } from 'vitest';
import { buckets, users } from '../db/schema.js';
import { artifactFileStore } from '../domains/artifacts/routes.js';
import { call, login, startServer } from '../test/harness.js';
import { DEMO_ADMIN_EMAIL } from './demo.js';
import { demoImageUrl, demoPdf, seedDemoArtifacts } from './demo-artifacts.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-demo-artifacts-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the demo attachment library', async () => {
  const parley = await startServer({ dataDir });
  // A server on an in-memory database skips the demo files (they would pile up in the data folder test after test):
  // they are seeded here, into a folder of its own. On PostgreSQL the server has seeded them itself.
  const [admin] = await parley.database.db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  const [seeded] = await parley.database.db.select().from(buckets).where(eq(buckets.eId, admin!.eId));
  if (!seeded) await seedDemoArtifacts(parley.database.db, artifactFileStore({ dataDir }), admin!.eId, admin!.id);
  const token = await login(parley);
  const get = (url: string) => parley.app.inject({ method: 'GET', url: url.replace('http://parley.test', '') });

  it('has a public "Spring campaign" bucket of three image cards that anyone can fetch by URL', async () => {
    const buckets = (await call(parley, 'GET', 'e/enterprise/buckets', { token })).data.list;
    expect(buckets).toEqual([expect.objectContaining({ name: 'Spring campaign', count: 3, isPublic: true })]);
    const images = (await call(parley, 'GET', 'e/enterprise/artifacts', { token, query: { bucketId: buckets[0].id, perPage: '-1' } })).data.artifacts;
    expect(images.map((a: { data: { name: string } }) => a.data.name)).toEqual(['Spring sale banner.png', 'New arrivals.png', 'Weekend offer.png']);
    for (let n = 1; n <= 3; n++) {
      expect(images[n - 1].data.url).toBe(demoImageUrl(n));
      const res = await get(demoImageUrl(n));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(imageSize(res.rawPayload)).toMatchObject({ width: 800, height: 600, type: 'png' });
      expect(res.rawPayload.length).toBeLessThan(5 * 1024 * 1024);
      expect(await call(parley, 'POST', 'chatbird/api/media/validate', { token, json: { id: images[n - 1]._id, mediaType: 'IMAGE' } })).toMatchObject({
        status: true,
      });
    }
  });

  it('has a price list PDF, a location, a link and a message, and one private image of the admin', async () => {
    const all = (await call(parley, 'GET', 'e/enterprise/artifacts', { token })).data.artifacts;
    expect(all.map((a: { data: { type: string; name: string } }) => `${a.data.type} ${a.data.name}`)).toEqual([
      'IMAGE Spring sale banner.png',
      'IMAGE New arrivals.png',
      'IMAGE Weekend offer.png',
      'DOC Price list.pdf',
      'LOCATION Head office',
      'URL Store locator',
      'MSG Opening hours',
    ]);
    const pdf = all.find((a: { data: { name: string } }) => a.data.name === 'Price list.pdf');
    expect(await call(parley, 'POST', 'chatbird/api/media/validate', { token, json: { id: pdf._id, mediaType: 'DOC' } })).toMatchObject({
      status: true,
      data: { mimeType: 'application/pdf' },
    });
    expect((await get(pdf.data.url)).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mine = (await call(parley, 'GET', 'e/enterprise/artifacts', { token, query: { visibility: 'private' } })).data.artifacts;
    expect(mine).toEqual([expect.objectContaining({ isPublic: false, data: expect.objectContaining({ type: 'IMAGE' }) })]);
    expect((await get(mine[0].data.url)).statusCode).toBe(401);
    const maker = await login(parley, 'maker@parley.dev');
    expect((await call(parley, 'GET', 'e/enterprise/artifacts', { token: maker, query: { visibility: 'private' } })).data.artifacts).toEqual([]);
  });

  it('writes a PDF whose cross-reference table points at its objects', () => {
    const text = demoPdf(['Hello (world)']).toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((o, i) => expect(text.slice(o).startsWith(`${i + 1} 0 obj`)).toBe(true));
    expect(text).toContain('(Hello \\(world\\)) Tj');
  });
});
