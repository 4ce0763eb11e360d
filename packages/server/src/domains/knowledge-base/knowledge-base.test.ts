import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { postMultipart } from '../../test/multipart.js';
import { waitForTraining } from '../../test/wait-for-training.js';
import { passagesOf } from './passages.js';
import { pdfText } from './pdf-text.js';
import { textPdf } from './text-pdf.js';

const MENU = textPdf(
  [
    { title: 'Our pizzas', lines: ['Margherita: tomato, mozzarella and basil. Rs 299.', 'Farmhouse: onion, capsicum, mushroom. Rs 399.'] },
    {
      title: 'Bases and allergies',
      lines: ['Every pizza comes on a thin or a pan base.', 'Gluten free base available on request.', 'Our kitchen handles nuts and dairy.'],
    },
  ],
  { title: 'Pizza menu 2026' },
);

describe('PDF text', () => {
  it('reads a PDF page by page with its title, and cuts pages into passages that keep their page', async () => {
    const { title, pages } = await pdfText(MENU);
    expect(title).toBe('Pizza menu 2026');
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('Gluten free base available on request.');
    const passages = passagesOf('menu.pdf', title!, pages);
    expect(passages.map((p) => p.page)).toEqual([1, 2]);
    expect(passages[1]!.text.split('\n')).toEqual([
      'Bases and allergies',
      'Every pizza comes on a thin or a pan base.',
      'Gluten free base available on request.',
      'Our kitchen handles nuts and dairy.',
    ]);
  });

  it('reads a browser-printed PDF (Skia: subset fonts, compressed streams) with its table, accents and dashes', async () => {
    // Printed by Chromium from HTML (fixtures/README.md): the kind of PDF a restaurant exports, not our own writer's.
    const bytes = await readFile(new URL('./fixtures/chromium-allergen-guide.pdf', import.meta.url));
    const { title, pages } = await pdfText(bytes);
    expect(title).toBe('Demo Pizza allergen guide');
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Pesto Verde wheat, milk, pine nuts');
    expect(pages[1]).toContain('Our gluten-free base is made from rice flour');
    expect(pages[1]).toContain('Rs. 40 extra — café prices include GST.');
    const passages = passagesOf('allergens.pdf', title!, pages);
    expect(passages.find((p) => p.text.includes('rice flour'))?.page).toBe(2);
  });

  it('refuses what is not a PDF', async () => {
    await expect(pdfText(new TextEncoder().encode('%PDF-1.4 but nothing else'))).rejects.toThrow();
  });
});

