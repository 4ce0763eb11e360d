import type { Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.js';
import { ADMIN, apiLogin, signInWithForm } from './api.js';

type ExampleServer = (vars: Record<string, string>) => Server;
const EXAMPLES_PORT = Number(new URL(baseURL).port) + 3;

/** What axe reports as serious or critical on the page as it stands, one line a rule and node. */
async function seriousProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

/**
 * A screen has loaded when its heading shows and nothing says it is still loading. (Waiting for the network to be
 * idle cost half a second or more on each of the forty-odd screens, and some keep polling.)
 */
async function settle(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .screen-loading')).toHaveCount(0);
  await page.waitForTimeout(150);
}

/** Every destination of the side menu as the signed-in user sees it, each group opened in turn. */
async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const paths = new Set<string>();
  const collect = async () => {
    for (const href of await menu.getByRole('link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))) paths.add(new URL(href).pathname);
  };
  await collect();
  for (const group of await menu.getByRole('button').all()) {
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    await collect();
  }
  return [...paths];
}

const SIGNED_OUT = ['/login', '/signup', '/forgot-password'];
const EXTRA = ['/admin/channels/new', '/details/myprofile'];

test.describe('accessibility (axe-core)', () => {
  test('the signed-out screens have no serious or critical problem', async ({ page }) => {
    const found: Record<string, string[]> = {};
    for (const path of SIGNED_OUT) {
      await page.goto(path);
      await settle(page);
      const problems = await seriousProblems(page);
      if (problems.length) found[path] = problems;
    }
    expect(found).toEqual({});
  });

  test('every console screen of the menu has no serious or critical problem', async ({ page }) => {
    test.setTimeout(300_000);
    await signInWithForm(page);
    const found: Record<string, string[]> = {};
    const paths = await menuPaths(page);
    expect(paths.length).toBeGreaterThan(30);
    for (const path of [...new Set([...paths, ...EXTRA])]) {
      await page.goto(path);
      await settle(page);
      const problems = await seriousProblems(page);
      // One page, one outline: a single <h1> and a single <main> (an element inside the console brings neither).
      const [h1, main] = [await page.locator('h1').count(), await page.locator('main, [role=main]').count()];
      if (h1 !== 1) problems.push(`${h1} <h1> elements`);
      if (main !== 1) problems.push(`${main} <main> landmarks`);
      if (problems.length) found[path] = problems;
    }
    expect(found).toEqual({});
  });

  test('the first Tab reaches a skip link that moves focus past the menu to the screen', async ({ page }) => {
    await signInWithForm(page);
    await page.goto('/bots');
    await settle(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // The next Tab lands inside the screen, not in the top bar or the menu.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  test('the example partner pages have no serious or critical problem', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { token } = await apiLogin(request, ADMIN);
    const headers = { 'authentication-token': token };
    const agents = (await (await request.get('/api/nlp/v2/agent?perPage=-1', { headers })).json()).data.agents as { id: string; name: string }[];
    const agentId = agents.find((a) => a.name === 'Demo Pizza Bot')!.id;
    await expect
      .poll(async () => (await (await request.get(`/api/nlp/agent/${agentId}/training`, { headers })).json()).data.status, { timeout: 60_000 })
      .toBe('trained');
    const key = (
      await (
        await request.post('/api/e/enterprise/embed-keys', {
          headers,
          data: { name: 'a11y pages', scopes: ['try-it', 'report'], agentIds: [agentId], allowedOrigins: [`http://localhost:${EXAMPLES_PORT}`] },
        })
      ).json()
    ).data.secret as string;
    const { exampleServer } = (await import(new URL('../../examples/serve.mjs', import.meta.url).href)) as { exampleServer: ExampleServer };
    const server = exampleServer({ PARLEY_URL: baseURL, AGENT_ID: agentId, EMBED_KEY: key });
    await new Promise<void>((resolve) => server.listen(EXAMPLES_PORT, 'localhost', () => resolve()));
    try {
      const found: Record<string, string[]> = {};
      const check = async (name: string) => {
        const problems = await seriousProblems(page);
        if (problems.length) found[name] = problems;
      };
      await page.goto(`http://localhost:${EXAMPLES_PORT}/try-it.html`);
      const widget = page.locator('parley-try-it');
      await widget.getByPlaceholder('Type a message').fill('what time do you open');
      await widget.getByPlaceholder('Type a message').press('Enter');
      await expect(widget.locator('[part~="bot"]').last()).toContainText("We're open every day");
      await check('try-it.html');
      await page.goto(`http://localhost:${EXAMPLES_PORT}/report.html`);
      await expect(page.locator('parley-nlp-report svg rect').first()).toBeVisible();
      await check('report.html');
      await page.goto(`http://localhost:${EXAMPLES_PORT}/broadcast-in-chat.html`);
      await expect(page.getByRole('button', { name: /Send template/ })).toBeVisible();
      await check('broadcast-in-chat.html');
      expect(found).toEqual({});
    } finally {
      server.close();
    }
  });
});
