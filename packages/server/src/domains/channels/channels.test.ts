import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, channels } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';

const SAVE_FAILED = 'Save Failed. Please check for errors in fields';
const MASK = '••••••';
const ACCESS_TOKEN = 'EAAG-access-token-9f3k';
const APP_SECRET = 'app-secret-7c21';

const cloudChannel = (over: Record<string, unknown> = {}, data: Record<string, string> = {}) => ({
  name: 'Support WhatsApp',
  type: 4,
  vendor: 20,
  contactId: '+91 98765 43210',
  data: { phoneNumberId: '1098765432', wabaId: '2098765432', accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, baseUrl: '', apiVersion: '', ...data },
  ...over,
});

describe('channels', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  // A fresh enterprise of its own, so the demo's channels never change what this test counts.
  const token = await loginToOtherEnterprise(parley);
  const create = (json: Record<string, unknown>, as = token) => call(parley, 'POST', 'e/enterprise/channels', { token: as, json });
  const update = (id: string, json: Record<string, unknown>, as = token) => call(parley, 'PUT', `e/enterprise/channels/${id}`, { token: as, json });
  const list = (query: Record<string, string> = {}, as = token) =>
    call(parley, 'GET', `e/enterprise/channels?${new URLSearchParams(query).toString()}`, { token: as });
  let channelId = '';

  it('creates a WhatsApp Cloud API channel, its number in E.164, its secrets masked and its webhook URL shown', async () => {
    const res = await create(cloudChannel());
    expect(res).toMatchObject({ status: true, message: 'Channel saved successfully' });
    expect(res.data.channel).toMatchObject({
      name: 'Support WhatsApp',
      type: 4,
      vendor: 20,
      deptId: null,
      contactId: '+919876543210',
      webhookUrl: 'http://parley.test/webhooks/whatsapp',
      data: { phoneNumberId: '1098765432', wabaId: '2098765432', accessToken: `${MASK}9f3k`, appSecret: `${MASK}7c21`, baseUrl: '', apiVersion: '' },
    });
    channelId = res.data.channel.channelId;
    // The audit plugin records every change once the reply is sent; no body (and so no secret) is kept.
    const audited = async () => (await db.select().from(auditLog).where(eq(auditLog.target, '/api/e/enterprise/channels')))[0];
    for (const end = Date.now() + 3000; !(await audited()) && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
    expect(await audited()).toMatchObject({ action: 'POST /api/e/enterprise/channels', statusCode: 100 });
    expect((await call(parley, 'GET', `e/enterprise/channels/${channelId}/details`, { token })).data.channel.data.accessToken).toBe(`${MASK}9f3k`);
  });

  it('keeps no secret in clear in the database', async () => {
    const [row] = await db.select().from(channels).where(eq(channels.id, channelId));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(ACCESS_TOKEN);
    expect(stored).not.toContain(APP_SECRET);
    expect(row!.data).toEqual({ phoneNumberId: '1098765432', wabaId: '2098765432' });
    expect(row!.sealedData).toMatch(/^v1\./);
    expect(parley.deps.sealed.open(row!.sealedData!)).toBe(JSON.stringify({ accessToken: ACCESS_TOKEN, appSecret: APP_SECRET }));
  });

  it('reports every wrong field at once in the vendor table words, and saves nothing', async () => {
    const cloud = await create(
      cloudChannel(
        { name: '  ', contactId: '12' },
        { phoneNumberId: ' ', accessToken: '   ', appSecret: '', baseUrl: 'ftp://graph.example', apiVersion: 'v20.0' },
      ),
    );
    expect(cloud).toMatchObject({ status: false, code: 1400, message: SAVE_FAILED });
    expect(cloud.errors).toEqual([
      { field: 'name', message: 'Channel name is required' },
      { field: 'contactId', message: 'Valid Waba Phone Number is required' },
      { field: 'data.phoneNumberId', message: 'Phone number id is required' },
      { field: 'data.accessToken', message: 'Access token is required' },
      { field: 'data.appSecret', message: 'App secret is required' },
      { field: 'data.baseUrl', message: 'Please enter a valid URL' },
    ]);
    expect((await create({ name: 'MCMI', type: 4, vendor: 8, contactId: '', data: {} })).errors).toEqual([
      { field: 'data.authKey', message: 'Auth id is required' },
      { field: 'contactId', message: 'Valid Waba Phone Number is required' },
    ]);
    expect(
      (
        await create({
          name: 'VI',
          type: 4,
          vendor: 11,
          contactId: '+14155550100',
          data: { clientSecret: 's', templateClientId: 't', templateClientSecret: 'u' },
        })
      ).errors,
    ).toEqual([{ field: 'data.clientId', message: 'Client id is required' }]);
    expect((await create({ name: 'Jio', type: 10, vendor: 16, data: { clientSecret: 's', WebhookVerificationToken: 'w' } })).errors).toEqual([
      { field: 'data.clientId', message: 'Client id is required' },
    ]);
    expect((await create({ name: 'support whatsapp', type: 1, vendor: 20, data: JSON.stringify({}) })).errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'A channel with this name already exists' },
        { field: 'vendor', message: 'This vendor does not serve this channel type' },
      ]),
    );
    expect((await create({ name: 'Nothing', type: 2, vendor: 19 })).errors).toEqual([
      { field: 'type', message: 'Channel type is required' },
      { field: 'vendor', message: 'Vendor is required' },
    ]);
    expect((await list()).data.channels).toHaveLength(1);
  });

  it('keeps a secret sent back masked or empty, replaces one typed anew, and drops fields the vendor does not have', async () => {
    const shown = (await call(parley, 'GET', `e/enterprise/channels/${channelId}/details`, { token })).data.channel;
    // The same endpoint: the stored secrets stay (channel-endpoints.test.ts moves it).
    const res = await update(channelId, {
      ...shown,
      name: 'Support WA',
      data: { ...shown.data, appSecret: '', accessToken: shown.data.accessToken, baseUrl: '', extra: 'dropped' },
    });
    expect(res).toMatchObject({
      status: true,
      data: { channel: { name: 'Support WA', data: { accessToken: `${MASK}9f3k`, appSecret: `${MASK}7c21`, baseUrl: '' } } },
    });
    expect(res.data.channel.data).not.toHaveProperty('extra');
    const renewed = await update(channelId, { data: { ...shown.data, accessToken: 'a-new-token-XYZW' } });
    expect(renewed.data.channel).toMatchObject({
      name: 'Support WA',
      contactId: '+919876543210',
      data: { accessToken: `${MASK}XYZW`, appSecret: `${MASK}7c21`, baseUrl: '' },
    });
    const [row] = await db.select().from(channels).where(eq(channels.id, channelId));
    expect(JSON.parse(parley.deps.sealed.open(row!.sealedData!))).toEqual({ accessToken: 'a-new-token-XYZW', appSecret: APP_SECRET });
    expect(row!.data).not.toHaveProperty('extra');
    // A short secret shows only the mask.
    expect((await update(channelId, { data: { ...shown.data, appSecret: 'short' } })).data.channel.data.appSecret).toBe(MASK);
  });

  it('offers each vendor for the channel types it serves only, and has the SMS vendor form of the spec', async () => {
    const mailchimpForWhatsApp = await create({
      name: 'Mail on WA',
      type: 4,
      vendor: 10,
      data: { fromEmail: 'a@b.c', authKey: 'k', subAccount: 's', fromName: 'n' },
    });
    expect(mailchimpForWhatsApp.errors).toEqual([{ field: 'vendor', message: 'This vendor does not serve this channel type' }]);
    const ttbsForEmail = await create({ name: 'TTBS mail', type: 1, vendor: 13, data: { user: 'u', pswd: 'p', sender: 'PRLY', PE_ID: '1' } });
    expect(ttbsForEmail.errors).toEqual([{ field: 'vendor', message: 'This vendor does not serve this channel type' }]);
    // platform-shell 5: "SMS | accKey, sender".
    expect((await create({ name: 'Bulk SMS', type: 0, vendor: 2, data: {} })).errors).toEqual([
      { field: 'data.accKey', message: 'Account key is required' },
      { field: 'data.sender', message: 'Sender is required' },
    ]);
    const sms = await create({ name: 'Bulk SMS', type: 0, vendor: 2, data: { accKey: 'sms-account-key-1234', sender: 'PRLYIN' } });
    expect(sms.data.channel).toMatchObject({ type: 0, vendor: 2, data: { accKey: `${MASK}1234`, sender: 'PRLYIN' } });
    expect((await create({ name: 'SMS on WA', type: 4, vendor: 2, data: { accKey: 'k', sender: 's' } })).errors).toEqual([
      { field: 'vendor', message: 'This vendor does not serve this channel type' },
    ]);
    expect((await call(parley, 'DELETE', `e/enterprise/channels/${sms.data.channel.channelId}`, { token })).code).toBe(100);
  });

  it("takes a channel's number in E.164, Meta's +1 555 test numbers included, and refuses one too short", async () => {
    const shown = (await call(parley, 'GET', `e/enterprise/channels/${channelId}/details`, { token })).data.channel;
    expect((await update(channelId, { ...shown, contactId: '+1 555 010 0001' })).data.channel.contactId).toBe('+15550100001');
    expect((await update(channelId, { ...shown, contactId: '+1 555 0100' })).errors).toEqual([
      { field: 'contactId', message: 'Valid Waba Phone Number is required' },
    ]);
    // Without a country code, the enterprise's default country (India here).
    expect((await update(channelId, { ...shown, contactId: '098765 43210' })).data.channel.contactId).toBe('+919876543210');
  });

  it('lists 20 a page, newest first, searches names case-insensitively and filters by type', async () => {
    for (let i = 0; i < 21; i++) {
      const res = await create({
        name: `Bulk ${String(i).padStart(2, '0')}`,
        type: i % 2 ? 0 : 4,
        vendor: 0,
        contactId: `+1415555${1000 + i}`,
        data: { username: 'u', password: 'p' },
      });
      expect(res.status).toBe(true);
    }
    const first = await list();
    expect(first.data.channels).toHaveLength(20);
    expect(first.data.more).toBe(true);
    expect(first.more).toBe(true);
    expect(first.data.channels[0].name).toBe('Bulk 20');
    const second = await list({ from: '20' });
    expect(second.data.channels.map((c: { name: string }) => c.name)).toEqual(['Bulk 00', 'Support WA']);
    expect(second.more).toBe(false);
    expect((await list({ name: 'support w' })).data.channels.map((c: { name: string }) => c.name)).toEqual(['Support WA']);
    expect((await list({ name: '%' })).data.channels).toEqual([]);
    expect((await list({ type: '0' })).data.channels).toHaveLength(10);
    expect((await list({ name: 'bulk 1', type: '4' })).data.channels.map((c: { name: string }) => c.name)).toEqual([
      'Bulk 18',
      'Bulk 16',
      'Bulk 14',
      'Bulk 12',
      'Bulk 10',
    ]);
  });

  it('sorts every page by a header: by name either way, case aside, and refuses a column it has not', async () => {
    const names = (res: { data: { channels: { name: string }[] } }) => res.data.channels.map((c) => c.name);
    // 22 channels from the test above: page 2 by name is the two last names of all, not of the newest twenty.
    const byName = names(await list({ sort: 'name' }));
    expect(byName.slice(0, 3)).toEqual(['Bulk 00', 'Bulk 01', 'Bulk 02']);
    expect(names(await list({ sort: 'name', from: '20' }))).toEqual(['Bulk 20', 'Support WA']);
    expect(names(await list({ sort: 'name', dir: 'desc' }))[0]).toBe('Support WA');
    expect(names(await list({ sort: 'name', dir: 'desc', from: '20' }))).toEqual(['Bulk 01', 'Bulk 00']);
    await create({ name: 'aardvark line', type: 4, vendor: 0, contactId: '+14155559999', data: { username: 'u', password: 'p' } });
    expect(names(await list({ sort: 'name' }))[0]).toBe('aardvark line');
    const bad = await list({ sort: 'secret' });
    expect(bad.status).toBe(false);
  });

  it('deletes a channel and its templates with it', async () => {
    const victim = (await list({ name: 'Bulk 00' })).data.channels[0].channelId;
    await db.execute(
      sql`insert into message_templates (e_id, channel_id, name, category, components) select e_id, id, 'hello', 'UTILITY', '[]'::jsonb from channels where id = ${victim}`,
    );
    expect(await call(parley, 'DELETE', `e/enterprise/channels/${victim}`, { token })).toMatchObject({ status: true, message: 'Channel deleted successfully' });
    expect((await call(parley, 'GET', `e/enterprise/channels/${victim}/details`, { token })).code).toBe(1404);
    expect(
      ((await db.execute(sql`select count(*)::int as n from message_templates where channel_id = ${victim}`)) as unknown as { rows: unknown[] }).rows,
    ).toEqual([{ n: 0 }]);
    expect((await call(parley, 'DELETE', 'e/enterprise/channels/not-a-uuid', { token })).code).toBe(1404);
  });

  it('keeps channels within their enterprise', async () => {
    const other = await loginToOtherEnterprise(parley);
    expect((await list({}, other)).data.channels).toEqual([]);
    expect(await call(parley, 'GET', `e/enterprise/channels/${channelId}/details`, { token: other })).toMatchObject({
      code: 1404,
      message: 'Channel not found',
    });
    expect((await update(channelId, { name: 'Stolen' }, other)).code).toBe(1404);
    expect((await call(parley, 'DELETE', `e/enterprise/channels/${channelId}`, { token: other })).code).toBe(1404);
    expect((await call(parley, 'GET', `e/enterprise/channels/${channelId}/details`, { token })).data.channel.name).toBe('Support WA');
    // The same name is free in another enterprise.
    expect((await create(cloudChannel({ name: 'Support WA' }), other)).status).toBe(true);
  });

  it('answers 1403 to roles without the channel permissions', async () => {
    const viewer = await login(parley, 'viewer@parley.dev');
    const developer = await login(parley, 'developer@parley.dev');
    const calls = [
      ['GET', 'e/enterprise/channels', [viewer]],
      ['GET', `e/enterprise/channels/${channelId}/details`, [viewer]],
      ['POST', 'e/enterprise/channels', [viewer, developer]],
      ['PUT', `e/enterprise/channels/${channelId}`, [viewer, developer]],
      ['DELETE', `e/enterprise/channels/${channelId}`, [viewer, developer]],
    ] as const;
    for (const [method, path, tokens] of calls) {
      for (const as of tokens) {
        const res = await call(parley, method, path, { token: as, json: method === 'POST' || method === 'PUT' ? cloudChannel() : undefined });
        expect({ path, method, code: res.code, httpStatus: res.httpStatus }).toEqual({ path, method, code: 1403, httpStatus: 200 });
      }
    }
    // Development holds CHANNELS.VIEW: it may read its own enterprise's list.
    expect((await list({}, developer)).status).toBe(true);
    // An agent sends a template from a chat: it may read its own enterprise's channels (the demo's), never change one.
    const agent = await login(parley, 'agent@parley.dev');
    expect((await list({}, agent)).data.channels.map((c: { name: string }) => c.name)).toContain('WhatsApp Sandbox');
    expect((await call(parley, 'DELETE', `e/enterprise/channels/${channelId}`, { token: agent })).code).toBe(1403);
    expect((await call(parley, 'GET', `e/enterprise/channels/${channelId}/details`, { token })).data.channel.name).toBe('Support WA');
  });
});
