import { expect, test } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD } from './api.js';

test.describe('Content-Security-Policy', () => {
  test('the console runs under its strict policy with no violation at all, and an injected inline script does not run', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    // Every violation the page reports, also those a library provokes and catches (zod's eval probe did, once).
    await page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    const reported = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    const res = await page.goto('/login');
    const policy = res?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("'unsafe-eval'");
    await page.getByLabel('Email', { exact: true }).fill(ADMIN);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Captcha', { exact: true }).fill('any');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Parley' })).toBeVisible();
    expect(await reported()).toEqual([]);
    // Screens that load the contract's schemas, the designer and the broadcast form (each a chunk of its own).
    for (const [path, heading] of [
      ['/bots', /Skills|Agents/],
      ['/admin/channels', /Channels/],
      ['/campaigns/broadcast', /Broadcast/],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      expect(await reported(), path).toEqual([]);
    }
    expect(violations).toEqual([]);

    // What a stored response with markup would try if some renderer inserted it as HTML.
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { injected?: boolean };
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="x" onerror="window.injected = true">';
      document.body.append(holder);
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      await new Promise((r) => setTimeout(r, 300));
      return Boolean(w.injected);
    });
    expect(ran).toBe(false);
  });
});