describe('knowledge base answers (issue 38: documents, extractive)', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-kb-'));
  // The Gen AI form needs an LLM configuration; this one's provider refuses every request (400, not retried), so the
  // answers below are the extractive ones, as with no model at all.
  const refusing = createServer((_req, res) => res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"refused"}}'));
  await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
  afterAll(async () => {
    await new Promise((r) => refusing.close(r));
    await rm(dataDir, { recursive: true, force: true });
  });
  const parley = await startServer({ dataDir, jobs: true, seedDemo: true });
  const token = await login(parley, 'developer@parley.dev');
  const agentId = ((await call(parley, 'GET', 'nlp/v2/agent', { token, query: { perPage: '-1' } })).data.agents as { id: string; name: string }[]).find(
    (a) => a.name === 'Demo Pizza Bot',
  )!.id;
  const llm = (
    await call(parley, 'POST', 'nlp/genai/config', {
      token,
      form: {
        name: 'Team model',
        authType: '5',
        llm: '1',
        apikey: 'sk-test-1234567890',
        baseUrl: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/v1`,
      },
    })
  ).data.id as string;
  const say = async (text: string, as = token) =>
    (
      await call(parley, 'POST', 'nlp/predictIntent', {
        token: as,
        json: { agentId, message: { type: 'text', text, lnCode: 'en' }, metadata: { senderId: 'kb-visitor' } },
      })
    ).data;
  const train = async () => {
    await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
    expect(await waitForTraining(parley, token, agentId)).toMatchObject({ status: 'trained' });
  };
  const useDocuments = (on: boolean) =>
    call(parley, 'POST', `nlp/agent/${agentId}/genai/config`, { token, form: { kbFromDoc: String(on), genAiConfigId: llm } });

  it('answers a question outside the intents from the uploaded PDF, quoting it with its source and page', async () => {
    // A database on disk (the PostgreSQL run) gets the demo's own menu too: this test's menu is the only document.
    const seeded = (await call(parley, 'GET', `nlp/agent/${agentId}/genai/config`, { token })).data.documents as { fileName: string }[];
    if (seeded.length) await call(parley, 'POST', 'nlp/agent/delete_documents', { token, json: { agentId, filenames: seeded.map((d) => d.fileName) } });
    const uploaded = await postMultipart(parley, 'nlp/agent/upload_documents', { token, fields: { agentId }, files: [{ name: 'menu.pdf', content: MENU }] });
    expect(String(uploaded.code)).toBe('100');
    expect(String((await useDocuments(true)).code)).toBe('100');
    await train();
    const answer = await say('is there a gluten free base?');
    expect(answer.output).toEqual({
      text: 'Gluten free base available on request.',
      source: 'knowledge-base',
      sources: [{ title: 'Pizza menu 2026', source: 'menu.pdf', page: 2 }],
    });
    // The Menu intent matches this question, but "gluten" and "free" are in none of its phrases and one passage holds
    // every word: the knowledge base answers. Questions the intents were trained on stay theirs.
    expect((await say('I want to order a pizza')).output.source).not.toBe('knowledge-base');
    expect((await say('what pizzas do you have?')).output.source).toBe('intent');
  });

  it('answers outside every intent from a passage holding most of the question', async () => {
    expect((await say('does your kitchen handle nuts?')).output).toMatchObject({ source: 'knowledge-base', text: 'Our kitchen handles nuts and dairy.' });
  });

  it('keeps the out-of-scope message when no passage holds enough of the question', async () => {
    const weather = await say('what is the weather like on mars tomorrow?');
    expect(weather.output.source).toBe('out-of-scope');
    expect(weather.output.sources).toBeUndefined();
  });

  it('marks knowledge-base turns in the conversation log', async () => {
    const row = await parley.database.executeSql(
      `select answer_source, bot_response from conversation_messages where agent_id = $1 and user_message = $2 order by id desc limit 1`,
      [agentId, 'is there a gluten free base?'],
    );
    expect(row.rows[0]).toEqual({ answer_source: 'knowledge-base', bot_response: 'Gluten free base available on request.' });
    // And the NLP report's rows say so, for its "Knowledge base" marker.
    const now = Date.now();
    const report = await call(parley, 'POST', 'nlp/conversations', {
      token,
      json: { agentId, startDate: now - 86_400_000, endDate: now + 60_000, perPage: 500 },
    });
    const rows = (report.data.conversations as { userMessage: string; answerSource?: string }[]).filter(
      (r) => r.userMessage === 'is there a gluten free base?',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.answerSource === 'knowledge-base')).toBe(true);
    expect(report.data.conversations.find((r: { userMessage: string }) => r.userMessage === 'what pizzas do you have?')?.answerSource).toBe('intent');
  });

  it("answers another enterprise's caller with nothing of this agent", async () => {
    const other = await loginToOtherEnterprise(parley);
    const res = await call(parley, 'POST', 'nlp/predictIntent', {
      token: other,
      json: { agentId, message: { type: 'text', text: 'is there a gluten free base?', lnCode: 'en' } },
    });
    expect(res.status).toBe(false);
    expect(JSON.stringify(res)).not.toContain('Gluten');
  });

  it('forgets the documents once the knowledge base is switched off and the agent trained again', async () => {
    expect(String((await useDocuments(false)).code)).toBe('100');
    await train();
    expect((await say('is there a gluten free base?')).output.source).toBe('intent');
    expect((await say('does your kitchen handle nuts?')).output.source).toBe('out-of-scope');
  });
});
