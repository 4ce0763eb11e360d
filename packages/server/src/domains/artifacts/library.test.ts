import { describe, expect, it } from 'vitest';
import { artifacts, buckets as bucketsTable } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { minimalPdf, postMultipart } from '../../test/multipart.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

type Json = Record<string, unknown>;

describe('the attachment library: kinds, lists, visibility and buckets', async () => {
  const parley = await startServer();
  // From an empty library: a server on a file-backed database seeds the demo's (tested in seed/demo-artifacts.test.ts).
  await parley.database.db.delete(artifacts);
  await parley.database.db.delete(bucketsTable);
  const token = await login(parley);
  const maker = await login(parley, 'maker@parley.dev');
  const other = await loginToOtherEnterprise(parley);
  const create = (json: Json, as = token) => call(parley, 'POST', 'e/enterprise/artifacts', { token: as, json });
  const list = (query: Record<string, string> = {}, as = token) => call(parley, 'GET', 'e/enterprise/artifacts', { token: as, query });
  const names = async (query: Record<string, string> = {}, as = token) =>
    (await list({ perPage: '100', ...query }, as)).data.artifacts.map((a: { data: { name: string } }) => a.data.name);
  const buckets = async (visibility = 'public', as = token) =>
    (await call(parley, 'GET', 'e/enterprise/buckets', { token: as, query: { visibility } })).data.list;
  const pdf = (
    await postMultipart(parley, 'e/drive/upload', {
      token,
      fields: { desc: 'Price list', deptId: 'sales' },
      files: [{ field: 'file', name: 'prices.pdf', content: minimalPdf() }],
    })
  ).data.artifact;

  it('creates locations, links and messages, refusing what each lacks in the spec words', async () => {
    expect(await create({ data: { type: 'LOCATION', name: 'Head office', address: '  ' } })).toMatchObject({
      status: false,
      message: 'This field is required',
      errors: [{ field: 'data.address' }],
    });
    expect(await create({ data: { type: 'URL', name: 'Shop', url: 'javascript:alert(1)' } })).toMatchObject({
      status: false,
      message: 'Please enter a valid url',
    });
    expect(await create({ data: { type: 'URL', name: 'Shop', url: 'not a url' } })).toMatchObject({ status: false, message: 'Please enter a valid url' });
    expect(await create({ data: { type: 'MSG', name: 'Hours', desc: ' ' } })).toMatchObject({ status: false, message: 'This field is required' });
    expect(await create({ data: { type: 'IMAGE', name: 'x.png' } })).toMatchObject({ status: false, message: 'Invalid File Format !' });
    const location = await create({ data: { type: 'LOCATION', name: 'Head office', address: '12 Residency Road, Bengaluru' }, deptId: 'sales' });
    expect(location).toMatchObject({
      status: true,
      message: 'Attachment saved successfully',
      data: { artifact: { type: 2, deptId: 'sales', data: { type: 'LOCATION', name: 'Head office', address: '12 Residency Road, Bengaluru' } } },
    });
    expect((await create({ data: { type: 'URL', name: 'Store locator', url: 'https://example.com/stores' } })).data.artifact).toMatchObject({
      type: 3,
      data: { url: 'https://example.com/stores' },
    });
    // Form bodies carry `data` as JSON text, as the console's forms send it.
    const message = await call(parley, 'POST', 'e/enterprise/artifacts', {
      token,
      form: { data: JSON.stringify({ type: 'MSG', name: '', desc: 'Open 9 to 7' }), isPublic: 'true' },
    });
    expect(message.data.artifact).toMatchObject({ type: 7, data: { type: 'MSG', name: 'Open 9 to 7', desc: 'Open 9 to 7' } });
  });

  it('filters by type, kind, department and a search of name and description', async () => {
    expect(await names({ type: '2' })).toEqual(['Head office']);
    expect(await names({ type: '3' })).toEqual(['Store locator']);
    expect(await names({ type: '7' })).toEqual(['Open 9 to 7']);
    expect(await names({ type: '0' })).toEqual(['prices.pdf']);
    expect(await names({ type: '1' })).toEqual([]);
    expect(await names({ type: '4' })).toEqual([]);
    expect(await names({ mediaType: 'DOC' })).toEqual(['prices.pdf']);
    expect(await names({ deptId: 'sales' })).toEqual(['Head office', 'prices.pdf']);
    expect(await names({ desc: 'PRICE' })).toEqual(['prices.pdf']);
    expect(await names({ desc: 'residency' })).toEqual([]);
    expect(await names({ desc: 'office' })).toEqual(['Head office']);
    expect(await names({ desc: '%' })).toEqual([]);
  });

  it('pages 15 at a time, newest first, saying when there is more', async () => {
    for (let i = 1; i <= 17; i++) await create({ data: { type: 'MSG', name: `Note ${String(i).padStart(2, '0')}`, desc: `note ${i}` } });
    const first = await list({ type: '7' });
    expect(first.data.artifacts).toHaveLength(15);
    expect(first.data.artifacts[0].data.name).toBe('Note 17');
    expect(first).toMatchObject({ more: true, data: { more: true } });
    const second = await list({ type: '7', from: '15' });
    expect(second.data.artifacts.map((a: { data: { name: string } }) => a.data.name)).toEqual(['Note 02', 'Note 01', 'Open 9 to 7']);
    expect(second).toMatchObject({ more: false, data: { more: false } });
  });

  it('keeps private attachments to their creator', async () => {
    await create({ data: { type: 'MSG', name: 'My private note', desc: 'mine' }, isPublic: false });
    expect(await names({ visibility: 'private' })).toEqual(['My private note']);
    expect(await names({ desc: 'private' })).toEqual([]);
    expect(await names({ visibility: 'private' }, maker)).toEqual([]);
    expect(await names({ desc: 'private', visibility: 'private' }, maker)).toEqual([]);
    const mine = (await create({ data: { type: 'MSG', name: 'Maker note', desc: 'maker' }, isPublic: false }, maker)).data.artifact;
    expect(await names({ visibility: 'private' }, maker)).toEqual(['Maker note']);
    expect((await call(parley, 'GET', `e/enterprise/artifacts/${mine._id}`, { token })).code).toBe(1404);
    expect((await call(parley, 'PUT', `e/enterprise/artifacts/${mine._id}`, { token, json: { name: 'Taken' } })).code).toBe(1404);
    expect((await call(parley, 'DELETE', `e/enterprise/artifacts/${mine._id}`, { token })).code).toBe(1404);
  });

  it('edits name, description and visibility', async () => {
    const res = await call(parley, 'PUT', `e/enterprise/artifacts/${pdf._id}`, { token, json: { name: 'Spring prices.pdf', desc: 'Updated' } });
    expect(res).toMatchObject({
      status: true,
      data: { artifact: { data: { name: 'Spring prices.pdf', desc: 'Updated', url: `/files/${pdf._id}/Spring%20prices.pdf` } } },
    });
    expect(await call(parley, 'PUT', `e/enterprise/artifacts/${pdf._id}`, { token, json: { name: '  ' } })).toMatchObject({
      status: false,
      message: 'This field is required',
    });
    expect((await call(parley, 'PUT', `e/enterprise/artifacts/${pdf._id}`, { token, json: { isPublic: false } })).data.artifact.isPublic).toBe(false);
    expect(await names({ visibility: 'private' })).toContain('Spring prices.pdf');
    await call(parley, 'PUT', `e/enterprise/artifacts/${pdf._id}`, { token, json: { isPublic: true } });
  });

  it('creates, renames, lists with counts, moves into, removes from and deletes buckets', async () => {
    expect(await call(parley, 'POST', 'e/enterprise/buckets', { token, json: { name: '   ' } })).toMatchObject({
      status: false,
      message: 'This field is required',
    });
    const spring = (await call(parley, 'POST', 'e/enterprise/buckets', { token, json: { name: '  Spring  ' } })).data.bucket;
    expect(spring).toMatchObject({ name: 'Spring', isPublic: true, count: 0 });
    expect(await call(parley, 'POST', 'e/enterprise/buckets', { token, json: { name: 'spring' } })).toMatchObject({
      status: false,
      message: 'A bucket with this name already exists',
    });
    // Private buckets are another namespace, and the caller's own.
    const privateSpring = (await call(parley, 'POST', 'e/enterprise/buckets', { token, json: { name: 'Spring', isPublic: false } })).data.bucket;
    expect(await buckets('private')).toEqual([{ ...privateSpring, count: 0 }]);
    expect(await buckets('private', maker)).toEqual([]);
    const summer = (await call(parley, 'POST', 'e/enterprise/buckets', { token, json: { name: 'Summer' } })).data.bucket;
    expect(await call(parley, 'PUT', `e/enterprise/buckets/${summer.id}`, { token, json: { name: 'SPRING' } })).toMatchObject({
      status: false,
      message: 'A bucket with this name already exists',
    });
    expect((await call(parley, 'PUT', `e/enterprise/buckets/${summer.id}`, { token, json: { name: 'Summer sale' } })).data.bucket.name).toBe('Summer sale');

    const ids = (await list({ type: '7', perPage: '3' })).data.artifacts.map((a: { _id: string }) => a._id);
    const move = (bucketId: string, artifactIds: string[], as = token) =>
      call(parley, 'POST', `e/enterprise/buckets/${bucketId}/move`, { token: as, json: { artifactIds } });
    expect(await move(spring.id, ids)).toMatchObject({ status: true, message: 'Attachments moved to the bucket' });
    expect((await buckets()).map((b: { name: string; count: number }) => [b.name, b.count])).toEqual([
      ['Spring', 3],
      ['Summer sale', 0],
    ]);
    expect(await move(summer.id, [ids[0]])).toMatchObject({ status: true });
    expect((await buckets()).map((b: { count: number }) => b.count)).toEqual([2, 1]);
    expect((await list({ bucketId: spring.id, perPage: '-1' })).data.artifacts.map((a: { _id: string }) => a._id)).toEqual(ids.slice(1));
    expect(await move(privateSpring.id, [ids[1]])).toMatchObject({
      status: false,
      message: 'Public attachments go into public buckets and private ones into private buckets',
    });
    expect(await move(spring.id, ['00000000-0000-4000-8000-000000000000'])).toMatchObject({ status: false, code: 1404 });

    expect(await call(parley, 'POST', `e/enterprise/buckets/${spring.id}/remove`, { token, json: { artifactIds: [ids[1]] } })).toMatchObject({
      status: true,
      message: 'Attachments removed from the bucket',
    });
    expect((await buckets()).map((b: { count: number }) => b.count)).toEqual([1, 1]);
    expect(await call(parley, 'DELETE', `e/enterprise/buckets/${spring.id}`, { token })).toMatchObject({
      status: true,
      message: 'Bucket deleted successfully',
    });
    expect((await buckets()).map((b: { name: string }) => b.name)).toEqual(['Summer sale']);
    // Its attachments stay in the library, out of any bucket.
    expect((await call(parley, 'GET', `e/enterprise/artifacts/${ids[2]}`, { token })).data.artifact).toMatchObject({ _id: ids[2], bucketId: null });
    expect((await list({ bucketId: spring.id })).message).toBe('Bucket not found');
  });

  it('keeps everything within the enterprise', async () => {
    const [bucket] = await buckets();
    const some = (await list({ perPage: '1' })).data.artifacts[0];
    expect((await list({}, other)).data.artifacts).toEqual([]);
    expect(await buckets('public', other)).toEqual([]);
    for (const [method, path, json] of [
      ['GET', `e/enterprise/artifacts/${some._id}`],
      ['PUT', `e/enterprise/artifacts/${some._id}`, { name: 'Stolen' }],
      ['DELETE', `e/enterprise/artifacts/${some._id}`],
      ['GET', 'e/enterprise/artifacts', undefined],
      ['PUT', `e/enterprise/buckets/${bucket.id}`, { name: 'Stolen' }],
      ['DELETE', `e/enterprise/buckets/${bucket.id}`],
      ['POST', `e/enterprise/buckets/${bucket.id}/move`, { artifactIds: [some._id] }],
      ['POST', `e/enterprise/buckets/${bucket.id}/remove`, { artifactIds: [some._id] }],
      ['POST', 'chatbird/api/media/validate', { id: pdf._id }],
    ] as const) {
      const query = path === 'e/enterprise/artifacts' ? { bucketId: bucket.id } : undefined;
      const res = await call(parley, method, path, { token: other, ...(json ? { json } : {}), ...(query ? { query } : {}) });
      expect({ path, method, status: res.status, code: res.code }).toEqual({ path, method, status: false, code: 1404 });
    }
    // Their own attachment cannot go into our bucket either.
    const theirs = (await create({ data: { type: 'MSG', name: 'Theirs', desc: 'x' } }, other)).data.artifact;
    expect((await call(parley, 'POST', `e/enterprise/buckets/${bucket.id}/move`, { token, json: { artifactIds: [theirs._id] } })).code).toBe(1404);
    expect((await call(parley, 'GET', `e/enterprise/artifacts/${some._id}`, { token })).data.artifact.data.name).not.toBe('Stolen');
  });

  it('answers 1403 on every route to roles without the library, and lets agents read it', async () => {
    const viewer = await login(parley, 'viewer@parley.dev');
    const agent = await login(parley, 'agent@parley.dev');
    const [bucket] = await buckets();
    const id = pdf._id as string;
    const routes = [
      ['GET', 'e/enterprise/artifacts', [viewer]],
      ['GET', `e/enterprise/artifacts/${id}`, [viewer]],
      ['POST', 'e/enterprise/artifacts', [viewer, agent]],
      ['PUT', `e/enterprise/artifacts/${id}`, [viewer, agent, maker]],
      ['DELETE', `e/enterprise/artifacts/${id}`, [viewer, agent, maker]],
      ['GET', 'e/enterprise/buckets', [viewer]],
      ['POST', 'e/enterprise/buckets', [viewer, agent, maker]],
      ['PUT', `e/enterprise/buckets/${bucket.id}`, [viewer, agent, maker]],
      ['DELETE', `e/enterprise/buckets/${bucket.id}`, [viewer, agent, maker]],
      ['POST', `e/enterprise/buckets/${bucket.id}/move`, [viewer, agent, maker]],
      ['POST', `e/enterprise/buckets/${bucket.id}/remove`, [viewer, agent, maker]],
      ['POST', 'chatbird/api/media/validate', [viewer]],
    ] as const;
    for (const [method, path, refused] of routes) {
      for (const as of refused) {
        const res = await call(parley, method, path, {
          token: as,
          ...(method === 'GET' || method === 'DELETE' ? {} : { json: { name: 'x', artifactIds: [id], id } }),
        });
        expect({ method, path, code: res.code }).toEqual({ method, path, code: 1403 });
      }
    }
    expect((await list({}, agent)).data.artifacts.length).toBeGreaterThan(0);
    expect((await call(parley, 'GET', `e/enterprise/artifacts/${id}`, { token: agent })).status).toBe(true);
    expect((await buckets('public', agent)).length).toBeGreaterThan(0);
    expect((await call(parley, 'POST', 'chatbird/api/media/validate', { token: agent, json: { id, mediaType: 'DOC' } })).data).toMatchObject({
      valid: true,
      mimeType: 'application/pdf',
    });
    expect((await list({}, maker)).status).toBe(true);
  });
});
