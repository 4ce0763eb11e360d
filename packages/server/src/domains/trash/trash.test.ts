import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { artifacts, customerGroupMembers, trashItems } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { minimalPdf, postMultipart } from '../../test/multipart.js';
import { createSandboxChannel, plainComponents } from '../templates/test-fixtures.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-trash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Each of the five kinds: deleted where it lives, listed in the trash, restored with its own id and its rows. */
describe('the trash: delete, list, restore, delete forever', async () => {
  const parley = await startServer({ dataDir, sandboxApprovalSeconds: 0.2 });
  const { db } = parley.database;
  const token = await login(parley);
  const trash = async (query: Record<string, string> = {}) =>
    (await call(parley, 'GET', 'e/enterprise/trash', { token, query })).data as {
      id: string;
      type: string;
      objectId: string;
      name: string;
      deletedBy: string | null;
      daysLeft: number;
    }[];
  const itemOf = async (objectId: string) => (await trash({ perPage: '100' })).find((i) => i.objectId === objectId);
  const restore = (id: string) => call(parley, 'POST', `e/enterprise/trash/${id}/restore`, { token });

  it('keeps a deleted agent with its root story and entities, and brings them back untrained', async () => {
    const agentId = (await call(parley, 'POST', 'nlp/agent', { token, form: { name: 'Travel desk', description: 'Trips', type: 'nlp' } })).data.id as string;
    const city = await call(parley, 'POST', 'nlp/entity', {
      token,
      json: { agentId, name: 'city', values: [{ value: 'Paris', type: 'synonyms', synonyms: ['paname'] }] },
    });
    const rootBefore = (await call(parley, 'GET', `nlp/agent/${agentId}/story`, { token })).data;
    expect(await call(parley, 'DELETE', `nlp/agent/${agentId}`, { token })).toMatchObject({ status: true });
    expect((await call(parley, 'GET', `nlp/agent/${agentId}`, { token })).code).toBe(1404);

    const item = await itemOf(agentId);
    expect(item).toMatchObject({ type: 'agent', name: 'Travel desk', deletedBy: 'Demo Admin', daysLeft: 29 });
    expect(await restore(item!.id)).toMatchObject({ status: true, message: 'Agent restored successfully', data: { type: 'agent', objectId: agentId } });
    expect((await call(parley, 'GET', `nlp/agent/${agentId}`, { token })).data).toMatchObject({ name: 'Travel desk', training: { status: 'not-trained' } });
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/story`, { token })).data).toEqual(rootBefore);
    expect((await call(parley, 'GET', `nlp/agent/${agentId}/entity/${city.data.id}`, { token })).data.values).toEqual([
      { value: 'Paris', type: 'synonyms', synonyms: ['paname'] },
    ]);
    expect(await itemOf(agentId)).toBeUndefined();
  });

  it('keeps a customer with its tags and groups', async () => {
    const vip = (await call(parley, 'POST', 'customer/tag', { token, json: { name: 'VIP' } })).data.tag;
    const buyers = (await call(parley, 'POST', 'customer/group', { token, json: { name: 'Buyers' } })).data.group;
    const saved = await call(parley, 'POST', 'customer/customer', { token, json: { name: 'Asha Rao', phoneNumber: '+919876543210', tags: [vip.id] } });
    const id = saved.data.customer.id as string;
    await call(parley, 'POST', 'customer/groups/map', { token, json: { groupIds: [buyers.id], customerIds: [id] } });
    expect(await call(parley, 'DELETE', `customer/customers/${id}`, { token })).toMatchObject({ status: true });
    expect(await db.select().from(customerGroupMembers).where(eq(customerGroupMembers.customerId, id))).toHaveLength(0);

    const item = await itemOf(id);
    expect(item).toMatchObject({ type: 'customer', name: 'Asha Rao (+919876543210)' });
    expect(await restore(item!.id)).toMatchObject({ status: true, message: 'Customer restored successfully' });
    expect((await call(parley, 'GET', `customer/customers/${id}`, { token })).data.customer).toMatchObject({
      name: 'Asha Rao',
      phoneNumber: '+919876543210',
      tags: [{ id: vip.id, name: 'VIP' }],
    });
    expect(await db.select().from(customerGroupMembers).where(eq(customerGroupMembers.customerId, id))).toEqual([{ groupId: buyers.id, customerId: id }]);
  });

  it('keeps a template and submits it to the vendor again on restore', async () => {
    const channelId = await createSandboxChannel(parley, token, 1);
    const created = await call(parley, 'POST', 'chatbird/api/templates', {
      token,
      json: { channelId, name: 'order_ready', language: 'en_US', category: 'UTILITY', components: plainComponents('Your order is ready') },
    });
    const id = created.data.template.id as string;
    expect(await call(parley, 'DELETE', `chatbird/api/templates/${id}`, { token })).toMatchObject({ status: true });

    const item = await itemOf(id);
    expect(item).toMatchObject({ type: 'template', name: 'order_ready' });
    expect(await restore(item!.id)).toMatchObject({ status: true, message: 'Message template restored successfully' });
    const back = (await call(parley, 'GET', `chatbird/api/templates/${id}`, { token })).data.template;
    expect(back).toMatchObject({ id, name: 'order_ready', channelId, status: 'PENDING', components: plainComponents('Your order is ready') });
  });

  it('keeps a channel with its templates', async () => {
    const channelId = await createSandboxChannel(parley, token, 2);
    const created = await call(parley, 'POST', 'chatbird/api/templates', {
      token,
      json: { channelId, name: 'welcome_back', language: 'en_US', category: 'MARKETING', components: plainComponents('Welcome back') },
    });
    expect(await call(parley, 'DELETE', `e/enterprise/channels/${channelId}`, { token })).toMatchObject({ status: true });
    expect((await call(parley, 'GET', `chatbird/api/templates/${created.data.template.id}`, { token })).code).toBe(1404);

    const item = await itemOf(channelId);
    expect(item).toMatchObject({ type: 'channel', name: 'Sandbox 2' });
    expect(await restore(item!.id)).toMatchObject({ status: true, message: 'Channel restored successfully' });
    expect((await call(parley, 'GET', `e/enterprise/channels/${channelId}/details`, { token })).data.channel).toMatchObject({ channelId, name: 'Sandbox 2' });
    expect((await call(parley, 'GET', `chatbird/api/templates/${created.data.template.id}`, { token })).data.template).toMatchObject({
      name: 'welcome_back',
      channelId,
    });
  });

  it('keeps an attachment’s file until it is deleted forever', async () => {
    const pdf = (
      await postMultipart(parley, 'e/drive/upload', {
        token,
        fields: { desc: 'Price list' },
        files: [{ field: 'file', name: 'prices.pdf', content: minimalPdf() }],
      })
    ).data.artifact;
    const [row] = await db.select().from(artifacts).where(eq(artifacts.id, pdf._id));
    const stored = join(dataDir, 'files', row!.storageKey!);
    expect(await call(parley, 'DELETE', `e/enterprise/artifacts/${pdf._id}`, { token })).toMatchObject({ status: true });
    expect(existsSync(stored)).toBe(true);

    const item = await itemOf(pdf._id);
    expect(item).toMatchObject({ type: 'attachment', name: 'prices.pdf' });
    expect(await restore(item!.id)).toMatchObject({ status: true, message: 'Attachment restored successfully' });
    expect((await call(parley, 'GET', `e/enterprise/artifacts/${pdf._id}`, { token })).data.artifact.data).toMatchObject({
      name: 'prices.pdf',
      desc: 'Price list',
    });
    expect((await parley.app.inject({ method: 'GET', url: `/files/${pdf._id}/prices.pdf` })).statusCode).toBe(200);

    await call(parley, 'DELETE', `e/enterprise/artifacts/${pdf._id}`, { token });
    const again = await itemOf(pdf._id);
    expect(await call(parley, 'DELETE', `e/enterprise/trash/${again!.id}`, { token })).toMatchObject({ status: true, message: 'Deleted permanently' });
    expect(existsSync(stored)).toBe(false);
    expect(await itemOf(pdf._id)).toBeUndefined();
    expect((await restore(again!.id)).code).toBe(1404);
  });

  it('lists newest first, filtered by type and name, a page at a time', async () => {
    for (const n of [1, 2, 3]) {
      const c = await call(parley, 'POST', 'customer/customer', { token, json: { name: `Temp ${n}`, phoneNumber: `+91987650000${n}` } });
      await call(parley, 'DELETE', `customer/customers/${c.data.customer.id}`, { token });
    }
    expect((await trash({ type: 'customer' })).map((i) => i.name)).toEqual(['Temp 3 (+919876500003)', 'Temp 2 (+919876500002)', 'Temp 1 (+919876500001)']);
    expect((await trash({ name: 'temp 2' })).map((i) => i.name)).toEqual(['Temp 2 (+919876500002)']);
    const first = await call(parley, 'GET', 'e/enterprise/trash', { token, query: { type: 'customer', perPage: '2' } });
    const second = await call(parley, 'GET', 'e/enterprise/trash', { token, query: { type: 'customer', perPage: '2', from: '2' } });
    expect([first.data.length, first.more, second.data.length, second.more]).toEqual([2, true, 1, false]);
    expect(await db.select().from(trashItems)).toHaveLength(3);
  });
});
