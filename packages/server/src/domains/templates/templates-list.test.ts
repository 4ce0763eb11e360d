import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { createSandboxChannel, plainComponents } from './test-fixtures.js';

type Listed = { id: string; name: string; status: string };

describe('listing templates, and who may see or touch them', async () => {
  // Nothing is decided during the test: the new templates stay PENDING, the demo's are APPROVED.
  const parley = await startServer({ sandboxApprovalSeconds: 600 });
  const token = await login(parley);
  const channelId = await createSandboxChannel(parley, token, 1);
  const list = (query: Record<string, string>, as = token) =>
    call<{ templates: Listed[]; more: boolean }>(parley, 'GET', 'chatbird/api/templates', { token: as, query });
  const names = async (query: Record<string, string>) => (await list(query)).data.templates.map((t) => t.name);
  for (let i = 0; i < 21; i++) {
    const res = await call(parley, 'POST', 'chatbird/api/templates', {
      token,
      json: { channelId, name: `promo_${String(i).padStart(2, '0')}`, category: 'MARKETING', components: plainComponents() },
    });
    if (!res.status) throw new Error(res.message);
  }
  const promo = (await list({ channelId, name: 'promo_20' })).data.templates[0]!;

  it('lists 20 a page, newest first, with more on the first page', async () => {
    const first = await list({ channelId });
    expect(first.data.templates).toHaveLength(20);
    expect(first.data.templates[0]!.name).toBe('promo_20');
    expect([first.data.more, first.more]).toEqual([true, true]);
    const second = await list({ channelId, from: '20' });
    expect(second.data.templates.map((t) => t.name)).toEqual(['promo_00']);
    expect([second.data.more, second.more]).toEqual([false, false]);
    expect(await names({ channelId, page: '1' })).toEqual(['promo_00']);
    expect(await names({ channelId, perPage: '3' })).toEqual(['promo_20', 'promo_19', 'promo_18']);
  });

  it('sorts every page by name either way when a header asks, and keeps newest first otherwise', async () => {
    expect(await names({ channelId, sort: 'name', perPage: '3' })).toEqual(['promo_00', 'promo_01', 'promo_02']);
    expect(await names({ channelId, sort: 'name', from: '20' })).toEqual(['promo_20']);
    expect(await names({ channelId, sort: 'name', dir: 'desc', perPage: '2' })).toEqual(['promo_20', 'promo_19']);
    expect(await names({ channelId, sort: 'updated', dir: 'desc', perPage: '1' })).toEqual(['promo_20']);
    expect((await list({ channelId, sort: 'status' })).status).toBe(false);
  });

  it('filters by status as the broadcast form asks, by name case-insensitively, and by channel', async () => {
    expect(await names({ status: 'APPROVED' })).toEqual(['order_update', 'new_arrivals', 'invoice_ready', 'spring_collection', 'flash_sale', 'login_code']);
    expect(await names({ status: 'APPROVED', channelId })).toEqual([]);
    expect(await names({ status: 'PENDING', name: 'PROMO_1' })).toEqual([
      'promo_19',
      'promo_18',
      'promo_17',
      'promo_16',
      'promo_15',
      'promo_14',
      'promo_13',
      'promo_12',
      'promo_11',
      'promo_10',
    ]);
    expect(await names({ name: 'SPRING' })).toEqual(['spring_collection']);
    expect(await names({ name: '%' })).toEqual([]);
    expect(await names({ channelId: 'not-a-channel' })).toEqual([]);
    expect((await list({ status: 'LIVE' })).status).toBe(false);
  });

  it('keeps templates within the enterprise', async () => {
    const other = await loginToOtherEnterprise(parley);
    expect((await list({}, other)).data.templates).toEqual([]);
    expect((await list({ channelId }, other)).data.templates).toEqual([]);
    expect(await call(parley, 'GET', `chatbird/api/templates/${promo.id}`, { token: other })).toMatchObject({ status: false, code: 1404 });
    expect(await call(parley, 'GET', 'chatbird/api/templates/variables', { token: other, query: { channelId, templateId: 'promo_20' } })).toMatchObject({
      status: false,
      code: 1404,
    });
    expect(await call(parley, 'DELETE', `chatbird/api/templates/${promo.id}`, { token: other })).toMatchObject({ status: false, code: 1404 });
    expect(await call(parley, 'POST', 'chatbird/api/templates/sync', { token: other, json: { channelId } })).toMatchObject({ status: false, code: 1404 });
    const stolen = await call(parley, 'POST', 'chatbird/api/templates', {
      token: other,
      json: { channelId, name: 'stolen', category: 'UTILITY', components: plainComponents() },
    });
    expect(stolen.errors).toEqual([{ field: 'channelId', message: 'Channel not found' }]);
    expect((await call(parley, 'GET', `chatbird/api/templates/${promo.id}`, { token })).data.template.name).toBe('promo_20');
  });

  it('answers 1403 to roles without the templates permission', async () => {
    const calls = [
      ['GET', 'chatbird/api/templates', 'VIEW'],
      ['GET', `chatbird/api/templates/${promo.id}`, 'VIEW'],
      ['GET', `chatbird/api/templates/variables?channelId=${channelId}&templateId=promo_20`, 'VIEW'],
      ['POST', 'chatbird/api/templates', 'CREATE'],
      ['POST', 'chatbird/api/templates/sync', 'CREATE'],
      ['DELETE', `chatbird/api/templates/${promo.id}`, 'DELETE'],
    ] as const;
    // Report Viewer holds none; Campaign Maker may view; Development may view and create, not delete.
    const grants: Record<string, string[]> = { 'viewer@parley.dev': [], 'maker@parley.dev': ['VIEW'], 'developer@parley.dev': ['VIEW', 'CREATE'] };
    for (const [email, granted] of Object.entries(grants)) {
      const as = await login(parley, email);
      for (const [method, path, needs] of calls) {
        const res = await call(parley, method, path, {
          token: as,
          json: method === 'POST' ? { channelId, name: 'x_y', category: 'UTILITY', components: plainComponents() } : undefined,
        });
        expect({ email, path, method, denied: res.code === 1403 }).toEqual({ email, path, method, denied: !granted.includes(needs) });
      }
    }
  });
});
