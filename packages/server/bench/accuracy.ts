// Intent accuracy at the agent's default confidence threshold, measured the way a user meets it: agents designed,
// trained and asked through the HTTP API of the real server (predictIntent over loopback, one new session per query
// so no query's slot filling leans on another's). CLINC150 (full and 10 phrases per intent) and Braun 2017.
// BENCH_ACCURACY=braun,clinc10,clinc narrows the agents that run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { call, login, startParley, waitForTraining } from '../src/test-support/server.js';

type Pair = [text: string, intent: string];
interface Reply {
  intent: string | null;
  outOfScope: boolean;
}

const CONCURRENCY = 8;
// BENCH_SMOKE=1 only checks that the bench still runs to its figures (npm test): CLINC150 cut to its first 20
// intents, 10 phrases each, asked 300 in-scope and 100 out-of-scope queries; Braun's smallest corpus.
const SMOKE = Boolean(process.env.BENCH_SMOKE);
const only = new Set((process.env.BENCH_ACCURACY ?? (SMOKE ? 'clinc10,braun' : 'clinc,clinc10,braun')).split(',').map((s) => s.trim()));
const datasets = process.env.PARLEY_DATASETS ?? fileURLToPath(new URL('../../../../shared/datasets', import.meta.url));
const readJson = <T>(...path: string[]) => JSON.parse(readFileSync(join(datasets, ...path), 'utf8')) as T;

const dataDir = mkdtempSync(join(tmpdir(), 'parley-accuracy-bench-'));
// BENCH_POSTGRES_URL (an admin URL such as postgres://postgres@127.0.0.1:5432/postgres) runs against a throwaway
// database on a real PostgreSQL instead of the embedded one.
const admin = process.env.BENCH_POSTGRES_URL;
// The demo agent's training would only compete with the bench's own for the CPU.
const parley = await startParley(
  { dataDir, databaseUrl: undefined, captcha: false, jobs: true, hostDist: '/nonexistent', logLevel: 'warn', trainDemoAgent: false },
  { postgresAdminUrl: admin, databasePrefix: 'parley_bench' },
);

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

