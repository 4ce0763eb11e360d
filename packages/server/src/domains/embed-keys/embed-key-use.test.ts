import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMBED_KEY_HEADER } from '@parley/sdk/contract/embed-keys';
import { embedKeys } from '../../db/schema.js';
import { routeTable } from '../../http/route.js';
import { call, login, startServer, type CallOptions } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { waitForTraining } from '../../test/wait-for-training.js';

const RANDOM_ID = '00000000-0000-4000-8000-000000000000';
const PARTNER = 'https://partner.example';
const PREDICT = '/api/nlp/predictIntent';

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, RANDOM_ID).replace(/^\/api\//, '');

/** What a partner page can do with a key: exactly its scopes, from its origins, within its limit. */
describe('embed keys: calls made with a key', async () => {
  // The route walk below makes one call per route with one key; the limit itself is tested in its own file.
  process.env.PARLEY_EMBED_KEY_RATE_LIMIT = '10000';
  const parley = await startServer({ jobs: true });
  delete process.env.PARLEY_EMBED_KEY_RATE_LIMIT;
  const { db } = parley.database;
  const admin = await login(parley);

  const newAgent = async (token: string, name: string) => {
    const agent = await call(parley, 'POST', 'nlp/agent', { token, json: { name, description: 'Embed test', type: 'nlp' } });
    return agent.data.id as string;
  };
  const agentId = await newAgent(admin, 'Embed Bot');
  const otherAgentId = await newAgent(admin, 'Internal Bot');
  const story = await call(parley, 'POST', 'nlp/story', { token: admin, json: { agentId, name: 'Support' } });
  const storyId = story.data.id as string;
  for (const [name, phrases, response] of [
    ['reset_password', ['I forgot my password', 'reset my password', 'cannot log in'], 'Use the reset link.'],
    ['pricing', ['how much does it cost', 'what are your prices', 'pricing plans'], 'From $10 a month.'],
  ] as const) {
    await call(parley, 'POST', 'nlp/intent', {
      token: admin,
      json: { agentId, storyId, name, utterances: phrases.map((utterance) => ({ utterance })), responses: [{ response }] },
    });
  }
  await call(parley, 'GET', `nlp/agent/${agentId}/train`, { token: admin });

  const issue = async (body: Record<string, unknown> = {}) => {
    const res = await call(parley, 'POST', 'e/enterprise/embed-keys', {
      token: admin,
      json: { name: 'Partner', scopes: ['try-it'], agentIds: [agentId], allowedOrigins: [PARTNER], ...body },
    });
    expect(res, JSON.stringify(res)).toMatchObject({ status: true });
    return res.data as { id: string; secret: string };
  };
  const withKey = (secret: string, method: string, path: string, opts: CallOptions = {}) =>
    call(parley, method, path, { ...opts, headers: { [EMBED_KEY_HEADER]: secret, ...opts.headers } });
  const say = (secret: string, agent: string, text = 'I forgot my password', headers: Record<string, string> = {}) =>
    withKey(secret, 'POST', 'nlp/predictIntent', { json: { agentId: agent, message: { text }, metadata: { senderId: 'visitor-1' } }, headers });

  const key = await issue();

  it('chats with its agent, and only with its agent', async () => {
    expect((await waitForTraining(parley, admin, agentId)).status).toBe('trained');
    const reply = await say(key.secret, agentId);
    expect(reply).toMatchObject({ status: true, code: 100, data: { output: { text: 'Use the reset link.', source: 'intent' } } });
    // The conversation goes on with its session id, and a form body works as well as JSON.
    const next = await withKey(key.secret, 'POST', 'nlp/predictIntent', {
      form: { agentId, sessionId: reply.data.sessionId, message: JSON.stringify({ text: 'what are your prices' }) },
    });
    expect(next).toMatchObject({ status: true, data: { sessionId: reply.data.sessionId, output: { text: 'From $10 a month.' } } });

    expect(await say(key.secret, otherAgentId)).toMatchObject({ httpStatus: 200, status: false, code: 1403, message: 'Access Denied' });
    // Smuggling another agent past the check through the query string, a list, or a second copy does not work either.
    expect(
      await withKey(key.secret, 'POST', 'nlp/predictIntent', { query: { agentId }, json: { agentId: otherAgentId, message: { text: 'hi' } } }),
    ).toMatchObject({ code: 1403 });
    expect(
      await withKey(key.secret, 'POST', 'nlp/predictIntent', { query: { agentId: otherAgentId }, json: { agentId, message: { text: 'hi' } } }),
    ).toMatchObject({ code: 1403 });
    for (const agents of [
      [agentId, otherAgentId],
      [otherAgentId, agentId],
      [agentId, agentId],
    ]) {
      const repeated = await parley.app.inject({
        method: 'POST',
        url: PREDICT,
        headers: { 'content-type': 'application/x-www-form-urlencoded', [EMBED_KEY_HEADER]: key.secret },
        payload: `${agents.map((a) => `agentId=${a}`).join('&')}&message=${encodeURIComponent('{"text":"hi"}')}`,
      });
      expect(repeated.json()).toMatchObject({ code: 1403 });
    }
    expect(await withKey(key.secret, 'POST', 'nlp/predictIntent', { json: { message: { text: 'hi' } } })).toMatchObject({ code: 1403 });

    const [row] = await db.select().from(embedKeys).where(eq(embedKeys.id, key.id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('with no agents listed, talks to every agent of its enterprise and to none of another', async () => {
    const anyAgent = await issue({ agentIds: [] });
    expect(await say(anyAgent.secret, agentId)).toMatchObject({ status: true, code: 100 });
    // The other agent is the key's enterprise's, merely untrained: the route answers as it would anyone.
    expect(await say(anyAgent.secret, otherAgentId)).toMatchObject({ code: 1400, errors: [{ field: 'agentId' }] });
    const otherAdmin = await loginToOtherEnterprise(parley);
    const foreignAgent = await newAgent(otherAdmin, 'Foreign Bot');
    expect(await say(anyAgent.secret, foreignAgent)).toMatchObject({ httpStatus: 404, code: 1404 });
  });

  it('can call no other route, public ones included', async () => {
    const routes = [...new Map(routeTable.map((r) => [`${r.method} ${r.url}`, r])).values()];
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/nlp/v2/agent');
    const answers: { route: string; status: boolean; code: number | string }[] = [];
    for (const r of routes) {
      // The try-it scope's two routes: the turn, and the same turn streamed.
      if (r.method === 'POST' && (r.url === PREDICT || r.url === `${PREDICT}/stream`)) continue;
      for (const body of [{}, { agentId }]) {
        const opts: CallOptions = r.method === 'GET' || r.method === 'DELETE' ? { query: body } : { json: body };
        const res = await withKey(key.secret, r.method, fill(r.url), { ...opts, headers: { origin: PARTNER } });
        answers.push({ route: `${r.method} ${r.url}`, status: res.status, code: res.code });
      }
    }
    expect(answers.length).toBe(2 * (routes.length - 2));
    expect(answers.filter((a) => a.status !== false || a.code !== 1403)).toEqual([]);
    const agents = await withKey(key.secret, 'GET', 'nlp/v2/agent');
    expect(agents).toMatchObject({ httpStatus: 200, status: false, code: 1403, message: 'Access Denied' });
    expect(agents.data).toBeUndefined();
    // Refused writes are recorded in the key's enterprise, without a user.
    const trail = await call(parley, 'GET', 'e/enterprise/audit_trail', { token: admin, query: { perPage: '1000' } });
    expect(trail.data).toContainEqual(expect.objectContaining({ uId: null, action: 'POST /api/nlp/agent', statusCode: 1403 }));
  });

  it('grants nothing to the reserved broadcast-form scope', async () => {
    const reserved = await issue({ scopes: ['broadcast-form'] });
    expect(await say(reserved.secret, agentId)).toMatchObject({ code: 1403 });
    expect(await withKey(reserved.secret, 'GET', 'health')).toMatchObject({ code: 1403 });
  });

  it('refuses revoked, expired, unknown and malformed keys like a bad token', async () => {
    const doomed = await issue();
    expect(await say(doomed.secret, agentId)).toMatchObject({ status: true });
    await call(parley, 'DELETE', `e/enterprise/embed-keys/${doomed.id}`, { token: admin });
    const expired = await issue();
    await db
      .update(embedKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(embedKeys.id, expired.id));
    const badToken = await call(parley, 'GET', 'nlp/v2/agent', { token: 'not-a-session' });
    expect(badToken).toMatchObject({ httpStatus: 401, code: 1401 });
    for (const secret of [doomed.secret, expired.secret, `pk_${'A'.repeat(43)}`, 'nonsense', '']) {
      for (const res of [await say(secret, agentId), await withKey(secret, 'GET', 'health')]) {
        expect(res).toMatchObject({ httpStatus: 401, status: false, code: 1401, message: 'Invalid, revoked or expired embed key' });
        expect(res.login_required).toBeUndefined();
      }
    }
  });

  it('is refused from an origin it does not list', async () => {
    expect(await say(key.secret, agentId, 'hello', { origin: 'https://evil.example' })).toMatchObject({ code: 1403 });
    expect(await say(key.secret, agentId, 'hello', { origin: PARTNER })).toMatchObject({ status: true });
  });

  describe('CORS', () => {
    const preflight = (origin: string, url = PREDICT, method = 'POST') =>
      parley.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': `content-type, ${EMBED_KEY_HEADER}` },
      });
    const post = (headers: Record<string, string>) =>
      parley.app.inject({
        method: 'POST',
        url: PREDICT,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ agentId, message: { text: 'reset my password' } }),
      });

    it('answers a preflight for predictIntent from an origin a live key lists', async () => {
      const res = await preflight(PARTNER);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
      expect(res.headers['access-control-allow-methods']).toBe('POST');
      expect(String(res.headers['access-control-allow-headers']).split(', ')).toEqual(['content-type', EMBED_KEY_HEADER]);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      // The API's own security headers are still there.
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    });

    it('gives no CORS headers to other origins, methods or routes', async () => {
      for (const res of [
        await preflight('https://evil.example'),
        await preflight(PARTNER, PREDICT, 'DELETE'),
        await preflight(PARTNER, '/api/nlp/v2/agent', 'GET'),
        await preflight(PARTNER, '/api/e/enterprise/embed-keys', 'POST'),
      ]) {
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        expect(res.headers['access-control-allow-methods']).toBeUndefined();
      }
    });

    it('lets the listed origin read the reply, and no one else', async () => {
      const allowed = await post({ origin: PARTNER, [EMBED_KEY_HEADER]: key.secret });
      expect(allowed.json()).toMatchObject({ status: true, code: 100 });
      expect(allowed.headers['access-control-allow-origin']).toBe(PARTNER);
      expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();

      const evil = await post({ origin: 'https://evil.example', [EMBED_KEY_HEADER]: key.secret });
      expect(evil.json()).toMatchObject({ status: false, code: 1403 });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();

      // The streamed turn is written by hand, past the hook that adds the header: it must carry it too.
      const streamed = await parley.app.inject({
        method: 'POST',
        url: `${PREDICT}/stream`,
        headers: { 'content-type': 'application/json', origin: PARTNER, [EMBED_KEY_HEADER]: key.secret },
        payload: JSON.stringify({ agentId, message: { text: 'reset my password' } }),
      });
      expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(streamed.headers['access-control-allow-origin']).toBe(PARTNER);
      expect(streamed.body).toContain('event: reply');

      const otherRoute = await parley.app.inject({ method: 'GET', url: '/api/nlp/v2/agent', headers: { origin: PARTNER, [EMBED_KEY_HEADER]: key.secret } });
      expect(otherRoute.json()).toMatchObject({ code: 1403 });
      expect(otherRoute.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('never answers CORS to a session token', async () => {
      const res = await post({ origin: PARTNER, 'authentication-token': admin });
      expect(res.json()).toMatchObject({ status: true, code: 100 });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const list = await parley.app.inject({ method: 'GET', url: '/api/nlp/v2/agent', headers: { origin: PARTNER, 'authentication-token': admin } });
      expect(list.json()).toMatchObject({ status: true });
      expect(list.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
