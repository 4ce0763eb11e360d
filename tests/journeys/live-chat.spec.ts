import type { Server } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../playwright.config.js';
import { ADMIN, apiLogin } from './api.js';

type ExampleServer = (vars: Record<string, string>) => Server;
const loadExamples = async () => (await import(new URL('../../examples/serve.mjs', import.meta.url).href)) as { exampleServer: ExampleServer };
const PARTNER = Number(new URL(baseURL).port) + 3;
const listen = (server: Server, at: number) => new Promise<void>((resolve) => server.listen(at, 'localhost', () => resolve()));

type Summary = { chatId: string; customerName: string; customerNumber: string; channelName: string; bucket: string };

/** What the agent's inbox holds (the agent's own calls: the console screens use the same). */
async function waitingChat(request: APIRequestContext, token: string, match: (c: Summary) => boolean): Promise<Summary> {
  let found: Summary | undefined;
  await expect
    .poll(
      async () => {
        const body = await (
          await request.get('/api/e/enterprise/chat/summary?perPage=-1&screenType=CHAT', { headers: { 'authentication-token': token } })
        ).json();
        found = (body.data as Summary[]).find((c) => match(c) && c.bucket === 'new');
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

async function pickUpAndAnswer(request: APIRequestContext, token: string, chatId: string, text: string) {
  const headers = { 'authentication-token': token };
  expect((await (await request.post(`/api/e/enterprise/chat/${chatId}/pickup`, { headers, form: { type: 'new' } })).json()).status).toBe(true);
  const reply = await (await request.post(`/api/e/enterprise/chat/${chatId}/reply`, { headers, form: { message: text } })).json();
  expect(reply.status, reply.message).toBe(true);
}

test.describe('live chat', () => {
  const servers: Server[] = [];
  test.afterAll(() => servers.forEach((s) => s.close()));

  test('a customer on the sandbox phone asks for a person; the agent picks the chat up and answers; the phone shows the answer read', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const agent = await apiLogin(request, 'agent@parley.dev');
    await page.goto('/sandbox/phone');
    await page.getByLabel('Customer number').fill('+919811122233');
    await page.getByLabel('Display name').fill('Tara Menon');
    await page.getByRole('button', { name: 'Open chat' }).click();
    const box = page.getByPlaceholder('Message');
    await box.fill('agent please, my order is late');
    await box.press('Enter');

    const chat = await waitingChat(request, agent.token, (c) => c.customerNumber === '+919811122233');
    expect(chat.customerName).toBe('Tara Menon');
    await pickUpAndAnswer(request, agent.token, chat.chatId, 'Hi Tara, it left the store 5 minutes ago.');
    await expect(page.getByText('Hi Tara, it left the store 5 minutes ago.', { exact: true })).toBeVisible({ timeout: 15_000 });
    // The phone has shown it: the agent sees it read.
    await expect
      .poll(
        async () => {
          const detail = await (await request.get(`/api/e/enterprise/chat/${chat.chatId}`, { headers: { 'authentication-token': agent.token } })).json();
          return (detail.data.messages as { message: string; currentDeliveryStatus: string }[]).find((m) => m.message.startsWith('Hi Tara'))
            ?.currentDeliveryStatus;
        },
        { timeout: 15_000 },
      )
      .toBe('read');
  });

  test('a partner page in live mode talks to the bot, then to the agent, and keeps the chat after a reload', async ({ page, request }) => {
    test.setTimeout(150_000);
    const admin = await apiLogin(request, ADMIN);
    const headers = { 'authentication-token': admin.token };
    const channels = await (await request.get('/api/e/enterprise/channels?name=Website%20chat', { headers })).json();
    const channelId = channels.data.channels?.[0]?.channelId ?? channels.data[0]?.channelId;
    expect(channelId).toBeTruthy();
    // The bot answers only once trained (the first start trains it in the background).
    const agents = await (await request.get('/api/nlp/v2/agent?perPage=-1', { headers })).json();
    const bot = (agents.data.agents as { id: string; name: string }[]).find((a) => a.name === 'Demo Pizza Bot')!;
    await expect
      .poll(async () => (await (await request.get(`/api/nlp/agent/${bot.id}/training`, { headers })).json()).data.status, { timeout: 60_000 })
      .toBe('trained');
    const key = await (
      await request.post('/api/e/enterprise/embed-keys', {
        headers,
        data: { name: 'Acme live chat', scopes: ['chat'], allowedOrigins: [`http://localhost:${PARTNER}`] },
      })
    ).json();
    expect(key.status).toBe(true);
    const { exampleServer } = await loadExamples();
    const server = exampleServer({ PARLEY_URL: baseURL, CHANNEL_ID: channelId, EMBED_KEY: key.data.secret });
    servers.push(server);
    await listen(server, PARTNER);

    await page.goto(`http://localhost:${PARTNER}/live-chat.html`);
    const widget = page.locator('parley-try-it');
    const input = widget.getByPlaceholder('Type a message');
    await input.fill('what time do you open');
    await input.press('Enter');
    await expect(widget.locator('[part~="bot"]').first()).toContainText('open every day', { timeout: 20_000 });
    await input.fill('I want to talk to a human');
    await input.press('Enter');
    await expect(widget.locator('[part~="bot"]').last()).toContainText('connect you to one of our team');

    const agent = await apiLogin(request, 'agent@parley.dev');
    const chat = await waitingChat(request, agent.token, (c) => c.channelName === 'Website chat');
    await pickUpAndAnswer(request, agent.token, chat.chatId, 'Hello! Asha here, how can I help?');
    await expect(widget.locator('[part~="agent"]')).toContainText('Hello! Asha here, how can I help?');

    await page.reload();
    await expect(widget.locator('[part~="agent"]')).toContainText('Hello! Asha here, how can I help?');
    await expect(widget.locator('[part~="user"]').first()).toContainText('what time do you open');
  });
});
