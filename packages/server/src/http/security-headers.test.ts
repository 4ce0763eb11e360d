import { describe, expect, it } from 'vitest';
import { startServer } from '../test/harness.js';

describe('Content-Security-Policy', async () => {
  const parley = await startServer({ frameAncestors: 'https://partner.example' });

  it('gives the console strict script rules and the framing origins configured', async () => {
    const page = await parley.app.inject({ method: 'GET', url: '/bots' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain('frame-ancestors https://partner.example');
  });

  it('lets nothing in an API reply load or be framed', async () => {
    const res = await parley.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
