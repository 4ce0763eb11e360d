import type { Server } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../playwright.config.js';
import { ADMIN, apiLogin } from './api.js';

type ExampleServer = (vars: Record<string, string>) => Server;
const loadExamples = async () => (await import(new URL('../../examples/serve.mjs', import.meta.url).href)) as { exampleServer: ExampleServer };

const port = Number(new URL(baseURL).port);
const ALLOWED = port + 1;
const OTHER = port + 2;

async function trainedDemoAgent(request: APIRequestContext, token: string): Promise<string> {
  const headers = { 'authentication-token': token };
  const list = await (await request.get('/api/nlp/v2/agent?perPage=-1', { headers })).json();
  const agent = (list.data.agents as { id: string; name: string }[]).find((a) => a.name === 'Demo Pizza Bot')!;
  // The first start trains it in the background; a fresh server may still be at it.
  await expect
    .poll(async () => (await (await request.get(`/api/nlp/agent/${agent.id}/training`, { headers })).json()).data.status, { timeout: 60_000 })
    .toBe('trained');
  return agent.id;
}

const listen = (server: Server, at: number) => new Promise<void>((resolve) => server.listen(at, 'localhost', () => resolve()));

test.describe('Partner embedding', () => {
  const servers: Server[] = [];
  test.afterAll(() => servers.forEach((s) => s.close()));

  test('the Try-it widget and the report work on partner pages from an allowed origin, are refused from another, and the key reads nothing else', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { token } = await apiLogin(request, ADMIN);
    const agentId = await trainedDemoAgent(request, token);
    const created = await (
      await request.post('/api/e/enterprise/embed-keys', {
        headers: { 'authentication-token': token },
        data: { name: 'Acme Pizza site', scopes: ['try-it', 'report'], agentIds: [agentId], allowedOrigins: [`http://localhost:${ALLOWED}`] },
      })
    ).json();
    expect(created.status).toBe(true);
    const key = created.data.secret as string;
    const vars = { PARLEY_URL: baseURL, AGENT_ID: agentId, EMBED_KEY: key };
    const { exampleServer } = await loadExamples();
    for (const at of [ALLOWED, OTHER]) {
      const server = exampleServer(vars);
      servers.push(server);
      await listen(server, at);
    }

    // From the allowed origin: one script tag from Parley, the key, and the agent answers.
    await page.goto(`http://localhost:${ALLOWED}/`);
    const widget = page.locator('parley-try-it');
    await widget.getByPlaceholder('Type a message').fill('what time do you open');
    await widget.getByPlaceholder('Type a message').press('Enter');
    await expect(widget.locator('[part~="bot"]').last()).toContainText("We're open every day");

    // The same page on an origin the key does not list: the browser refuses the answer.
    await page.goto(`http://localhost:${OTHER}/`);
    await widget.getByPlaceholder('Type a message').fill('what time do you open');
    await widget.getByPlaceholder('Type a message').press('Enter');
    await expect(widget.locator('[part~="error"]')).toBeVisible();
    await expect(widget.locator('[part~="bot"]')).toHaveCount(0);

    // The report page: the demo agent's figures, from the allowed origin only.
    await page.goto(`http://localhost:${ALLOWED}/report.html`);
    const report = page.locator('parley-nlp-report');
    await expect(report.getByLabel('Conversation figures').locator('.pnr-stat', { hasText: 'Total Conversation' }).locator('dd').first()).toHaveText(
      /^[1-9]\d*$/,
    );
    await expect(report.locator('svg rect').first()).toBeVisible();
    await page.goto(`http://localhost:${OTHER}/report.html`);
    await expect(
      page
        .getByRole('alertdialog')
        .filter({ has: page.getByRole('img', { name: 'Error' }) })
        .first(),
    ).toBeVisible();

    // The key is not a session: the agents list and everything else stay closed to it.
    const agents = await (await request.get('/api/nlp/v2/agent', { headers: { 'x-parley-embed-key': key } })).json();
    expect(agents.status).toBe(false);
    expect(agents.code).toBe(1403);
  });
});
