import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, login } from '../../test/harness.js';
import { minimalPdf } from '../../test/multipart.js';
import { FILE_POLICY } from './file-routes.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-file-serving-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Uploaded files are served so that none of them can run as a page of this origin (SECURITY.md "Attachments"). */
describe('serving uploaded files', async () => {
  const parley = await startServer({ dataDir });
  const token = await login(parley);
  const upload = async (name: string, content: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const encoded = new Response(form);
    const res = await parley.app.inject({
      method: 'POST',
      url: '/api/e/drive/upload',
      headers: { 'content-type': encoded.headers.get('content-type')!, 'authentication-token': token },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    return String(res.json().data.url).replace('http://parley.test', '');
  };
  const png = () => {
    const image = new PNG({ width: 4, height: 4 });
    image.data.fill(200);
    return PNG.sync.write(image);
  };

  it('serves a PDF as a download, sandboxed, never sniffed', async () => {
    const res = await parley.app.inject({ method: 'GET', url: await upload('prix é.pdf', minimalPdf()) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="prix _.pdf"; filename*=UTF-8''prix%20%C3%A9.pdf`);
    expect(res.headers['content-security-policy']).toBe(FILE_POLICY);
    expect(String(res.headers['content-security-policy'])).toMatch(/^sandbox;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps images inline, under the same sandboxing policy', async () => {
    const res = await parley.app.inject({ method: 'GET', url: await upload('banner.png', png()) });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`inline; filename="banner.png"; filename*=UTF-8''banner.png`);
    expect(res.headers['content-security-policy']).toBe(FILE_POLICY);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('leaves the console its own policy', async () => {
    const res = await parley.app.inject({ method: 'GET', url: '/login' });
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
