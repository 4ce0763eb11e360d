import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../test/harness.js';

describe('element bundles for partner pages (/elements/)', () => {
  it('serves each entry with CORS for any origin, short-cached unversioned and immutable when pinned or hashed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-bundles-'));
    mkdirSync(join(dir, 'chunks'));
    writeFileSync(join(dir, 'bundles.json'), JSON.stringify({ version: '9.8.7', entries: ['parley-try-it.js'] }));
    writeFileSync(join(dir, 'parley-try-it.js'), 'import "./chunks/chunk-ABC.js";');
    writeFileSync(join(dir, 'chunks', 'chunk-ABC.js'), 'export const x = 1;');
    const parley = await startServer({ elementsDist: dir });
    const entry = await parley.app.inject({ method: 'GET', url: '/elements/parley-try-it.js', headers: { origin: 'https://partner.example' } });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toMatch(/javascript/);
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(entry.headers['access-control-allow-credentials']).toBeUndefined();
    expect(entry.headers['cache-control']).toBe('public, max-age=300');
    const pinned = await parley.app.inject({ method: 'GET', url: '/elements/v9.8.7/parley-try-it.js' });
    expect(pinned.body).toBe('import "./chunks/chunk-ABC.js";');
    expect(pinned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunk = await parley.app.inject({ method: 'GET', url: '/elements/chunks/chunk-ABC.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await parley.app.inject({ method: 'GET', url: '/elements/v1.0.0/parley-try-it.js' })).statusCode).toBe(404);
    await parley.close();
  });
});
