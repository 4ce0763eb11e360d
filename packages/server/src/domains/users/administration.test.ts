import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UserTexts } from '@parley/sdk/contract/user-texts';
import { enterprises, users } from '../../db/schema.js';
import { hashPassword } from '../account/secrets.js';
import { call, DEMO_PASSWORD, login, startServer } from '../../test/harness.js';
import { UsersService } from './service.js';

const RANDOM_ID = '00000000-0000-4000-8000-000000000000';

describe('an administrator manages the enterprise’s users', async () => {
  const parley = await startServer();
  const { db } = parley.database;
  const admin = await login(parley);
  const adminId = (await call(parley, 'GET', 'e/enterprise/profile/', { token: admin })).data.uId as string;
  const [beta] = await db.insert(enterprises).values({ name: 'Beta' }).returning();
  const [betaUser] = await db
    .insert(users)
    .values({ eId: beta!.id, name: 'Beta Admin', email: 'admin@beta.example', passwordHash: await hashPassword('beta-password'), roles: [1] })
    .returning();
  const idOf = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const add = (form: Record<string, string>, token = admin) => call(parley, 'POST', 'e/enterprise/users', { token, form });

  it('adds a user with the spec’s validation, then the user signs in with the roles given', async () => {
    const refused = await add({ name: ' ', emailId: 'not-an-email', password: 'short' });
    expect(refused).toMatchObject({ httpStatus: 400, code: 1400 });
    expect(refused.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'This field is mandatory.' },
        { field: 'emailId', message: 'Please enter a valid email address' },
        { field: 'password', message: 'Your Password must be atleast 8 characters long' },
        { field: 'roles', message: 'This field is mandatory.' },
      ]),
    );
    const taken = await add({ name: 'Again', emailId: 'maker@parley.dev', password: 'long-enough', roles: '3' });
    expect(taken).toMatchObject({ code: 1409, message: 'This email is already registered' });

    const added = await add({ name: 'Nadia Agent', emailId: 'Nadia@Example.com', password: 'nadia-password', roles: '3' });
    expect(added).toMatchObject({
      code: 100,
      message: UserTexts.userAdded,
      data: { name: 'Nadia Agent', emailId: 'nadia@example.com', roles: [3], state: 1, chat: { maxChats: 0 } },
    });
    const token = await login(parley, 'nadia@example.com', 'nadia-password');
    const profile = await call(parley, 'GET', 'e/enterprise/profile/', { token });
    expect(profile.data.permissions).toContain('CHAT.HANDLE');
  });

  it('lists with name search, state filter and paging', async () => {
    const named = await call(parley, 'GET', 'e/enterprise/users', { token: admin, query: { name: 'nadia' } });
    expect(named.data.map((u: { emailId: string }) => u.emailId)).toEqual(['nadia@example.com']);
    const deactivated = await call(parley, 'GET', 'e/enterprise/users', { token: admin, query: { state: '2' } });
    expect(deactivated.data).toEqual([]);
    const first = await call(parley, 'GET', 'e/enterprise/users', { token: admin, query: { perPage: '5', from: '0' } });
    expect([first.data.length, first.more]).toEqual([5, true]);
  });

  it('refuses every write to a role without USERS.* with 1403 on HTTP 200', async () => {
    const agent = await login(parley, 'agent@parley.dev');
    const target = await idOf('viewer@parley.dev');
    const calls = [
      call(parley, 'GET', 'e/enterprise/users', { token: agent }),
      add({ name: 'X', emailId: 'x@example.com', password: 'long-enough', roles: '3' }, agent),
      call(parley, 'PUT', `e/enterprise/users/${target}/update_roles`, { token: agent, form: { roles: '1' } }),
      call(parley, 'PUT', `e/enterprise/users/${target}/reset_password`, { token: agent, form: { adminPassword: DEMO_PASSWORD, password: 'long-enough' } }),
      call(parley, 'DELETE', `e/enterprise/users/${target}`, { token: agent }),
      call(parley, 'POST', `e/enterprise/users/${target}/activate`, { token: agent }),
    ];
    for (const res of await Promise.all(calls)) expect(res).toMatchObject({ httpStatus: 200, status: false, code: 1403, message: 'Access Denied' });
  });

  it('answers another enterprise’s user id exactly like an unknown id, on every write', async () => {
    for (const id of [betaUser!.id, RANDOM_ID]) {
      const results = await Promise.all([
        call(parley, 'PUT', `e/enterprise/users/${id}/update_roles`, { token: admin, form: { roles: '3' } }),
        call(parley, 'PUT', `e/enterprise/users/${id}/reset_password`, { token: admin, form: { adminPassword: DEMO_PASSWORD, password: 'long-enough' } }),
        call(parley, 'DELETE', `e/enterprise/users/${id}`, { token: admin }),
        call(parley, 'POST', `e/enterprise/users/${id}/activate`, { token: admin }),
      ]);
      for (const res of results) expect(res).toMatchObject({ httpStatus: 404, code: 1404 });
    }
    expect((await db.select().from(users).where(eq(users.id, betaUser!.id)))[0]).toMatchObject({ state: 1, roles: [1] });
  });

  it('edits roles and chat settings; the user’s permissions follow', async () => {
    const id = await idOf('checker@parley.dev');
    const res = await call(parley, 'PUT', `e/enterprise/users/${id}/update_roles`, { token: admin, json: { roles: [3, 5], chat: { maxChats: 4 } } });
    expect(res).toMatchObject({ code: 100, message: UserTexts.rolesUpdated, data: { roles: [3, 5], chat: { maxChats: 4 } } });
    const token = await login(parley, 'checker@parley.dev');
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token })).data.permissions).toContain('CHAT.HANDLE');
    const none = await call(parley, 'PUT', `e/enterprise/users/${id}/update_roles`, { token: admin, form: { roles: '[]' } });
    expect(none).toMatchObject({ code: 1400, errors: [{ field: 'roles', message: 'This field is mandatory.' }] });
  });

  it('keeps one active Administrator, and nobody locks themselves out', async () => {
    const selfDemote = await call(parley, 'PUT', `e/enterprise/users/${adminId}/update_roles`, { token: admin, form: { roles: '3' } });
    expect(selfDemote).toMatchObject({ code: 1400, message: UserTexts.notYourOwnAdmin });
    const selfDeactivate = await call(parley, 'DELETE', `e/enterprise/users/${adminId}`, { token: admin });
    expect(selfDeactivate).toMatchObject({ code: 1400, message: UserTexts.notYourself });

    // A second administrator may not take the first's role while the first is the only one left.
    await add({ name: 'Second Admin', emailId: 'second@example.com', password: 'second-password', roles: '1' });
    const second = await login(parley, 'second@example.com', 'second-password');
    const secondId = await idOf('second@example.com');
    expect((await call(parley, 'PUT', `e/enterprise/users/${adminId}/update_roles`, { token: second, form: { roles: '3' } })).code).toBe(100);
    const lastOne = await call(parley, 'PUT', `e/enterprise/users/${secondId}/update_roles`, { token: second, form: { roles: '3' } });
    expect(lastOne).toMatchObject({ code: 1400, message: UserTexts.notYourOwnAdmin });
    // Restore: the demo admin is an Administrator again, and the second one may now go.
    expect((await call(parley, 'PUT', `e/enterprise/users/${adminId}/update_roles`, { token: second, form: { roles: '1' } })).code).toBe(100);
    expect((await call(parley, 'DELETE', `e/enterprise/users/${secondId}`, { token: admin })).code).toBe(100);
    // With the second deactivated, the demo admin is the last active one: Beta's rule is Beta's own.
    const [b2] = await db
      .insert(users)
      .values({ eId: beta!.id, name: 'Beta Two', email: 'two@beta.example', passwordHash: await hashPassword('beta-password'), roles: [1] })
      .returning();
    const betaToken = await login(parley, 'two@beta.example', 'beta-password');
    expect((await call(parley, 'DELETE', `e/enterprise/users/${betaUser!.id}`, { token: betaToken })).code).toBe(100);
    const lastBeta = await call(parley, 'PUT', `e/enterprise/users/${b2!.id}/update_roles`, { token: betaToken, form: { roles: '3' } });
    expect(lastBeta.message).toBe(UserTexts.notYourOwnAdmin);
  });

  it('refuses to demote or deactivate the last active Administrator when the caller is not one (a custom role with USERS.EDIT)', async () => {
    // Among the built-in roles only Administrators hold USERS.EDIT, so the caller is always another admin; a custom
    // role (Role & Permission) can grant USERS.EDIT alone. The service is called as such a caller would reach it.
    const [gamma] = await db.insert(enterprises).values({ name: 'Gamma' }).returning();
    const hash = await hashPassword('gamma-password');
    const [only, editor] = await db
      .insert(users)
      .values([
        { eId: gamma!.id, name: 'G Admin', email: 'admin@gamma.example', passwordHash: hash, roles: [1] },
        { eId: gamma!.id, name: 'G Editor', email: 'editor@gamma.example', passwordHash: hash, roles: [3] },
      ])
      .returning();
    // It holds Handle Chats' permissions too: nobody gives a role beyond their own permissions (domains/roles).
    const permissions = new Set(['USERS.EDIT', 'CHAT.HANDLE', 'CHAT.VIEW_CHATHISTORY', 'CUSTOMER.VIEW']);
    const auth = { uId: editor!.id, eId: gamma!.id, roles: [3], permissions, credentialId: RANDOM_ID, method: 'password' as const };
    const service = new UsersService(parley.deps);
    await expect(service.updateRoles(auth, only!.id, [3], undefined)).rejects.toMatchObject({ code: 1400, message: UserTexts.lastAdministrator });
    await expect(service.deactivate(auth, only!.id, false)).rejects.toMatchObject({ code: 1400, message: UserTexts.lastAdministrator });
    expect((await db.select().from(users).where(eq(users.id, only!.id)))[0]).toMatchObject({ state: 1, roles: [1] });
    // A deactivated administrator does not count: with them the only other admin, the rule still holds.
    await db.insert(users).values({ eId: gamma!.id, name: 'G Away', email: 'away@gamma.example', passwordHash: hash, roles: [1], state: 2 });
    await expect(service.deactivate(auth, only!.id, false)).rejects.toMatchObject({ message: UserTexts.lastAdministrator });
    // With a second active admin, either may go.
    await db.insert(users).values({ eId: gamma!.id, name: 'G Second', email: 'second@gamma.example', passwordHash: hash, roles: [1] });
    expect((await service.updateRoles(auth, only!.id, [3], undefined)).roles).toEqual([3]);
  });

  it('deactivation asks first with isValidate, then ends the user’s sessions at once; they cannot sign in until activated', async () => {
    const id = await idOf('maker@parley.dev');
    const token = await login(parley, 'maker@parley.dev');
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token })).code).toBe(100);

    const check = await call(parley, 'DELETE', `e/enterprise/users/${id}`, { token: admin, query: { isValidate: 'true' } });
    expect(check).toMatchObject({ code: 100, data: { openChats: 0, deactivated: false } });
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token })).code).toBe(100);

    const done = await call(parley, 'DELETE', `e/enterprise/users/${id}`, { token: admin, query: { isValidate: 'false' } });
    expect(done).toMatchObject({ code: 100, message: UserTexts.userDeactivated, data: { deactivated: true } });
    expect(await call(parley, 'GET', 'e/enterprise/profile/', { token })).toMatchObject({
      httpStatus: 401,
      code: 1401,
      message: 'Session Expired! Please login',
      login_required: true,
    });
    const signIn = await call(parley, 'POST', 'account/enterprise/login/twoFactorAuth', {
      form: { email: 'maker@parley.dev', password: DEMO_PASSWORD, captcha: 'x', captchaId: 'x' },
    });
    expect(signIn).toMatchObject({ status: false, code: 1401 });
    const listed = await call(parley, 'GET', 'e/enterprise/users', { token: admin, query: { state: '2' } });
    expect(listed.data.map((u: { emailId: string }) => u.emailId)).toContain('maker@parley.dev');

    expect(await call(parley, 'POST', `e/enterprise/users/${id}/activate`, { token: admin })).toMatchObject({ code: 100, data: { state: 1 } });
    await login(parley, 'maker@parley.dev');
  });

  it('resets a password after the administrator confirms their own; the user’s sessions end', async () => {
    const id = await idOf('developer@parley.dev');
    const token = await login(parley, 'developer@parley.dev');
    const wrong = await call(parley, 'PUT', `e/enterprise/users/${id}/reset_password`, {
      token: admin,
      form: { adminPassword: 'not-mine', password: 'a-new-password' },
    });
    expect(wrong).toMatchObject({ code: 1400, errors: [{ field: 'adminPassword', message: 'Your current password is not correct' }] });
    const short = await call(parley, 'PUT', `e/enterprise/users/${id}/reset_password`, {
      token: admin,
      form: { adminPassword: DEMO_PASSWORD, password: 'short' },
    });
    expect(short.errors).toEqual([{ field: 'password', message: 'Your Password must be atleast 8 characters long' }]);

    const done = await call(parley, 'PUT', `e/enterprise/users/${id}/reset_password`, {
      token: admin,
      form: { adminPassword: DEMO_PASSWORD, password: 'a-new-password' },
    });
    expect(done).toMatchObject({ code: 100, message: UserTexts.passwordReset });
    expect((await call(parley, 'GET', 'e/enterprise/profile/', { token })).code).toBe(1401);
    await login(parley, 'developer@parley.dev', 'a-new-password');
  });

  it('records every change in the audit trail', async () => {
    const trail = await call(parley, 'GET', 'e/enterprise/audit_trail', { token: admin, query: { perPage: '200' } });
    const actions = new Set(trail.data.map((e: { action: string }) => e.action));
    for (const action of [
      'POST /api/e/enterprise/users',
      'PUT /api/e/enterprise/users/:id/update_roles',
      'PUT /api/e/enterprise/users/:id/reset_password',
      'DELETE /api/e/enterprise/users/:id',
      'POST /api/e/enterprise/users/:id/activate',
    ])
      expect(actions, action).toContain(action);
  });
});
