import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { normalizeOrigin } from '@parley/sdk/contract/embed-keys';
import { embedKeys } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const RANDOM_ID = '00000000-0000-4000-8000-000000000000';

/** Issuing, listing and revoking keys: administrators of the key's own enterprise only. */
describe('embed keys: the administrator side', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const admin = await login(parley);
  const developer = await login(parley, 'developer@parley.dev');
  const viewer = await login(parley, 'viewer@parley.dev');
  const otherAdmin = await loginToOtherEnterprise(parley);
  const agents = await call(parley, 'GET', 'nlp/v2/agent', { token: admin, query: { perPage: '-1' } });
  const agentId = agents.data.agents[0].id as string;

  const create = (token: string, body: Record<string, unknown> = {}) =>
    call(parley, 'POST', 'e/enterprise/embed-keys', {
      token,
      json: { name: 'Partner site', scopes: ['try-it'], agentIds: [agentId], allowedOrigins: ['https://partner.example'], ...body },
    });

  it('issues a key whose secret is shown once and only its hash is kept', async () => {
    const res = await create(admin);
    expect(res).toMatchObject({ status: true, code: 100, message: expect.stringContaining('not shown again') });
    const key = res.data;
    expect(key.secret).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Partner site',
      scopes: ['try-it'],
      agentIds: [agentId],
      allowedOrigins: ['https://partner.example'],
      state: 'active',
      prefix: key.secret.slice(0, 11),
      expiresOn: null,
      revokedOn: null,
      lastUsedOn: null,
    });
    const [row] = await db.select().from(embedKeys).where(eq(embedKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(key.secret);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await call(parley, 'GET', 'e/enterprise/embed-keys', { token: admin });
    expect(list).toMatchObject({ status: true, code: 100, more: false });
    const listed = list.data.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ name: 'Partner site', prefix: key.prefix, state: 'active' });
    expect(listed).not.toHaveProperty('secret');
    expect(JSON.stringify(list)).not.toContain(key.secret);
  });

  it('takes a form body too, with an empty agent list meaning every agent, and the reserved broadcast-form scope', async () => {
    const res = await call(parley, 'POST', 'e/enterprise/embed-keys', {
      token: admin,
      form: { name: 'Form key', scopes: 'broadcast-form', allowedOrigins: 'http://localhost:5173', expiresAt: String(Date.now() + 3_600_000) },
    });
    expect(res).toMatchObject({ status: true, code: 100 });
    expect(res.data).toMatchObject({ scopes: ['broadcast-form'], agentIds: [], allowedOrigins: ['http://localhost:5173'], expiresOn: expect.any(String) });
  });

  it('refuses bad origins, scopes, agents and expiries with 1400 on the field', async () => {
    for (const origin of [
      'http://partner.example',
      'https://partner.example/path',
      'https://*.example.com',
      '*',
      'null',
      'https://user@partner.example',
      'https://partner.example?x=1',
      'ftp://partner.example',
      'https://partner.example:443',
      'partner.example',
    ]) {
      const res = await create(admin, { allowedOrigins: [origin] });
      expect({ origin, code: res.code, field: res.errors?.[0]?.field }).toEqual({ origin, code: 1400, field: 'allowedOrigins.0' });
    }
    expect((await create(admin, { allowedOrigins: [] })).errors?.[0]?.field).toBe('allowedOrigins');
    expect((await create(admin, { scopes: [] })).errors?.[0]?.field).toBe('scopes');
    expect((await create(admin, { scopes: ['admin'] })).errors?.[0]?.field).toBe('scopes.0');
    expect((await create(admin, { agentIds: [RANDOM_ID] })).errors?.[0]).toMatchObject({ field: 'agentIds.0', message: 'No such agent in this enterprise' });
    expect((await create(admin, { expiresAt: new Date(Date.now() - 1000).toISOString() })).errors?.[0]?.field).toBe('expiresAt');
    expect((await create(admin, { name: '' })).errors?.[0]?.field).toBe('name');
  });

  it('normalises origins as browsers send them', () => {
    expect(normalizeOrigin('https://Partner.Example/')).toBe('https://partner.example');
    expect(normalizeOrigin('https://partner.example:8443')).toBe('https://partner.example:8443');
    expect(normalizeOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(normalizeOrigin('http://localhost')).toBe('http://localhost');
    expect(normalizeOrigin('https:partner.example')).toBeNull();
    expect(normalizeOrigin('https://partner.example#x')).toBeNull();
  });

  it('refuses every key call to users without the administrator permission with 1403', async () => {
    const [key] = (await call(parley, 'GET', 'e/enterprise/embed-keys', { token: admin })).data;
    for (const token of [developer, viewer]) {
      for (const res of [
        await create(token),
        await call(parley, 'GET', 'e/enterprise/embed-keys', { token }),
        await call(parley, 'DELETE', `e/enterprise/embed-keys/${key.id}`, { token }),
      ]) {
        expect(res).toMatchObject({ httpStatus: 200, status: false, code: 1403, message: 'Access Denied' });
      }
    }
    expect((await call(parley, 'GET', 'e/enterprise/embed-keys', { token: admin })).data[0]).toMatchObject({ id: key.id, state: key.state });
  });

  it('keeps keys to their enterprise: another admin neither sees, revokes nor borrows them', async () => {
    const mine = (await create(admin, { name: 'Tenancy' })).data;
    const theirs = await call(parley, 'GET', 'e/enterprise/embed-keys', { token: otherAdmin });
    expect(theirs).toMatchObject({ status: true, data: [] });
    const foreign = await call(parley, 'DELETE', `e/enterprise/embed-keys/${mine.id}`, { token: otherAdmin });
    const unknown = await call(parley, 'DELETE', `e/enterprise/embed-keys/${RANDOM_ID}`, { token: otherAdmin });
    expect(foreign).toEqual(unknown);
    expect(foreign).toMatchObject({ httpStatus: 404, code: 1404 });
    const [row] = await db.select().from(embedKeys).where(eq(embedKeys.id, mine.id));
    expect(row!.revokedAt).toBeNull();
    // Naming this enterprise's agent in another enterprise's key answers like an agent that does not exist.
    const borrowed = await create(otherAdmin, { agentIds: [agentId] });
    const nowhere = await create(otherAdmin, { agentIds: [RANDOM_ID] });
    expect(borrowed).toEqual(nowhere);
  });

  it('revokes once, keeps the key listed as revoked, and records both calls in the audit trail', async () => {
    const key = (await create(admin, { name: 'To revoke' })).data;
    const revoked = await call(parley, 'DELETE', `e/enterprise/embed-keys/${key.id}`, { token: admin });
    expect(revoked).toMatchObject({
      status: true,
      code: 100,
      message: 'Embed key revoked',
      data: { id: key.id, state: 'revoked', revokedOn: expect.any(String) },
    });
    expect(revoked.data).not.toHaveProperty('secret');
    const again = await call(parley, 'DELETE', `e/enterprise/embed-keys/${key.id}`, { token: admin });
    expect(again.data.revokedOn).toBe(revoked.data.revokedOn);
    const list = await call(parley, 'GET', 'e/enterprise/embed-keys', { token: admin });
    expect(list.data.find((k: { id: string }) => k.id === key.id)).toMatchObject({ state: 'revoked' });

    const trail = await call(parley, 'GET', 'e/enterprise/audit_trail', { token: admin, query: { perPage: '200' } });
    const actions = trail.data.map((e: { action: string }) => e.action);
    expect(actions).toContain('POST /api/e/enterprise/embed-keys');
    expect(actions).toContain('DELETE /api/e/enterprise/embed-keys/:id');
  });

  it('pages the list', async () => {
    const all = await call(parley, 'GET', 'e/enterprise/embed-keys', { token: admin, query: { perPage: '-1' } });
    expect(all.data.length).toBeGreaterThanOrEqual(4);
    const first = await call(parley, 'GET', 'e/enterprise/embed-keys', { token: admin, query: { perPage: '2', from: '0' } });
    expect([first.data.length, first.more]).toEqual([2, true]);
    expect(first.data.map((k: { id: string }) => k.id)).toEqual(all.data.slice(0, 2).map((k: { id: string }) => k.id));
  });
});
