// Conversation reports at volume: seeds 1,000,000 logged messages for one agent over 90 days in embedded PGlite on
// disk, then times every report call through the HTTP layer (fastify.inject) for the designer's default 7-day window
// and for the whole 90 days. Target (issue 4): p95 <= 300 ms at this volume.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { call, login, startParley } from '../src/test-support/server.js';

// BENCH_SMOKE=1 only checks that the bench still runs to its figures (npm test): 10,000 messages, 2 calls each.
const SMOKE = Boolean(process.env.BENCH_SMOKE);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? (SMOKE ? 10_000 : 1_000_000));
const RUNS = Number(process.env.BENCH_RUNS ?? (SMOKE ? 2 : 20));
const DAYS = 90;

const dataDir = mkdtempSync(join(tmpdir(), 'parley-reports-bench-'));
const parley = await startParley({ dataDir, databaseUrl: undefined, captcha: false, jobs: false, hostDist: '/nonexistent' });
try {
  const token = await login(parley, 'developer@parley.dev');
  const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Bench Agent', description: 'reports bench', type: 'nlp' } })).data
    .id as string;
  const t0 = performance.now();
  // One statement per 100k rows: eight messages per conversation, 20,000 senders, 20 intents, a fifth out of scope.
  for (let from = 0; from < MESSAGES; from += 100_000) {
    const to = Math.min(MESSAGES, from + 100_000) - 1;
    await parley.database.db.execute(sql`
      INSERT INTO conversation_messages (e_id, agent_id, session_id, sender_id, user_message, created_at, intent_identified,
        intent, confidence, utterance, bot_response, emotion, other_intents, scoped, weak)
      SELECT a.e_id, a.id, md5('s' || (g / 8))::uuid, 'user-' || ((g / 8) % 20000), 'message number ' || g,
        now() - make_interval(secs => (g::float8 / ${MESSAGES}) * ${DAYS} * 86400),
        g % 5 <> 0, CASE WHEN g % 5 <> 0 THEN 'intent_' || (g % 20) END, (g % 100) / 100.0,
        CASE WHEN g % 5 <> 0 THEN 'training phrase ' || (g % 20) END, 'response ' || (g % 20),
        (ARRAY['neutral','joy','curiosity','gratitude','annoyance'])[1 + g % 5], '[]'::jsonb, g % 5 <> 0, g % 17 = 0
      FROM generate_series(${from}::int, ${to}::int) g, agents a WHERE a.id = ${agentId}`);
  }
  // The runtime keeps these per-conversation counters as it logs; the bench derives them from the seeded messages
  // (only its own agent's: the demo agent's seeded conversations already have theirs).
  await parley.database.db.execute(sql`
    INSERT INTO conversation_sessions (id, e_id, agent_id, sender_id, messages, scoped_messages, weak_messages, created_at, updated_at)
    SELECT session_id, e_id, agent_id, min(sender_id), count(*), count(*) FILTER (WHERE scoped), count(*) FILTER (WHERE weak), min(created_at), max(created_at)
    FROM conversation_messages WHERE agent_id = ${agentId} GROUP BY session_id, e_id, agent_id`);
  await parley.database.db.execute(sql`ANALYZE conversation_messages`);
  await parley.database.db.execute(sql`ANALYZE conversation_sessions`);
  console.log(`seeded ${MESSAGES.toLocaleString('en')} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const now = Date.now();
  const windows = { 'last 7 days': now - 7 * 86_400_000, 'all 90 days': now - DAYS * 86_400_000 };
  const calls: [string, (range: object) => Promise<unknown>][] = [
    ['conversationsReport', (r) => call(parley, 'POST', 'nlp/conversationsReport', { token, json: r })],
    ['graphReport', (r) => call(parley, 'POST', 'nlp/graphReport', { token, json: r })],
    ['topIntent', (r) => call(parley, 'POST', 'nlp/topIntent', { token, json: r })],
    ['conversations (page 1)', (r) => call(parley, 'POST', 'nlp/conversations', { token, json: { ...r, scopeType: 1 }, query: { from: '0', perPage: '50' } })],
    [
      'conversations (page 200)',
      (r) => call(parley, 'POST', 'nlp/conversations', { token, json: { ...r, scopeType: 0 }, query: { from: '9950', perPage: '50' } }),
    ],
  ];
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
  console.log(`\n${'report call'.padEnd(28)}${'window'.padEnd(14)}${'p50'.padEnd(12)}p95`);
  for (const [window, start] of Object.entries(windows)) {
    const range = { agentId, startDate: new Date(start).toISOString(), endDate: new Date(now).toISOString(), timeZoneOffset: -330 };
    for (const [name, run] of calls) {
      await run(range);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const res = (await run(range)) as { status: boolean; message: string };
        times.push(performance.now() - t);
        if (!res.status) throw new Error(`${name}: ${res.message}`);
      }
      console.log(`${name.padEnd(28)}${window.padEnd(14)}${`${pct(times, 50).toFixed(1)} ms`.padEnd(12)}${pct(times, 95).toFixed(1)} ms`);
    }
    const t = performance.now();
    const csv = await parley.app.inject({
      method: 'GET',
      url: '/api/nlp/download/conversations/csv',
      headers: { 'authentication-token': token },
      query: { ...range, scope: '0', timeZoneOffset: '-330' },
    });
    const rows = csv.body.split('\r\n').length - 2;
    console.log(`${'CSV export'.padEnd(28)}${window.padEnd(14)}${rows.toLocaleString('en')} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  console.log('\ntarget: every report call p95 <= 300 ms at 1,000,000 messages (embedded PGlite)');
} finally {
  await parley.close();
  rmSync(dataDir, { recursive: true, force: true });
}
