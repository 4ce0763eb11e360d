import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DepartmentMessages, departmentInUse } from '@parley/sdk/contract/departments';
import { Messages } from '@parley/sdk/contract/messages';
import { users } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { loginToOtherEnterprise } from '../../test/other-enterprise.js';
import { sandboxChannel } from '../../test/whatsapp-inbound.js';

describe('departments', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const admin = await login(parley);
  const agent = await login(parley, 'agent@parley.dev');
  const other = await loginToOtherEnterprise(parley);
  const idOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const agentId = await idOf('agent@parley.dev');
  const adminId = await idOf('admin@parley.dev');

  it('creates, reads, renames and lists a department with its manager, in the spec’s words when a field is wrong', async () => {
    expect((await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name: '' } })).message).toBe(Messages.mandatory);
    expect((await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name: '   ' } })).message).toBe(Messages.mandatory);
    expect((await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name: ' Sales' } })).message).toBe(Messages.leadingWhitespace);
    const created = await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name: 'Sales', desc: 'Buyers', manager: adminId } });
    expect(created).toMatchObject({
      status: true,
      code: 100,
      message: DepartmentMessages.saved,
      data: { name: 'Sales', desc: 'Buyers', manager: adminId, managerName: 'Demo Admin', memberCount: 0 },
    });
    expect((await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name: 'sales' } })).message).toBe(DepartmentMessages.nameTaken);
    expect(
      (await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name: 'Billing', manager: '00000000-0000-4000-8000-000000000000' } }))
        .message,
    ).toBe(DepartmentMessages.managerNotFound);
    const id = created.data.deptId as string;
    const renamed = await call(parley, 'PUT', `e/enterprise/departments/${id}`, { token: admin, form: { name: 'Sales team', desc: '', manager: '' } });
    expect(renamed.data).toMatchObject({ name: 'Sales team', manager: null });
    const listed = await call(parley, 'GET', 'e/enterprise/departments?name=team', { token: admin });
    expect(listed.data.map((d: { deptId: string }) => d.deptId)).toEqual([id]);
    expect((await call(parley, 'GET', `e/enterprise/departments/${id}`, { token: admin })).data.name).toBe('Sales team');
  });

  it('maps users in and out, 30 a page, and lists who is not mapped', async () => {
    const { data } = await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name: 'Mapping' } });
    const id = data.deptId as string;
    const before = await call(parley, 'GET', `e/enterprise/departments/${id}/mapped_users?mapped=false`, { token: admin });
    expect(before.data.map((u: { uId: string }) => u.uId)).toContain(agentId);
    const added = await call(parley, 'PUT', `e/enterprise/departments/${id}/add_users`, { token: admin, form: { users: JSON.stringify([agentId, adminId]) } });
    expect(added).toMatchObject({ message: DepartmentMessages.usersAdded, data: { memberCount: 2 } });
    const mapped = await call(parley, 'GET', `e/enterprise/departments/${id}/mapped_users?mapped=true`, { token: admin });
    expect(mapped.data.map((u: { emailId: string }) => u.emailId).sort()).toEqual(['admin@parley.dev', 'agent@parley.dev']);
    expect(
      (await call(parley, 'GET', `e/enterprise/departments/${id}/mapped_users?mapped=false`, { token: admin })).data.map((u: { uId: string }) => u.uId),
    ).not.toContain(agentId);
    const removed = await call(parley, 'PUT', `e/enterprise/departments/${id}/remove_users`, { token: admin, json: { users: [adminId] } });
    expect(removed.data.memberCount).toBe(1);
    expect((await call(parley, 'PUT', `e/enterprise/departments/${id}/add_users`, { token: admin, json: { users: [] } })).message).toBe(
      'Select at least one user',
    );
  });

  it('refuses to delete a department that still has a channel, and deletes it once the channel moved', async () => {
    const { data } = await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name: 'Doomed' } });
    const id = data.deptId as string;
    const channelId = await sandboxChannel(parley, admin, '100000000000901');
    const moved = await call(parley, 'PUT', `e/enterprise/channels/${channelId}`, { token: admin, json: { deptId: id } });
    expect(moved.data.channel.deptId).toBe(id);
    expect((await call(parley, 'GET', `e/enterprise/departments/${id}`, { token: admin })).data).toMatchObject({ channelCount: 1, memberCount: 0 });
    const refused = await call(parley, 'DELETE', `e/enterprise/departments/${id}`, { token: admin });
    expect(refused).toMatchObject({ status: false, message: departmentInUse(1, 0) });
    expect(refused.message).toBe('This department still has 1 channel: move its channels to another department first');
    await call(parley, 'PUT', `e/enterprise/channels/${channelId}`, { token: admin, json: { deptId: '' } });
    expect(await call(parley, 'DELETE', `e/enterprise/departments/${id}`, { token: admin })).toMatchObject({
      status: true,
      message: DepartmentMessages.deleted,
    });
    expect((await call(parley, 'GET', `e/enterprise/departments/${id}`, { token: admin })).code).toBe(1404);
  });

  it('keeps enterprises apart: another enterprise’s department, user or channel department is not found', async () => {
    const { data } = await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name: 'Private' } });
    const id = data.deptId as string;
    expect((await call(parley, 'GET', `e/enterprise/departments/${id}`, { token: other })).code).toBe(1404);
    expect((await call(parley, 'PUT', `e/enterprise/departments/${id}/add_users`, { token: other, json: { users: [agentId] } })).code).toBe(1404);
    expect((await call(parley, 'DELETE', `e/enterprise/departments/${id}`, { token: other })).code).toBe(1404);
    expect((await call(parley, 'GET', 'e/enterprise/departments', { token: other })).data.map((d: { deptId: string }) => d.deptId)).not.toContain(id);
    const foreign = await call(parley, 'POST', 'e/enterprise/departments', { token: other, form: { name: 'Theirs' } });
    const mine = await call(parley, 'PUT', `e/enterprise/departments/${id}/add_users`, {
      token: admin,
      json: { users: [(await call(parley, 'GET', 'e/enterprise/profile/', { token: other })).data.uId] },
    });
    expect(mine.message).toBe(DepartmentMessages.userNotFound);
    const channelId = await sandboxChannel(parley, admin, '100000000000902');
    expect((await call(parley, 'PUT', `e/enterprise/channels/${channelId}`, { token: admin, json: { deptId: foreign.data.deptId } })).errors).toContainEqual({
      field: 'deptId',
      message: DepartmentMessages.notFound,
    });
  });

  it('answers 1403 on HTTP 200 to a role without the department grants, on every route', async () => {
    const { data } = await call(parley, 'POST', 'e/enterprise/departments', { token: admin, form: { name: 'Guarded' } });
    const id = data.deptId as string;
    const routes: [string, string][] = [
      ['GET', 'e/enterprise/departments'],
      ['GET', `e/enterprise/departments/${id}`],
      ['POST', 'e/enterprise/departments'],
      ['PUT', `e/enterprise/departments/${id}`],
      ['DELETE', `e/enterprise/departments/${id}`],
      ['GET', `e/enterprise/departments/${id}/mapped_users`],
      ['PUT', `e/enterprise/departments/${id}/add_users`],
      ['PUT', `e/enterprise/departments/${id}/remove_users`],
    ];
    for (const [method, url] of routes) {
      const res = await parley.app.inject({ method: method as 'GET', url: `/api/${url}`, headers: { 'authentication-token': agent } });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 200, 1403]);
    }
  });
});
