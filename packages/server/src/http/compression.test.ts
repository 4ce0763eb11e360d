import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../test/harness.js';

const precompress = fileURLToPath(new URL('../../../../scripts/precompress.mjs', import.meta.url));
const SCRIPT = `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `screen number ${i}`))};\n`;

/** A built console as Vite leaves it, precompressed as `npm run build` does. */
function builtConsole() {
  const dir = mkdtempSync(join(tmpdir(), 'parley-console-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>Parley</title><script type="module" src="/assets/index-Ab12Cd.js"></script>${' '.repeat(2000)}`,
  );
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd.js'), SCRIPT);
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  execFileSync(process.execPath, [precompress, dir]);
  return dir;
}

describe('web delivery: compression and caching', () => {
  it("serves the console's hashed scripts precompressed and cached for good, its page revalidated", async () => {
    const parley = await startServer({ hostDist: builtConsole() });
    const br = await parley.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 3);

    const gz = await parley.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await parley.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    for (const url of ['/', '/index.html', '/login', '/admin/channels']) {
      const page = await parley.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
    }
    expect((await parley.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
    await parley.close();
  });

  it('compresses larger API replies on the fly and leaves them uncached', async () => {
    const parley = await startServer();
    const token = await login(parley);
    const res = await parley.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip', 'authentication-token': token } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
    const me = await call(parley, 'GET', 'e/enterprise/profile', { token });
    expect(me.status).toBe(true);
    await parley.close();
  });
});
