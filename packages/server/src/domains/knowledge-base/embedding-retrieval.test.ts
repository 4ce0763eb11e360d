import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { kbPassages } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { postMultipart } from '../../test/multipart.js';
import { waitForTraining } from '../../test/wait-for-training.js';
import { sandboxProvider, type SandboxProviderControl } from '../llm/sandbox-provider.js';
import { fuseRankings, type SimilarPassage } from './passage-embeddings.js';
import type { RankedPassage } from './queries.js';
import { textPdf } from './text-pdf.js';

const MENU = textPdf(
  [
    { title: 'Bases', lines: ['Every pizza comes on a thin or a thick base.', 'Gluten free base available on request.'] },
    { title: 'Delivery', lines: ['We deliver within five kilometres of the shop.', 'Delivery is free for orders above twenty euros.'] },
  ],
  { title: 'Pizza menu' },
);

describe('knowledge-base retrieval by embeddings when the LLM configuration has an embeddings model', async () => {
  const control: SandboxProviderControl = { requests: [], failures: [] };
  const handle = sandboxProvider(control);
  const provider = createServer((req, res) => void handle(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-kb-embed-'));
  afterAll(async () => {
    await new Promise((r) => provider.close(r));
    await rm(dataDir, { recursive: true, force: true });
  });
  const parley = await startServer({ dataDir, jobs: true, outboundPrivateOrigins: [origin] });
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Pizza help', description: 'Menu', type: 'nlp' } })).data.id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'Help' } })).data.id as string;
  const phrases = ['hello', 'hi there', 'good morning', 'hey'].map((utterance) => ({ utterance, entityDefined: false, entityRefs: [] }));
  await call(parley, 'POST', 'nlp/intent', {
    token,
    json: { agentId, storyId, name: 'greet', utterances: phrases, responses: [{ response: 'Hello!' }], entities: [] },
  });
  const configId = (
    await call(parley, 'POST', 'nlp/genai/config', {
      token,
      form: { name: 'Loopback', authType: '5', llm: '1', apikey: 'sk-kb-key', baseUrl: `${origin}/v1`, model: 'kb-chat', embeddingModel: 'kb-embed' },
    })
  ).data.id as string;
  await postMultipart(parley, 'nlp/agent/upload_documents', { token, fields: { agentId }, files: [{ name: 'menu.pdf', content: MENU }] });
  await call(parley, 'POST', `nlp/agent/${agentId}/genai/config`, { token, form: { kbFromDoc: 'true', genAiConfigId: configId } });
  await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
  expect(await waitForTraining(parley, token, agentId)).toMatchObject({ status: 'trained' });
  const say = async (text: string) => (await call(parley, 'POST', 'nlp/predictIntent', { token, json: { agentId, message: { type: 'text', text } } })).data;

  it('embeds every passage on Train with the configuration’s embeddings model and stores unit vectors', async () => {
    const embedded = control.requests.filter((r) => r.path === '/v1/embeddings');
    expect(embedded).toHaveLength(1);
    expect(embedded[0]).toMatchObject({ authorization: 'Bearer sk-kb-key', body: { model: 'kb-embed' } });
    const rows = await parley.database.db
      .select({ text: kbPassages.text, embedding: kbPassages.embedding })
      .from(kbPassages)
      .where(and(eq(kbPassages.agentId, agentId)))
      .orderBy(asc(kbPassages.position));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(embedded[0]!.body.input).toHaveLength(rows.length);
    for (const row of rows) {
      expect(row.embedding).toHaveLength(256);
      expect(Math.hypot(...row.embedding!)).toBeCloseTo(1, 4);
    }
  });

  it('embeds the question, fuses both rankings and answers from the passage with its source', async () => {
    const before = control.requests.length;
    const answer = await say('is there a gluten free base?');
    expect(answer.output).toMatchObject({ source: 'knowledge-base', sources: [{ title: 'Pizza menu', source: 'menu.pdf', page: 1 }] });
    expect(answer.output.text).toContain('Gluten free base available on request.');
    const asked = control.requests.slice(before);
    expect(asked.map((r) => [r.path, r.body.model])).toEqual([
      ['/v1/embeddings', 'kb-embed'],
      ['/v1/chat/completions', 'kb-chat'],
    ]);
    expect(asked[0]!.body.input).toEqual(['is there a gluten free base?']);
  });

  it('answers by full text alone when the question cannot be embedded', async () => {
    control.failures.push(500, 500, 500);
    const answer = await say('do you deliver for free?');
    expect(answer.output).toMatchObject({ source: 'knowledge-base', sources: [{ source: 'menu.pdf', page: 2 }] });
    expect(answer.output.text).toContain('Delivery is free for orders above twenty euros.');
  }, 30_000);
});

describe('reciprocal-rank fusion of the full-text and vector rankings', () => {
  const passage = (text: string): RankedPassage => ({ source: 'doc.pdf', title: 'Doc', page: 1, text, matched: 1, asked: 2 });
  const similar = (text: string, similarity: number): SimilarPassage => ({ ...passage(text), similarity });

  it('puts first what both rankings rank high, and keeps what only one of them found', () => {
    const fused = fuseRankings([passage('a'), passage('b'), passage('c')], [similar('b', 0.9), similar('d', 0.8), similar('c', 0.7)]);
    expect(fused.map((p) => p.text)).toEqual(['b', 'c', 'a', 'd']);
    expect(fused.find((p) => p.text === 'b')!.similarity).toBe(0.9);
    expect(fused.find((p) => p.text === 'a')!.similarity).toBeUndefined();
  });
});
