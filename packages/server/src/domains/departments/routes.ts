import type { FastifyInstance } from 'fastify';
import { ACCESS } from '@parley/sdk/contract/access';
import { DepartmentMessages, departmentsApi } from '@parley/sdk/contract/departments';
import type { Db } from '../../db/database.js';
import { page, reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import { DepartmentService } from './service.js';

/** Manage → Departments (platform-shell 7.4), DEPARTMENTS.*; reading also serves the screens that pick a department. */
export function departmentRoutes(app: FastifyInstance, db: Db) {
  const service = new DepartmentService(db);
  defineRoute(app, departmentsApi.list, ACCESS.departments.view, async ({ name, from, perPage }, { auth }) => {
    const { rows, more } = await service.list(auth, name, from, perPage);
    return page(rows, more);
  });
  defineRoute(app, departmentsApi.get, ACCESS.departments.view, async ({ deptId }, { auth }) => service.get(auth, deptId));
  defineRoute(app, departmentsApi.create, ACCESS.departments.create, async (input, { auth }) =>
    reply(await service.create(auth, input), DepartmentMessages.saved),
  );
  defineRoute(app, departmentsApi.update, ACCESS.departments.edit, async ({ deptId, ...input }, { auth }) =>
    reply(await service.update(auth, deptId, input), DepartmentMessages.saved),
  );
  defineRoute(app, departmentsApi.delete, ACCESS.departments.edit, async ({ deptId }, { auth }) => {
    await service.delete(auth, deptId);
    return reply(null, DepartmentMessages.deleted);
  });
  defineRoute(app, departmentsApi.mappedUsers, ACCESS.departments.members, async ({ deptId, ...q }, { auth }) => {
    const { rows, more } = await service.mapped(auth, deptId, q);
    return page(rows, more);
  });
  defineRoute(app, departmentsApi.addUsers, ACCESS.departments.edit, async ({ deptId, users }, { auth }) =>
    reply(await service.addUsers(auth, deptId, users), DepartmentMessages.usersAdded),
  );
  defineRoute(app, departmentsApi.removeUsers, ACCESS.departments.edit, async ({ deptId, users }, { auth }) =>
    reply(await service.removeUsers(auth, deptId, users), DepartmentMessages.usersRemoved),
  );
}
