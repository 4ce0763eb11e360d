// The Semantic and OpenAi model types on CLINC150 (10 training phrases per intent), through the HTTP API of the real
// server and an OpenAI-compatible provider. Without OPENAI_BASE_URL the provider is the loopback sandbox model
// (feature-hashed embeddings, word-overlap classification): that run checks the wiring and the cost of the calls, not
// a language model's accuracy. With OPENAI_BASE_URL (OPENAI_API_KEY, OPENAI_MODEL, OPENAI_EMBEDDING_MODEL) it
// measures that model: docs/benchmarks.md. BENCH_MODEL_TYPES=Semantic,OpenAi narrows the types; BENCH_QUERIES=n asks
// every k-th test query so that about n in-scope and n/4 out-of-scope queries are asked (default 1000; the whole split
// is 4,500 and 1,000).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxProvider, type SandboxProviderControl } from '../src/domains/llm/sandbox-provider.js';
import { call, login, startParley, waitForTraining } from '../src/test-support/server.js';

type Pair = [text: string, intent: string];
interface Reply {
  intent: string | null;
  outOfScope: boolean;
  model?: { type: string; fallback?: string };
}

const SMOKE = Boolean(process.env.BENCH_SMOKE);
const CONCURRENCY = 4;
const types = (process.env.BENCH_MODEL_TYPES ?? 'Semantic,OpenAi').split(',').map((s) => s.trim());
const datasets = process.env.PARLEY_DATASETS ?? fileURLToPath(new URL('../../../../shared/datasets', import.meta.url));
const clinc = JSON.parse(readFileSync(join(datasets, 'clinc150', 'data_full.json'), 'utf8')) as Record<'train' | 'test' | 'oos_test', Pair[]>;

