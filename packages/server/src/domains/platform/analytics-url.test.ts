import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { call, startServer } from '../../test/harness.js';

describe('analytics frames address (PARLEY_ANALYTICS_URL)', () => {
  it('is announced in the app configuration and its origin alone may be framed by the console', async () => {
    const parley = await startServer({ analyticsUrl: 'https://analytics.example.com/embed/nlp' });
    const config = await call(parley, 'GET', 'app/config');
    expect(config.data.analyticsUrl).toBe('https://analytics.example.com/embed/nlp');
    const page = await parley.app.inject({ method: 'GET', url: '/bots' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://analytics.example.com;");
    await parley.close();
  });

  it('is null when not configured, and the console frames nothing but itself', async () => {
    const parley = await startServer();
    expect((await call(parley, 'GET', 'app/config')).data.analyticsUrl).toBeNull();
    const page = await parley.app.inject({ method: 'GET', url: '/bots' });
    expect(String(page.headers['content-security-policy'])).toContain("frame-src 'self';");
    await parley.close();
  });

  it('refuses to start with an address that is not http(s)', () => {
    expect(() => loadConfig({ PARLEY_ANALYTICS_URL: 'javascript:alert(1)' })).toThrow(/PARLEY_ANALYTICS_URL/);
    expect(() => loadConfig({ PARLEY_ANALYTICS_URL: 'not a url' })).toThrow(/PARLEY_ANALYTICS_URL/);
  });
});
