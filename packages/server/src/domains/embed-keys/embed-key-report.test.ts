import { describe, expect, it } from 'vitest';
import { EMBED_KEY_HEADER } from '@parley/sdk/contract/embed-keys';
import { call, login, startServer } from '../../test/harness.js';

const PARTNER = 'https://partner.example';

/** The `report` scope: a partner page reads one agent's conversation report, and nothing else. */
describe('embed keys: the report scope', async () => {
  const parley = await startServer();
  const admin = await login(parley);
  const newAgent = async (name: string) =>
    (await call(parley, 'POST', 'nlp/agent', { token: admin, json: { name, description: 'r', type: 'nlp' } })).data.id as string;
  const agentId = await newAgent('Reported Bot');
  const otherAgentId = await newAgent('Private Bot');
  const issued = await call(parley, 'POST', 'e/enterprise/embed-keys', {
    token: admin,
    json: { name: 'Report page', scopes: ['report'], agentIds: [agentId], allowedOrigins: [PARTNER] },
  });
  const key = issued.data.secret as string;
  const range = { startDate: String(Date.now() - 7 * 86_400_000), endDate: String(Date.now()) };
  const asPartner = { [EMBED_KEY_HEADER]: key, origin: PARTNER };

  it("reads its agent's report calls, readable by the partner's origin", async () => {
    for (const path of ['nlp/conversationsReport', 'nlp/graphReport', 'nlp/topIntent', 'nlp/conversations']) {
      const res = await call(parley, 'POST', path, { json: { agentId, ...range }, headers: asPartner });
      expect(res.code, path).toBe(100);
    }
    const csv = await parley.app.inject({ method: 'GET', url: '/api/nlp/download/conversations/csv', query: { agentId, ...range }, headers: asPartner });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(csv.headers['access-control-expose-headers']).toBe('content-disposition');
  });

  it('reads no other agent, not the agents list, and cannot chat', async () => {
    expect((await call(parley, 'POST', 'nlp/conversationsReport', { json: { agentId: otherAgentId, ...range }, headers: asPartner })).code).toBe(1403);
    expect((await call(parley, 'GET', 'nlp/v2/agent', { headers: asPartner })).code).toBe(1403);
    expect((await call(parley, 'POST', 'nlp/predictIntent', { json: { agentId, message: { text: 'hi' } }, headers: asPartner })).code).toBe(1403);
  });

  it('answers the preflight of a report call from the allowed origin only', async () => {
    const preflight = (origin: string) =>
      parley.app.inject({
        method: 'OPTIONS',
        url: '/api/nlp/conversationsReport',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': `content-type, ${EMBED_KEY_HEADER}` },
      });
    expect((await preflight(PARTNER)).headers['access-control-allow-origin']).toBe(PARTNER);
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
