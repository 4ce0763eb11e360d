import type { FastifyInstance } from 'fastify';
import { usersApi, type EnterpriseUser } from '@parley/sdk/contract/users';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute } from '../../http/route.js';
import { page } from '../../http/reply.js';
import { findUser, type UserRow } from '../account/users-queries.js';
import { listUsers } from './queries.js';

const VIEW_USERS = ['USERS.VIEW', 'USERS.ADD', 'USERS.EDIT'] as const;

const shape = (u: UserRow): EnterpriseUser => ({
  uId: u.id,
  name: u.name,
  emailId: u.email,
  roles: u.roles,
  state: u.state,
  createdOn: u.createdAt.toISOString(),
});

export function usersRoutes(app: FastifyInstance, db: Db) {
  defineRoute(app, usersApi.list, VIEW_USERS, async (input, { auth }) => {
    const limit = input.perPage === -1 ? 10_000 : input.perPage;
    const rows = await listUsers(db, auth.eId, input, input.from, limit + 1);
    return page(rows.slice(0, limit).map(shape), rows.length > limit);
  });

  // Another enterprise's id answers exactly like an unknown id: its existence is not revealed.
  defineRoute(app, usersApi.get, VIEW_USERS, async (input, { auth }) => {
    const user = await findUser(db, auth.eId, input.id);
    if (!user) throw ApiError.notFound();
    return shape(user);
  });
}
