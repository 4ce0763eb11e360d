import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@parley/sdk/contract/permissions';
import { permissionsNotHeld, roleInUse, RoleTexts } from '@parley/sdk/contract/roles';
import { customRoles, enterprises } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';

describe('Role & Permission: an administrator reads the roles and makes, edits and deletes custom ones', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const admin = await login(parley);
  const [beta] = await db.insert(enterprises).values({ name: 'Beta' }).returning();
  const [betaRole] = await db
    .insert(customRoles)
    .values({ eId: beta!.id, name: 'Beta Auditors', permissions: ['AUDITTRAIL.VIEW'] })
    .returning();
  const create = (form: Record<string, string>, token = admin) => call(parley, 'POST', 'e/enterprise/roles', { token, form });
  const update = (id: number, json: Record<string, unknown>, token = admin) => call(parley, 'PUT', `e/enterprise/roles/${id}`, { token, json });
  const addUser = (email: string, roles: number[]) =>
    call(parley, 'POST', 'e/enterprise/users', { token: admin, json: { name: email.split('@')[0], emailId: email, password: 'long-enough', roles } });

  it('lists the six built-in roles with their permissions and holders; one role reads alone', async () => {
    const list = await call(parley, 'GET', 'e/enterprise/roles', { token: admin });
    expect(list.code).toBe(100);
    expect(list.data.map((r: { id: number; builtIn: boolean }) => [r.id, r.builtIn])).toEqual([1, 2, 3, 4, 5, 6].map((id) => [id, true]));
    expect(list.data[2]).toMatchObject({ name: 'Handle Chats', permissions: [...ROLE_PERMISSIONS[3]], userCount: 1, invitationCount: 0, baseRole: null });
    const one = await call(parley, 'GET', 'e/enterprise/roles/1', { token: admin });
    expect(one.data).toMatchObject({ id: 1, name: 'Administrator', builtIn: true });
    for (const id of ['9999', '7', String(betaRole!.id), 'x']) {
      expect(await call(parley, 'GET', `e/enterprise/roles/${id}`, { token: admin }), id).toMatchObject({ status: false, message: RoleTexts.notFound });
    }
  });

  it('creates a role from a built-in one, its permissions copied, with the spec’s validation', async () => {
    const refused = await create({ name: ' ', description: 'd'.repeat(201) });
    expect(refused).toMatchObject({ httpStatus: 400, code: 1400 });
    expect(refused.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'This field is mandatory.' },
        { field: 'description', message: RoleTexts.descriptionTooLong },
        { field: 'baseRole', message: 'This field is mandatory.' },
      ]),
    );
    expect((await create({ name: 'n'.repeat(51), baseRole: '3' })).errors).toEqual([{ field: 'name', message: RoleTexts.nameTooLong }]);
    expect((await create({ name: 'handle CHATS', baseRole: '3' })).errors).toEqual([{ field: 'name', message: RoleTexts.nameTaken }]);
    expect((await create({ name: 'Night shift', baseRole: '9999' })).errors).toEqual([{ field: 'baseRole', message: RoleTexts.notFound }]);
    expect((await create({ name: 'Night shift', baseRole: String(betaRole!.id) })).errors).toEqual([{ field: 'baseRole', message: RoleTexts.notFound }]);
    const unknown = await call(parley, 'POST', 'e/enterprise/roles', {
      token: admin,
      json: { name: 'Night shift', baseRole: 3, permissions: ['CHAT.HANDLE', 'CHAT.FLY'] },
    });
    expect(unknown.errors).toEqual([{ field: 'permissions.1', message: RoleTexts.unknownPermission }]);

    const made = await create({ name: 'Night shift', description: 'Agents after 8 pm', baseRole: '3' });
    expect(made).toMatchObject({ code: 100, message: RoleTexts.created });
    expect(made.data).toMatchObject({
      name: 'Night shift',
      description: 'Agents after 8 pm',
      builtIn: false,
      baseRole: 3,
      permissions: [...ROLE_PERMISSIONS[3]],
      userCount: 0,
    });
    expect(made.data.id).toBeGreaterThanOrEqual(101);
    expect((await create({ name: 'NIGHT SHIFT', baseRole: '3' })).errors).toEqual([{ field: 'name', message: RoleTexts.nameTaken }]);

    // From a custom role: its permissions, and the built-in role at the root of its line.
    const copy = await create({ name: 'Night shift 2', baseRole: String(made.data.id) });
    expect(copy.data).toMatchObject({ baseRole: 3, permissions: [...ROLE_PERMISSIONS[3]] });
    // Given permissions win over the base role's, in catalogue order.
    const given = await call(parley, 'POST', 'e/enterprise/roles', {
      token: admin,
      json: { name: 'Auditors', baseRole: 6, permissions: ['USERS.VIEW', 'AUDITTRAIL.VIEW'] },
    });
    expect(given.data.permissions).toEqual(['USERS.VIEW', 'AUDITTRAIL.VIEW']);
    const listed = await call(parley, 'GET', 'e/enterprise/roles', { token: admin });
    expect(listed.data.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Night shift', 'Night shift 2', 'Auditors']));
    expect(listed.data.map((r: { name: string }) => r.name)).not.toContain('Beta Auditors');
  });

  it('edits a custom role; built-in roles are read-only', async () => {
    const made = await create({ name: 'Editors', baseRole: '6' });
    const edited = await update(made.data.id, {
      name: 'Report editors',
      description: 'Reads reports',
      permissions: ['CHAT.VIEW_ANALYTICS', 'AUDITTRAIL.VIEW'],
    });
    expect(edited).toMatchObject({
      code: 100,
      message: RoleTexts.updated,
      data: { name: 'Report editors', description: 'Reads reports', permissions: ['CHAT.VIEW_ANALYTICS', 'AUDITTRAIL.VIEW'] },
    });
    expect((await update(made.data.id, { name: 'Report editors', permissions: [] })).errors).toEqual([
      { field: 'permissions', message: RoleTexts.permissionsRequired },
    ]);
    expect((await update(made.data.id, { name: 'Administrator' })).errors).toEqual([{ field: 'name', message: RoleTexts.nameTaken }]);
    // Without permissions, they stay as they are.
    expect((await update(made.data.id, { name: 'Report editors' })).data.permissions).toEqual(['CHAT.VIEW_ANALYTICS', 'AUDITTRAIL.VIEW']);
    for (const res of [await update(1, { name: 'Boss' }), await call(parley, 'DELETE', 'e/enterprise/roles/3', { token: admin })]) {
      expect(res).toMatchObject({ httpStatus: 200, status: false, code: 1409, message: RoleTexts.builtInReadOnly });
    }
    expect((await call(parley, 'GET', 'e/enterprise/roles/1', { token: admin })).data.name).toBe('Administrator');
  });

  it('refuses a role held by a user or an open invitation; deletes it once nobody holds it', async () => {
    const made = await create({ name: 'Temporary', baseRole: '3' });
    const id = made.data.id as number;
    const user = await addUser('temp@example.com', [id]);
    expect(user.code).toBe(100);
    const invited = await call(parley, 'POST', 'e/enterprise/invitations', { token: admin, json: { emailId: 'temp-invitee@example.com', roles: [3, id] } });
    expect(invited.code).toBe(100);
    expect((await call(parley, 'GET', `e/enterprise/roles/${id}`, { token: admin })).data).toMatchObject({ userCount: 1, invitationCount: 1 });
    const refused = await call(parley, 'DELETE', `e/enterprise/roles/${id}`, { token: admin });
    expect(refused).toMatchObject({ httpStatus: 200, status: false, code: 1409, message: roleInUse(1, 1) });
    expect(roleInUse(1, 1)).toBe('This role is held by 1 user and 1 open invitation: give them another role and revoke the invitations first');

    await call(parley, 'PUT', `e/enterprise/users/${user.data.uId}/update_roles`, { token: admin, json: { roles: [3] } });
    expect((await call(parley, 'DELETE', `e/enterprise/roles/${id}`, { token: admin })).message).toBe(roleInUse(0, 1));
    await call(parley, 'DELETE', `e/enterprise/invitations/${invited.data.id}`, { token: admin });
    expect(await call(parley, 'DELETE', `e/enterprise/roles/${id}`, { token: admin })).toMatchObject({ code: 100, message: RoleTexts.deleted });
    expect(await call(parley, 'GET', `e/enterprise/roles/${id}`, { token: admin })).toMatchObject({ httpStatus: 404, message: RoleTexts.notFound });
  });

  it('never lets a caller give a permission they do not hold', async () => {
    const editorRole = await call(parley, 'POST', 'e/enterprise/roles', {
      token: admin,
      json: { name: 'Role editors', baseRole: 3, permissions: ['ROLES.VIEW', 'ROLES.CREATE', 'ROLES.EDIT', 'CHAT.HANDLE'] },
    });
    await addUser('role-editor@example.com', [editorRole.data.id]);
    const editor = await login(parley, 'role-editor@example.com', 'long-enough');
    const fromAdmin = await create({ name: 'Almost admin', baseRole: '1' }, editor);
    expect(fromAdmin).toMatchObject({
      code: 1400,
      errors: [{ field: 'permissions', message: expect.stringContaining('You cannot give permissions you do not hold: CHAT.VIEW_ANALYTICS') }],
    });
    const own = await call(parley, 'POST', 'e/enterprise/roles', { token: editor, json: { name: 'Chat only', baseRole: 3, permissions: ['CHAT.HANDLE'] } });
    expect(own.code).toBe(100);
    const widened = await update(own.data.id, { name: 'Chat only', permissions: ['CHAT.HANDLE', 'USERS.ADD', 'USERS.EDIT'] }, editor);
    expect(widened.errors).toEqual([{ field: 'permissions', message: permissionsNotHeld(['USERS.ADD', 'USERS.EDIT']) }]);
    // Their own role cannot grow either.
    expect(
      (
        await update(
          editorRole.data.id,
          { name: 'Role editors', permissions: ['ROLES.VIEW', 'ROLES.CREATE', 'ROLES.EDIT', 'ROLES.DELETE', 'CHAT.HANDLE'] },
          editor,
        )
      ).errors,
    ).toEqual([{ field: 'permissions', message: permissionsNotHeld(['ROLES.DELETE']) }]);
    // A role may keep what its editor lacks: only what is added counts.
    const reports = await create({ name: 'Reports', baseRole: '6' });
    expect((await update(reports.data.id, { name: 'Reports (all)', permissions: reports.data.permissions }, editor)).code).toBe(100);
    expect((await update(reports.data.id, { name: 'Reports (all)', permissions: ['CHAT.VIEW_ANALYTICS'] }, editor)).code).toBe(100);
  });

  it('answers 1403 on HTTP 200 to a role without ROLES.*, on every route', async () => {
    for (const email of ['viewer@parley.dev', 'agent@parley.dev']) {
      const token = await login(parley, email);
      const results = await Promise.all([
        call(parley, 'GET', 'e/enterprise/roles', { token }),
        call(parley, 'GET', 'e/enterprise/roles/1', { token }),
        call(parley, 'GET', 'e/enterprise/roles/permissions', { token }),
        create({ name: 'Mine', baseRole: '3' }, token),
        update(101, { name: 'Mine' }, token),
        call(parley, 'DELETE', 'e/enterprise/roles/101', { token }),
      ]);
      for (const res of results) expect(res).toMatchObject({ httpStatus: 200, status: false, code: 1403, message: 'Access Denied' });
    }
  });

  it('keeps another enterprise’s role out of reach', async () => {
    const id = betaRole!.id;
    for (const res of [await update(id, { name: 'Ours now' }), await call(parley, 'DELETE', `e/enterprise/roles/${id}`, { token: admin })]) {
      expect(res).toMatchObject({ httpStatus: 404, message: RoleTexts.notFound });
    }
    expect((await addUser('beta-role@example.com', [id])).errors).toEqual([{ field: 'roles', message: RoleTexts.notFound }]);
    const [row] = await db.select().from(customRoles).where(eq(customRoles.id, id));
    expect(row).toMatchObject({ name: 'Beta Auditors', permissions: ['AUDITTRAIL.VIEW'] });
  });

  it('records creating, editing and deleting in the audit trail', async () => {
    const trail = await call(parley, 'GET', 'e/enterprise/audit_trail', { token: admin, query: { perPage: '300' } });
    const actions = new Set(trail.data.map((e: { action: string }) => e.action));
    for (const action of ['POST /api/e/enterprise/roles', 'PUT /api/e/enterprise/roles/:id', 'DELETE /api/e/enterprise/roles/:id'])
      expect(actions, action).toContain(action);
  });
});
