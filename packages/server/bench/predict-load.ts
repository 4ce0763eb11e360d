// predictIntent under load: a 150-intent agent trained on CLINC150's train split through the API, then autocannon
// (50 connections, 30 s) from a child process posts the test split's queries (in-scope and out-of-scope) over
// loopback to the real server on embedded PGlite. Every reply is a full turn: session, prediction, dialog, log row.
// It prints req/s, latency percentiles, failures, and checks that every 2xx reply's turn has exactly one log row.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { call, login, startParley, waitForTraining } from '../src/test-support/server.js';

// BENCH_SMOKE=1 only checks that the bench still runs to its figures (npm test): 5 s of load on a 20-intent agent.
const SMOKE = Boolean(process.env.BENCH_SMOKE);
const DURATION = Number(process.env.BENCH_SECONDS ?? (SMOKE ? 5 : 30));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (SMOKE ? 10 : 50));
const datasets = process.env.PARLEY_DATASETS ?? fileURLToPath(new URL('../../../../shared/datasets', import.meta.url));
const clinc = JSON.parse(readFileSync(join(datasets, 'clinc150', 'data_full.json'), 'utf8')) as Record<string, [string, string][]>;
if (SMOKE) {
  const intents = new Set([...new Set(clinc.train!.map(([, intent]) => intent))].slice(0, 20));
  clinc.train = clinc.train!.filter(([, intent]) => intents.has(intent));
  clinc.test = clinc.test!.filter(([, intent]) => intents.has(intent));
}

const dataDir = mkdtempSync(join(tmpdir(), 'parley-predict-bench-'));
// BENCH_POSTGRES_URL (an admin URL such as postgres://postgres@127.0.0.1:5432/postgres) runs the same load against a
// throwaway database on a real PostgreSQL instead of the embedded one.
const admin = process.env.BENCH_POSTGRES_URL;
const parley = await startParley(
  { dataDir, databaseUrl: undefined, captcha: false, jobs: true, hostDist: '/nonexistent', logLevel: 'warn' },
  { postgresAdminUrl: admin, databasePrefix: 'parley_bench' },
);

try {
  await parley.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (parley.app.server.address() as AddressInfo).port;
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'CLINC150', description: 'load bench', type: 'nlp' } })).data.id as string;
  const storyId = (await call(parley, 'POST', 'nlp/story', { token, form: { agentId, name: 'All' } })).data.id as string;
  const byIntent = new Map<string, Set<string>>();
  for (const [text, intent] of clinc.train!) {
    if (!byIntent.has(intent)) byIntent.set(intent, new Set());
    byIntent.get(intent)!.add(text.trim().toLowerCase().replace(/\s+/g, ' '));
  }
  for (const [name, phrases] of byIntent) {
    const saved = await call(parley, 'POST', 'nlp/intent', {
      token,
      json: {
        agentId,
        storyId,
        name,
        utterances: [...phrases].map((utterance) => ({ utterance })),
        responses: [{ response: `That is about ${name.replace(/_/g, ' ')}.` }],
      },
    });
    if (!saved.status) throw new Error(`intent ${name}: ${saved.message}`);
  }
  let t = performance.now();
  await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token });
  const trained = await waitForTraining(parley, token, agentId, 300_000);
  if (trained.status !== 'trained') throw new Error(`training failed: ${trained.error}`);
  console.log(`trained ${byIntent.size} intents (${clinc.train!.length} phrases) through the API in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const queries = [...clinc.test!, ...clinc.oos_test!].map(([text]) => text);
  // Warm the model cache and the emotion model the way the first visitor would.
  await call(parley, 'POST', 'nlp/predictIntent', { token, json: { agentId, message: { text: 'hello' } } });

  t = performance.now();
  // A separate process: autocannon inside a worker thread hands back raw histograms, and the load generator should
  // not share the server's event loop.
  const load = `
    const { autocannon, url, connections, duration, token, agentId, queries } = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    let i = 0;
    const answered = [];
    require(autocannon)({
      url, connections, duration, method: 'POST', timeout: 60,
      headers: { 'content-type': 'application/json', 'authentication-token': token },
      requests: [{
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ agentId, message: { type: 'text', text: queries[i++ % queries.length], lnCode: 'en' }, metadata: { senderId: 'load-' + (i % 500) } }) }),
        // Every turn starts a session of its own: the session ids of the 2xx replies name the turns answered.
        onResponse: (status, body) => { if (status >= 200 && status < 300) { try { answered.push(JSON.parse(body).data.sessionId); } catch { answered.push(null); } } },
      }],
    }, (err, res) => { if (err) throw err; process.stdout.write(JSON.stringify({ ...res, answered })); });`;
  const child = spawn(process.execPath, ['-e', load], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(
    JSON.stringify({
      autocannon: fileURLToPath(import.meta.resolve('autocannon')),
      url: `http://127.0.0.1:${port}/api/nlp/predictIntent`,
      connections: CONNECTIONS,
      duration: DURATION,
      token,
      agentId,
      queries,
    }),
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(null) : reject(new Error(`autocannon exited with ${code}`)))));
  const result = JSON.parse(out) as {
    requests: { total: number; average: number };
    latency: Record<'p50' | 'p90' | 'p97_5' | 'p99' | 'max', number>;
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    answered: (string | null)[];
  };
  const elapsed = (performance.now() - t) / 1000;
  // Turns still in flight when the load stopped finish in the server after their connection closed: wait until
  // the log stops growing, then check it turn by turn against the replies.
  const countLoadRows = async () =>
    Number(
      (await parley.database.executeSql(`SELECT count(*)::int AS n FROM conversation_messages WHERE agent_id = $1 AND sender_id LIKE 'load-%'`, [agentId]))
        .rows[0]!.n,
    );
  let logged = await countLoadRows();
  for (let settled = 0; settled < 3;) {
    await new Promise((r) => setTimeout(r, 500));
    const again = await countLoadRows();
    settled = again === logged ? settled + 1 : 0;
    logged = again;
  }
  const rowsBySession = new Map(
    (
      await parley.database.executeSql(
        `SELECT session_id, count(*)::int AS n FROM conversation_messages WHERE agent_id = $1 AND sender_id LIKE 'load-%' GROUP BY session_id`,
        [agentId],
      )
    ).rows.map((r) => [r.session_id as string, Number(r.n)]),
  );
  const ok = result['2xx'];
  const missing = result.answered.filter((id) => rowsBySession.get(id ?? '') !== 1).length;
  const answeredSet = new Set(result.answered);
  const unanswered = [...rowsBySession.keys()].filter((id) => !answeredSet.has(id)).length;
  console.log(
    `\npredictIntent, ${CONNECTIONS} connections, ${DURATION} s, loopback, ${byIntent.size}-intent agent (${admin ? 'PostgreSQL' : 'embedded PGlite'})`,
  );
  console.log(`requests      ${result.requests.total}: ${ok} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  console.log(`throughput    ${result.requests.average.toFixed(0)} req/s average (${(ok / DURATION).toFixed(0)} 2xx per second of load)`);
  console.log(`latency       p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(
    `message log   ${logged} rows; ${ok} 2xx replies, ${missing} of them without exactly one row (turns lost: ${missing === 0 ? 'none' : missing}); ` +
      `${unanswered} rows of turns the client abandoned when the load stopped (at most ${CONNECTIONS}) (${elapsed.toFixed(1)} s)`,
  );
  if (missing !== 0 || result.answered.length !== ok || unanswered > CONNECTIONS) process.exitCode = 1;
} finally {
  await parley.close();
  rmSync(dataDir, { recursive: true, force: true });
}