const control: SandboxProviderControl = { requests: [], failures: [] };
const realModel = process.env.OPENAI_BASE_URL;
let provider: ReturnType<typeof createServer> | undefined;
let defaultLlm;
if (realModel) {
  defaultLlm = {
    baseUrl: realModel,
    apiKey: process.env.OPENAI_API_KEY || 'none',
    model: process.env.OPENAI_MODEL || 'gpt-4o-mini',
    embeddingModel: process.env.OPENAI_EMBEDDING_MODEL || undefined,
  };
} else {
  const handle = sandboxProvider(control);
  provider = createServer((req, res) => void handle(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((r) => provider!.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
  defaultLlm = { baseUrl, apiKey: 'sk-bench', model: 'sandbox-chat', embeddingModel: 'sandbox-embed' };
}

// The per-agent rate and token limits (PARLEY_LLM_*) would turn most of the queries into SVM fallbacks: off here.
const dataDir = mkdtempSync(join(tmpdir(), 'parley-model-types-bench-'));
const parley = await startParley(
  {
    dataDir,
    databaseUrl: undefined,
    captcha: false,
    jobs: true,
    hostDist: '/nonexistent',
    logLevel: 'warn',
    trainDemoAgent: false,
    defaultLlm,
    llmLimits: { dailyTokensPerAgent: 0, callsPerMinutePerAgent: 0 },
  },
  { logger: process.env.BENCH_LOG ? { level: 'warn' } : false },
);
const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;

/** Every k-th item, so that about `n` are kept, spread over the whole list (the test split is grouped by intent). */
const spread = <T>(items: T[], n: number) => (n >= items.length ? items : items.filter((_, i) => i % Math.ceil(items.length / n) === 0));

try {
  await parley.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(parley.app.server.address() as AddressInfo).port}/api/nlp/predictIntent`;
  const token = await login(parley, 'developer@parley.dev');
  const intents = [...new Set(clinc.train.map(([, intent]) => intent))].slice(0, SMOKE ? 8 : undefined);
  const kept = new Set(intents);
  const perIntent = new Map<string, number>();
  const train = clinc.train.filter(([, intent]) => kept.has(intent) && perIntent.set(intent, (perIntent.get(intent) ?? 0) + 1).get(intent)! <= 10);
  const budget = Number(process.env.BENCH_QUERIES ?? (SMOKE ? 40 : 1000));
  const test = spread(
    clinc.test.filter(([, intent]) => kept.has(intent)),
    budget,
  );
  const oos = spread(clinc.oos_test, Math.ceil(budget / 4));

  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'CLINC150 10/intent', description: 'model types bench', type: 'nlp' } })).data
    .id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'All' } })).data.id as string;
  for (const intent of intents) {
    const phrases = train.filter(([, i]) => i === intent).map(([text]) => ({ utterance: text }));
    const reply = await call(parley, 'POST', 'nlp/intent', {
      token,
      json: { agentId, storyId, name: intent, utterances: phrases, responses: [{ response: `That is about ${intent}.` }] },
    });
    if (!reply.status) throw new Error(`intent ${intent}: ${reply.message}`);
  }

  let sender = 0;
  let resets = 0;
  async function ask(texts: string[]): Promise<Reply[]> {
    const replies: Reply[] = new Array(texts.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < texts.length; i = next++) {
        const post = () =>
          fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'authentication-token': token },
            body: JSON.stringify({ agentId, message: { type: 'text', text: texts[i], lnCode: 'en' }, metadata: { senderId: `model-types-${sender++}` } }),
          });
        // On the shared 2-core machine a kept-alive connection was once reset under load: asked again once, counted.
        const res = await post().catch(() => {
          resets++;
          return post();
        });
        const body = (await res.json()) as { status: boolean; message: string; data: Reply };
        if (!body.status || typeof body.data.outOfScope !== 'boolean') throw new Error(`predictIntent "${texts[i]}": ${res.status} ${body.message}`);
        replies[i] = body.data;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return replies;
  }

  const rows: string[] = [];
  for (const modelType of types) {
    await call(parley, 'POST', `nlp/agent/${agentId}/config`, {
      token,
      form: { entityExtractRetries: '2', modelType, confidenceThreshold: '0.5', language: 'en' },
    });
    const calls = control.requests.length;
    let t = performance.now();
    await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
    const trained = await waitForTraining(parley, token, agentId, 600_000);
    if (trained.status !== 'trained') throw new Error(`${modelType}: training failed: ${trained.error}`);
    const trainSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    const inScope = await ask(test.map(([text]) => text));
    const outOfScope = await ask(oos.map(([text]) => text));
    const seconds = (performance.now() - t) / 1000;
    const right = inScope.filter((r, i) => !r.outOfScope && r.intent === test[i]![1]).length;
    const caught = outOfScope.filter((r) => r.outOfScope).length;
    const reasons = new Map<string, number>();
    for (const r of [...inScope, ...outOfScope]) if (r.model?.fallback) reasons.set(r.model.fallback, (reasons.get(r.model.fallback) ?? 0) + 1);
    const fallbacks = [...reasons.values()].reduce((a, b) => a + b, 0);
    for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 3)) console.log(`  ${modelType}: ${n} fell back: ${reason.slice(0, 160)}`);
    const sent = realModel ? '' : `, ${control.requests.length - calls} provider requests`;
    rows.push(
      `${modelType.padEnd(9)} in-scope ${pct(right, inScope.length)} (${right}/${inScope.length}), OOS recall ${pct(caught, outOfScope.length)} (${caught}/${outOfScope.length}), ` +
        `${fallbacks} fallbacks to SVM; trained in ${trainSeconds.toFixed(1)} s, ${((1000 * seconds) / (inScope.length + outOfScope.length)).toFixed(0)} ms a query at ${CONCURRENCY} in flight${sent}`,
    );
  }
  if (resets) console.log(`  ${resets} requests asked again after a connection reset`);
  console.log(
    `\nmodel types on CLINC150 10/intent (${intents.length} intents), threshold 0.5, through ${realModel ? `${realModel} (${defaultLlm.model}, ${defaultLlm.embeddingModel ?? 'no embeddings model'})` : "the loopback sandbox model: wiring only, not a language model's accuracy"}`,
  );
  for (const row of rows) console.log(row);
} finally {
  await parley.close();
  provider?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
