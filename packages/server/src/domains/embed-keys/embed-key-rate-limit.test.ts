import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { EMBED_KEY_HEADER } from '@parley/sdk/contract/embed-keys';
import { call, login, startServer } from '../../test/harness.js';
import { keyRateLimit } from './rate-limit.js';
import { embedKeySettings } from './service.js';

const LIMIT = 3;

describe('embed keys: the per-key rate limit', async () => {
  process.env.PARLEY_EMBED_KEY_RATE_LIMIT = String(LIMIT);
  const parley = await startServer();
  delete process.env.PARLEY_EMBED_KEY_RATE_LIMIT;
  const admin = await login(parley);
  const agents = await call(parley, 'GET', 'nlp/v2/agent', { token: admin, query: { perPage: '-1' } });
  const agentId = agents.data.agents[0].id as string;
  const issue = async () =>
    (
      await call(parley, 'POST', 'e/enterprise/embed-keys', {
        token: admin,
        json: { name: 'Busy', scopes: ['try-it'], allowedOrigins: ['https://partner.example'] },
      })
    ).data as { secret: string };
  const say = (secret: string) =>
    call(parley, 'POST', 'nlp/predictIntent', { headers: { [EMBED_KEY_HEADER]: secret }, json: { agentId, message: { text: 'hello' } } });

  it(`answers 1429 on HTTP 429 after ${LIMIT} calls a minute with one key, and counts each key apart`, async () => {
    const busy = await issue();
    const quiet = await issue();
    for (let i = 0; i < LIMIT; i++) {
      // The seeded agent is not trained in tests: the route's own answer, but an answer.
      const res = await say(busy.secret);
      expect(res.code).not.toBe(1429);
    }
    const limited = await say(busy.secret);
    expect(limited).toMatchObject({ httpStatus: 429, status: false, code: 1429, message: expect.stringContaining('Too many requests') });
    // Any route counts: the limit is on the key, not on the call.
    expect(await call(parley, 'GET', 'health', { headers: { [EMBED_KEY_HEADER]: busy.secret } })).toMatchObject({ httpStatus: 429, code: 1429 });
    // The partner page may read the refusal: the route is the key's and so is the origin.
    const fromPage = await parley.app.inject({
      method: 'POST',
      url: '/api/nlp/predictIntent',
      headers: { origin: 'https://partner.example', [EMBED_KEY_HEADER]: busy.secret, 'content-type': 'application/json' },
      payload: JSON.stringify({ agentId, message: { text: 'hello' } }),
    });
    expect([fromPage.statusCode, fromPage.headers['access-control-allow-origin']]).toEqual([429, 'https://partner.example']);
    expect((await say(quiet.secret)).code).not.toBe(1429);
    // Only live keys are counted: a wrong key stays a 1401, however often it is tried.
    for (let i = 0; i <= LIMIT; i++) expect(await say('not-a-key')).toMatchObject({ httpStatus: 401, code: 1401 });
  });

  it('starts a fresh window after a minute', async () => {
    const app = Fastify();
    const withinLimit = await keyRateLimit(app, 2, 60_000);
    app.get('/:key', async (request) => ({ allowed: await withinLimit(request, (request.params as { key: string }).key) }));
    const take = async (key: string, at: number) => {
      vi.setSystemTime(at);
      return (await app.inject({ url: `/${key}` })).json<{ allowed: boolean }>().allowed;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect([await take('k', 0), await take('k', 1), await take('k', 2), await take('other', 3)]).toEqual([true, true, false, true]);
      expect(await take('k', 59_999)).toBe(false);
      expect([await take('k', 60_000), await take('k', 60_001), await take('k', 60_002)]).toEqual([true, true, false]);
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });

  it('reads its setting from PARLEY_EMBED_KEY_RATE_LIMIT, 60 by default, and refuses nonsense', () => {
    expect(embedKeySettings({})).toEqual({ perMinute: 60 });
    expect(embedKeySettings({ PARLEY_EMBED_KEY_RATE_LIMIT: '5' })).toEqual({ perMinute: 5 });
    expect(() => embedKeySettings({ PARLEY_EMBED_KEY_RATE_LIMIT: '0' })).toThrow(/PARLEY_EMBED_KEY_RATE_LIMIT/);
    expect(() => embedKeySettings({ PARLEY_EMBED_KEY_RATE_LIMIT: 'lots' })).toThrow(/PARLEY_EMBED_KEY_RATE_LIMIT/);
  });
});