try {
  await parley.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(parley.app.server.address() as AddressInfo).port}/api/nlp/predictIntent`;
  const token = await login(parley, 'developer@parley.dev');
  let sender = 0;

  /** Designs and trains an agent through the API; the training phrases are grouped by intent in file order. */
  async function trainAgent(name: string, train: Pair[]): Promise<string> {
    const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name, description: 'accuracy bench', type: 'nlp' } })).data.id as string;
    const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'All' } })).data.id as string;
    const byIntent = new Map<string, Set<string>>();
    for (const [text, intent] of train) {
      if (!byIntent.has(intent)) byIntent.set(intent, new Set());
      byIntent.get(intent)!.add(text.trim().toLowerCase().replace(/\s+/g, ' '));
    }
    let intents = 0;
    let saved = 0;
    for (const [intent, phrases] of byIntent) {
      // The API refuses an intent of fewer than two phrases (Braun's "Download Video" has one, and no test sentence).
      if (phrases.size < 2) {
        console.log(`  ${name}: intent "${intent}" left out, ${phrases.size} training phrase (the API requires two)`);
        continue;
      }
      const reply = await call(parley, 'POST', 'nlp/intent', {
        token,
        json: {
          agentId,
          storyId,
          name: intent,
          utterances: [...phrases].map((utterance) => ({ utterance })),
          responses: [{ response: `That is about ${intent}.` }],
        },
      });
      if (!reply.status) throw new Error(`${name}, intent ${intent}: ${reply.message}`);
      intents++;
      saved += phrases.size;
    }
    // The figures are meant for the threshold every new agent starts with, so make sure nothing moved it.
    const threshold = (await call(parley, 'GET', `nlp/agent/${agentId}/config`, { token })).data.confidenceThreshold as number;
    if (threshold !== 0.5) throw new Error(`${name}: confidence threshold ${threshold}, expected the default 0.5`);
    const t = performance.now();
    await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
    const trained = await waitForTraining(parley, token, agentId, 600_000);
    if (trained.status !== 'trained') throw new Error(`${name}: training failed: ${trained.error}`);
    console.log(`  ${name}: ${intents} intents, ${saved} distinct phrases, trained in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return agentId;
  }

  /** Asks every text, a few in flight at once, each as the first message of a new conversation. */
  async function ask(agentId: string, texts: string[]): Promise<Reply[]> {
    const replies: Reply[] = new Array(texts.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < texts.length; i = next++) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'authentication-token': token },
          body: JSON.stringify({ agentId, message: { type: 'text', text: texts[i], lnCode: 'en' }, metadata: { senderId: `accuracy-${sender++}` } }),
        });
        const body = (await res.json()) as { status: boolean; message: string; data: Reply };
        // A reply without the flag would silently score as "answered": fail instead.
        if (!body.status || typeof body.data.outOfScope !== 'boolean') throw new Error(`predictIntent "${texts[i]}": ${res.status} ${body.message}`);
        replies[i] = body.data;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return replies;
  }

  const rows: string[] = [];
  if (only.has('clinc') || only.has('clinc10')) {
    const clinc = readJson<Record<'train' | 'test' | 'oos_test', Pair[]>>('clinc150', 'data_full.json');
    if (SMOKE) {
      const intents = new Set([...new Set(clinc.train.map(([, intent]) => intent))].slice(0, 20));
      clinc.train = clinc.train.filter(([, intent]) => intents.has(intent));
      clinc.test = clinc.test.filter(([, intent]) => intents.has(intent)).slice(0, 300);
      clinc.oos_test = clinc.oos_test.slice(0, 100);
    }
    const perIntent = new Map<string, number>();
    const firstTen = clinc.train.filter(([, intent]) => {
      perIntent.set(intent, (perIntent.get(intent) ?? 0) + 1);
      return perIntent.get(intent)! <= 10;
    });
    const variants = [
      { key: 'clinc', label: 'CLINC150 full', train: clinc.train, inScopeTarget: 93.5 },
      { key: 'clinc10', label: 'CLINC150 10/intent', train: firstTen, inScopeTarget: 80 },
    ];
    for (const v of variants.filter((v) => only.has(v.key))) {
      const agentId = await trainAgent(v.label, v.train);
      const t = performance.now();
      const inScope = await ask(
        agentId,
        clinc.test.map(([text]) => text),
      );
      const oos = await ask(
        agentId,
        clinc.oos_test.map(([text]) => text),
      );
      const right = inScope.filter((r, i) => !r.outOfScope && r.intent === clinc.test[i]![1]).length;
      const answered = inScope.filter((r) => !r.outOfScope).length;
      const caught = oos.filter((r) => r.outOfScope).length;
      console.log(`  ${v.label}: ${inScope.length + oos.length} queries in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const met = (100 * right) / inScope.length >= v.inScopeTarget && (100 * caught) / oos.length >= 50;
      rows.push(
        `${v.label.padEnd(20)} in-scope ${pct(right, inScope.length)} (${right}/${inScope.length}), OOS recall ${pct(caught, oos.length)} (${caught}/${oos.length}), ` +
          `in-scope answered ${pct(answered, inScope.length)}; target in-scope >= ${v.inScopeTarget} %, OOS recall >= 50 %: ${verdict(met)}`,
      );
    }
  }

  if (only.has('braun')) {
    let correct = 0;
    let tested = 0;
    for (const corpus of SMOKE ? ['ChatbotCorpus'] : ['ChatbotCorpus', 'AskUbuntuCorpus', 'WebApplicationsCorpus']) {
      const { sentences } = readJson<{ sentences: { text: string; intent: string; training: boolean }[] }>('braun2017', `${corpus}.json`);
      const agentId = await trainAgent(
        corpus,
        sentences.filter((s) => s.training).map((s): Pair => [s.text, s.intent]),
      );
      const test = sentences.filter((s) => !s.training);
      const replies = await ask(
        agentId,
        test.map((s) => s.text),
      );
      // Out of scope is the right answer for a `None` sentence: that is what `None` stands for.
      const right = replies.filter((r, i) => (!r.outOfScope && r.intent === test[i]!.intent) || (r.outOfScope && test[i]!.intent === 'None')).length;
      rows.push(`${`Braun ${corpus}`.padEnd(32)} ${right}/${test.length} (${(right / test.length).toFixed(3)})`);
      correct += right;
      tested += test.length;
    }
    rows.push(
      `${'Braun 2017 overall micro F1'.padEnd(32)} ${(correct / tested).toFixed(3)} (${correct}/${tested}); target >= 0.93: ${verdict(correct / tested >= 0.93)}`,
    );
  }

  console.log(`\nintent accuracy at the default confidence threshold (0.5), predictIntent over loopback HTTP (${admin ? 'PostgreSQL' : 'embedded PGlite'})`);
  for (const row of rows) console.log(row);
} finally {
  await parley.close();
  rmSync(dataDir, { recursive: true, force: true });
}
