import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RoleTexts, rolesNotHeld } from '@parley/sdk/contract/roles';
import { UserTexts } from '@parley/sdk/contract/user-texts';
import { customRoles, enterprises, mailOutbox, users } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';

describe('custom roles at work: sessions, users, invitations and agents follow them', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const admin = await login(parley);
  const [beta] = await db.insert(enterprises).values({ name: 'Beta' }).returning();
  const [betaRole] = await db
    .insert(customRoles)
    .values({ eId: beta!.id, name: 'Beta Agents', permissions: ['CHAT.HANDLE'] })
    .returning();
  const newRole = async (name: string, permissions: string[], baseRole = 3) =>
    (await call(parley, 'POST', 'e/enterprise/roles', { token: admin, json: { name, baseRole, permissions } })).data.id as number;
  const addUser = async (email: string, roles: number[], token = admin) =>
    call(parley, 'POST', 'e/enterprise/users', { token, json: { name: email.split('@')[0], emailId: email, password: 'long-enough', roles } });
  const idOf = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!.id;

  it('gives a holder the role’s permissions, and an edit reaches their very next request', async () => {
    const auditors = await newRole('Auditors', ['AUDITTRAIL.VIEW', 'DEPARTMENTS.VIEW']);
    expect((await addUser('auditor@example.com', [auditors])).code).toBe(100);
    const token = await login(parley, 'auditor@example.com', 'long-enough');
    const profile = await call(parley, 'GET', 'e/enterprise/profile/', { token });
    expect(profile.data).toMatchObject({ roles: [auditors], permissions: ['DEPARTMENTS.VIEW', 'AUDITTRAIL.VIEW'], isAdmin: false });
    // Twice, so the second answer comes from the session check the server reuses for a moment.
    for (let i = 0; i < 2; i++) expect((await call(parley, 'GET', 'e/enterprise/audit_trail', { token })).code).toBe(100);

    const edited = await call(parley, 'PUT', `e/enterprise/roles/${auditors}`, { token: admin, json: { name: 'Auditors', permissions: ['DEPARTMENTS.VIEW'] } });
    expect(edited.code).toBe(100);
    expect(await call(parley, 'GET', 'e/enterprise/audit_trail', { token })).toMatchObject({ httpStatus: 200, code: 1403 });
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token })).data.permissions).toEqual(['DEPARTMENTS.VIEW']);
    expect((await call(parley, 'GET', 'e/enterprise/departments', { token })).code).toBe(100);
  });

  it('never counts a custom role as Administrator', async () => {
    const copy = (await call(parley, 'POST', 'e/enterprise/roles', { token: admin, form: { name: 'Deputy', baseRole: '1' } })).data.id as number;
    await addUser('deputy@example.com', [copy]);
    const deputy = await login(parley, 'deputy@example.com', 'long-enough');
    const profile = await call(parley, 'GET', 'e/enterprise/profile/', { token: deputy });
    expect(profile.data.isAdmin).toBe(false);
    expect(profile.data.permissions).toContain('USERS.EDIT');
    const adminId = await idOf('admin@parley.dev');
    // Demo Admin is the one active Administrator: a holder of an Administrator-like custom role does not replace them.
    expect((await call(parley, 'PUT', `e/enterprise/users/${adminId}/update_roles`, { token: deputy, json: { roles: [copy] } })).errors).toEqual([
      { field: 'roles', message: UserTexts.lastAdministrator },
    ]);
    expect((await call(parley, 'PUT', `e/enterprise/users/${adminId}/update_roles`, { token: admin, json: { roles: [copy] } })).errors).toEqual([
      { field: 'roles', message: UserTexts.notYourOwnAdmin },
    ]);
  });

  it('takes custom role ids of the caller’s enterprise only, for users and invitations', async () => {
    const night = await newRole('Night agents', ['CHAT.HANDLE']);
    const added = await addUser('night@example.com', [night, 3]);
    expect(added.data.roles).toEqual([3, night]);
    const uId = added.data.uId as string;
    for (const wrong of [7, 99_999, betaRole!.id]) {
      expect((await addUser(`wrong-${wrong}@example.com`, [wrong])).errors, String(wrong)).toEqual([{ field: 'roles', message: RoleTexts.notFound }]);
      expect((await call(parley, 'PUT', `e/enterprise/users/${uId}/update_roles`, { token: admin, json: { roles: [wrong] } })).errors).toEqual([
        { field: 'roles', message: RoleTexts.notFound },
      ]);
      expect(
        (await call(parley, 'POST', 'e/enterprise/invitations', { token: admin, json: { emailId: 'someone@example.com', roles: [wrong] } })).errors,
      ).toEqual([{ field: 'roles', message: RoleTexts.notFound }]);
    }
    expect((await call(parley, 'PUT', `e/enterprise/users/${uId}/update_roles`, { token: admin, json: { roles: [night] } })).data.roles).toEqual([night]);
    expect((await db.select().from(users).where(eq(users.id, uId)))[0]!.roles).toEqual([night]);

    const invited = await call(parley, 'POST', 'e/enterprise/invitations', { token: admin, json: { emailId: 'nightly@example.com', roles: [night] } });
    expect(invited.data.roles).toEqual([night]);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nightly@example.com')).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(mail!.text).toContain('with the role Night agents.');
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    const preview = await call(parley, 'GET', `account/enterprise/invitations/${link.searchParams.get('id')}`, {
      query: { code: link.searchParams.get('code')! },
    });
    expect(preview.data).toMatchObject({ roles: [night], roleNames: ['Night agents'] });
  });

  it('lets a user manager give only roles within their own permissions', async () => {
    const hr = await newRole('People team', ['USERS.VIEW', 'USERS.ADD', 'USERS.EDIT', 'CHAT.HANDLE']);
    await addUser('hr@example.com', [hr]);
    const token = await login(parley, 'hr@example.com', 'long-enough');
    expect((await addUser('boss@example.com', [1], token)).errors).toEqual([{ field: 'roles', message: rolesNotHeld(['Administrator']) }]);
    expect((await call(parley, 'POST', 'e/enterprise/invitations', { token, json: { emailId: 'boss@example.com', roles: [3, 6] } })).errors).toEqual([
      { field: 'roles', message: rolesNotHeld(['Handle Chats', 'Report Viewer']) },
    ]);
    const colleague = await addUser('colleague@example.com', [hr], token);
    expect(colleague.code).toBe(100);
    // Keeping a role someone already holds is no grant: the chat settings of an Administrator may change.
    const adminId = await idOf('admin@parley.dev');
    expect((await call(parley, 'PUT', `e/enterprise/users/${adminId}/update_roles`, { token, json: { roles: [1], chat: { maxChats: 4 } } })).code).toBe(100);
    expect((await call(parley, 'PUT', `e/enterprise/users/${colleague.data.uId}/update_roles`, { token, json: { roles: [1] } })).errors).toEqual([
      { field: 'roles', message: rolesNotHeld(['Administrator']) },
    ]);
  });

  it('counts a custom role with CHAT.HANDLE as an agent', async () => {
    const chatters = await newRole('Chatters', ['CHAT.HANDLE']);
    await addUser('chatter@example.com', [chatters]);
    await addUser('not-a-chatter@example.com', [await newRole('Readers', ['AUDITTRAIL.VIEW'])]);
    const agents = await call(parley, 'GET', 'e/enterprise/agents', { token: admin, query: { perPage: '200' } });
    const names = agents.data.map((a: { name: string }) => a.name);
    expect(names).toContain('chatter');
    expect(names).not.toContain('not-a-chatter');
  });
});
