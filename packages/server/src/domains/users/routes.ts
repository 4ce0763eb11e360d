import type { FastifyInstance } from 'fastify';
import { ACCESS } from '@parley/sdk/contract/access';
import { UserTexts } from '@parley/sdk/contract/user-texts';
import { usersApi, type EnterpriseUser } from '@parley/sdk/contract/users';
import { ApiError } from '../../http/api-error.js';
import { defineRoute } from '../../http/route.js';
import { page, reply } from '../../http/reply.js';
import type { AccountDeps } from '../account/deps.js';
import { findUser, type UserRow } from '../account/users-queries.js';
import { listUsers } from './queries.js';
import { UsersService } from './service.js';

export const shapeUser = (u: UserRow): EnterpriseUser => ({
  uId: u.id,
  name: u.name,
  emailId: u.email,
  roles: u.roles,
  state: u.state,
  chat: { maxChats: u.chatSettings.maxChats },
  createdOn: u.createdAt.toISOString(),
});

export function usersRoutes(app: FastifyInstance, deps: AccountDeps) {
  const { db } = deps;
  const service = new UsersService(deps);

  defineRoute(app, usersApi.list, ACCESS.users.view, async (input, { auth }) => {
    const limit = input.perPage === -1 ? 10_000 : input.perPage;
    const rows = await listUsers(db, auth.eId, input, input.from, limit + 1);
    return page(rows.slice(0, limit).map(shapeUser), rows.length > limit);
  });

  // Another enterprise's id answers exactly like an unknown id: its existence is not revealed.
  defineRoute(app, usersApi.get, ACCESS.users.view, async (input, { auth }) => {
    const user = await findUser(db, auth.eId, input.id);
    if (!user) throw ApiError.notFound();
    return shapeUser(user);
  });

  defineRoute(app, usersApi.add, ACCESS.users.add, async (input, { auth }) => reply(shapeUser(await service.add(auth, input)), UserTexts.userAdded));

  defineRoute(app, usersApi.updateRoles, ACCESS.users.edit, async (input, { auth }) =>
    reply(shapeUser(await service.updateRoles(auth, input.id, input.roles, input.chat)), UserTexts.rolesUpdated),
  );

  defineRoute(app, usersApi.resetPassword, ACCESS.users.edit, async (input, { auth }) => {
    await service.resetPassword(auth, input.id, input.adminPassword, input.password);
    return reply(null, UserTexts.passwordReset);
  });

  defineRoute(app, usersApi.deactivate, ACCESS.users.edit, async (input, { auth }) => {
    const result = await service.deactivate(auth, input.id, input.isValidate);
    return reply(result, result.deactivated ? UserTexts.userDeactivated : 'Success');
  });

  defineRoute(app, usersApi.activate, ACCESS.users.edit, async (input, { auth }) =>
    reply(shapeUser(await service.activate(auth, input.id)), UserTexts.userActivated),
  );
}
