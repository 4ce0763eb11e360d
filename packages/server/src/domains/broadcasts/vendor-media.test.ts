import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { broadcastMessages, broadcasts, channels } from '../../db/schema.js';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { call, login, startServer } from '../../test/harness.js';
import { postMultipart } from '../../test/multipart.js';
import { ourFileId, signatureOpens, vendorFileUrl } from '../artifacts/vendor-url.js';

const png = () => {
  const image = new PNG({ width: 8, height: 8 });
  image.data.fill(200);
  return PNG.sync.write(image);
};
const ID = '3f2b8c1e-9a4d-4b7e-8c2f-1d5e6a7b8c9d';

describe('our media as the vendor fetches it', async () => {
  // Files are stored on disk, in a folder of this test's own.
  const parley = await startServer({ jobs: true, publicUrl: 'https://parley.example', dataDir: mkdtempSync(join(tmpdir(), 'parley-vendor-media-')) });
  const { db } = parley.database;
  const token = await login(parley);
  const [channel] = await db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
  const upload = async (isPublic: boolean) =>
    (
      await postMultipart(parley, 'e/drive/upload', {
        token,
        fields: { isPublic: String(isPublic) },
        files: [{ field: 'file', name: `${isPublic ? 'public' : 'private'} banner.png`, content: png(), type: 'image/png' }],
      })
    ).data.artifact as {
      _id: string;
      data: { url: string; name: string };
    };
  const sendWith = (media: { fileName: string; url: string; id?: string }) =>
    call(parley, 'POST', 'chatbird/api/broadcast', {
      token,
      json: {
        channelId: channel!.id,
        phoneNumber: ['+14155550100'],
        message: { template: { templateId: 'new_arrivals', media: { type: 'image', ...media } } },
        columnMapping: [
          { component: 'BODY', variable: '{{1}}', type: 'static', value: 'friend' },
          { component: 'BUTTON', buttonIndex: 0, variable: '{{1}}', type: 'static', value: 'spring' },
        ],
      },
    });
  const linkSent = async (broadcastId: string) => {
    const [row] = await db.select().from(broadcastMessages).where(eq(broadcastMessages.broadcastId, broadcastId));
    return (row!.components as { type: string; parameters: { image?: { link: string } }[] }[]).find((c) => c.type === 'header')!.parameters[0]!.image!.link;
  };
  const fetchAsVendor = (link: string) => parley.app.inject({ method: 'GET', url: link.replace('https://parley.example', '') });

  it('tells our file URLs (paths, or on PUBLIC_URL) from anyone else’s', () => {
    const base = 'https://parley.example';
    expect(ourFileId(`/files/${ID}/a.png`, base)).toBe(ID);
    expect(ourFileId(`https://parley.example/files/${ID}/a.png`, base)).toBe(ID);
    expect(ourFileId(`https://cdn.example.com/files/${ID}/a.png`, base)).toBe(null);
    expect(ourFileId('/elsewhere/a.png', base)).toBe(null);
    const now = Date.now();
    const link = new URL(vendorFileUrl({ id: ID, name: 'a b.png', isPublic: false }, base, parley.deps.sealed, now));
    expect(link.href).toMatch(/^https:\/\/parley\.example\/files\/[0-9a-f-]+\/a%20b\.png\?expires=\d+&signature=[\w-]+$/);
    const query = Object.fromEntries(link.searchParams);
    expect(signatureOpens(parley.deps.sealed, ID, query, now)).toBe(true);
    expect(signatureOpens(parley.deps.sealed, ID, query, now + 49 * 3600_000), 'expired').toBe(false);
    expect(signatureOpens(parley.deps.sealed, ID, { ...query, expires: String(Number(query.expires) + 3600) }, now), 'a later expiry').toBe(false);
    expect(signatureOpens(parley.deps.sealed, 'another-id', query, now), 'another file').toBe(false);
    expect(vendorFileUrl({ id: ID, name: 'a.png', isPublic: true }, base, parley.deps.sealed)).toBe(`https://parley.example/files/${ID}/a.png`);
  });

  it('hands the vendor a public library image on PUBLIC_URL although the page had it as a path', async () => {
    const image = await upload(true);
    expect(image.data.url).toBe(`/files/${image._id}/public%20banner.png`);
    const res = await sendWith({ fileName: image.data.name, url: image.data.url });
    expect(res.status).toBe(true);
    const link = await linkSent(res.data.id);
    expect(link).toBe(`https://parley.example/files/${image._id}/public%20banner.png`);
    expect((await fetchAsVendor(link)).statusCode).toBe(200);
  });

  it('hands the vendor a private image through a signed link it can fetch without a session, and nobody else', async () => {
    const image = await upload(false);
    // Without a session the private file does not open.
    expect((await parley.app.inject({ method: 'GET', url: image.data.url })).statusCode).toBe(401);
    const res = await sendWith({ fileName: image.data.name, url: image.data.url, id: image._id });
    expect(res.status).toBe(true);
    const link = await linkSent(res.data.id);
    expect(link).toMatch(new RegExp(`^https://parley\\.example/files/${image._id}/private%20banner\\.png\\?expires=\\d+&signature=`));
    const fetched = await fetchAsVendor(link);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    // A changed signature or expiry opens nothing: the file asks for a session again.
    // One character of the signature changed (to another: a signature may well start with 'x').
    expect((await fetchAsVendor(link.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'x' ? 'y' : 'x'}`))).statusCode).toBe(401);
    expect((await fetchAsVendor(link.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 1}`))).statusCode).toBe(401);
    // The broadcast keeps what the page sent; only the vendor's copy carries the signature.
    const [b] = await db.select().from(broadcasts).where(eq(broadcasts.id, res.data.id));
    expect(JSON.stringify(b!.message)).not.toContain('signature=');
  });
});
