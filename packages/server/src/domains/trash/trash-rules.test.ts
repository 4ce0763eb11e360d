import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { permissionsOfRoles } from '@parley/sdk/contract/permissions';
import { departments } from '../../db/schema.js';
import type { AuthContext } from '../../http/auth-context.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { DiskFileStore } from '../../storage/file-store.js';
import { DiskDocumentStore } from '../nlp-genai/document-store.js';
import { createSandboxChannel, plainComponents } from '../templates/test-fixtures.js';
import { TrashService } from './service.js';

/** Refused restores keep the item; other enterprises and users without the rights get nothing. */
describe('trash rules: conflicts, tenancy and permissions', async () => {
  const parley = await startServer({ sandboxApprovalSeconds: 0.2 });
  const { db } = parley.database;
  const token = await login(parley);
  const other = await loginToOtherEnterprise(parley);
  const itemOf = async (objectId: string, as = token) =>
    ((await call(parley, 'GET', 'e/enterprise/trash', { token: as, query: { perPage: '100' } })).data as { id: string; objectId: string }[]).find(
      (i) => i.objectId === objectId,
    );
  const restore = (id: string, as = token) => call(parley, 'POST', `e/enterprise/trash/${id}/restore`, { token: as });
  const customer = async (name: string, phoneNumber: string) =>
    (await call(parley, 'POST', 'customer/customer', { token, json: { name, phoneNumber } })).data.customer.id as string;
  const deleteCustomer = (id: string) => call(parley, 'DELETE', `customer/customers/${id}`, { token });

  it('refuses to restore a customer whose number was taken again, and keeps the item', async () => {
    const first = await customer('Ravi', '+919811100001');
    await deleteCustomer(first);
    await customer('Ravi again', '+919811100001');
    const item = await itemOf(first);
    expect(await restore(item!.id)).toMatchObject({
      httpStatus: 200,
      status: false,
      code: 1409,
      message: 'A customer with this phone number exists. Delete or change it, then restore.',
    });
    expect(await itemOf(first)).toMatchObject({ id: item!.id });
  });

  it('refuses a channel or a template whose name is taken; a channel whose department is gone comes back without one', async () => {
    const channelId = await createSandboxChannel(parley, token, 3);
    await call(parley, 'DELETE', `e/enterprise/channels/${channelId}`, { token });
    const renamed = await createSandboxChannel(parley, token, 3);
    const item = await itemOf(channelId);
    expect(await restore(item!.id)).toMatchObject({ status: false, code: 1409, message: 'A channel with this name exists. Rename it, then restore.' });

    const created = await call(parley, 'POST', 'chatbird/api/templates', {
      token,
      json: { channelId: renamed, name: 'hello_again', language: 'en_US', category: 'UTILITY', components: plainComponents('Hello') },
    });
    await call(parley, 'DELETE', `chatbird/api/templates/${created.data.template.id}`, { token });
    await call(parley, 'POST', 'chatbird/api/templates', {
      token,
      json: { channelId: renamed, name: 'hello_again', language: 'en_US', category: 'UTILITY', components: plainComponents('Hello there') },
    });
    const template = await itemOf(created.data.template.id);
    expect(await restore(template!.id)).toMatchObject({
      status: false,
      code: 1409,
      message: 'A template with this name and language exists on the channel. Delete it, then restore.',
    });

    const [dept] = await db
      .insert(departments)
      .values({ eId: (await call(parley, 'GET', 'e/enterprise/profile/', { token })).data.eId, name: 'Gone soon' })
      .returning();
    await call(parley, 'DELETE', `e/enterprise/channels/${renamed}`, { token });
    const snapshotItem = await itemOf(renamed);
    // The department is set on the kept channel, then deleted: the channel comes back without one, as a live channel
    // does when its department is deleted.
    await db.execute(
      sql`update trash_items set snapshot = jsonb_set(snapshot, '{tables,0,rows,0,deptId}', to_jsonb(${dept!.id}::text)) where id = ${snapshotItem!.id}`,
    );
    await db.execute(sql`delete from departments where id = ${dept!.id}`);
    expect(await restore(snapshotItem!.id)).toMatchObject({ status: true, code: 100 });
    const back = (await db.execute(sql`select dept_id from channels where id = ${renamed}`)) as unknown as { rows: { dept_id: string | null }[] };
    expect(back.rows[0]).toEqual({ dept_id: null });
  });

  it('shows another enterprise nothing and answers its ids like unknown ones', async () => {
    const id = await customer('Meera', '+919811100002');
    await deleteCustomer(id);
    const item = await itemOf(id);
    expect(await itemOf(id, other)).toBeUndefined();
    const unknown = await restore('00000000-0000-4000-8000-000000000000', other);
    expect(await restore(item!.id, other)).toEqual(unknown);
    expect(unknown).toMatchObject({ code: 1404 });
    expect(await call(parley, 'DELETE', `e/enterprise/trash/${item!.id}`, { token: other })).toMatchObject({ code: 1404 });
    expect(await itemOf(id)).toMatchObject({ id: item!.id });
  });

  it('answers 1403 on HTTP 200 to a user without TRASH.VIEW, on every route', async () => {
    const maker = await login(parley, 'maker@parley.dev');
    const id = await customer('Kiran', '+919811100003');
    await deleteCustomer(id);
    const item = await itemOf(id);
    for (const [method, path] of [
      ['GET', 'e/enterprise/trash'],
      ['POST', `e/enterprise/trash/${item!.id}/restore`],
      ['DELETE', `e/enterprise/trash/${item!.id}`],
    ] as const) {
      expect({ path, ...(await call(parley, method, path, { token: maker })) }).toMatchObject({ path, httpStatus: 200, status: false, code: 1403 });
    }
    expect(await itemOf(id)).toMatchObject({ id: item!.id });
  });

  it('restores only what the caller may create: TRASH.VIEW with a Campaign Maker’s rights brings back a customer, not a channel', async () => {
    const channelId = await createSandboxChannel(parley, token, 4);
    await call(parley, 'DELETE', `e/enterprise/channels/${channelId}`, { token });
    const id = await customer('Nila', '+919811100004');
    await deleteCustomer(id);
    const admin = (await call(parley, 'GET', 'e/enterprise/profile/', { token })).data;
    // Custom roles are another item's work: the rule is the service's, so a caller holding these rights is built here.
    const caller: AuthContext = {
      uId: admin.uId,
      eId: admin.eId,
      roles: [],
      permissions: new Set([...permissionsOfRoles([4]), 'TRASH.VIEW']),
      credentialId: 'test',
      method: 'password',
    };
    const service = new TrashService({
      db,
      sealed: parley.deps.sealed,
      config: parley.deps.config,
      app: parley.app,
      files: new DiskFileStore('/nonexistent'),
      documents: new DiskDocumentStore('/nonexistent'),
    });
    await expect(service.restore(caller, (await itemOf(channelId))!.id)).rejects.toMatchObject({ code: 1403, httpStatus: 200 });
    expect(await itemOf(channelId)).toBeDefined();
    await expect(service.restore(caller, (await itemOf(id))!.id)).resolves.toEqual({ type: 'customer', objectId: id });
  });
});
