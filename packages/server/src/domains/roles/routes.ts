import type { FastifyInstance } from 'fastify';
import { ACCESS } from '@parley/sdk/contract/access';
import { RoleTexts, rolesApi } from '@parley/sdk/contract/roles';
import type { Db } from '../../db/database.js';
import { reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import type { SessionStore } from '../account/sessions.js';
import { RolesService } from './service.js';

/**
 * Role & Permission (`e/enterprise/roles`, ROLES.*; the role config `roles/permissions` is in the profile routes).
 * Reading the roles also serves whoever gives users roles, so the Users screen can offer and name custom roles.
 */
export function roleRoutes(app: FastifyInstance, db: Db, sessions: SessionStore) {
  const service = new RolesService(db, sessions, sessions.enabledFlags);
  defineRoute(app, rolesApi.list, ACCESS.roles.read, async (_input, { auth }) => service.list(auth));
  defineRoute(app, rolesApi.get, ACCESS.roles.read, async ({ id }, { auth }) => service.get(auth, id));
  defineRoute(app, rolesApi.create, ACCESS.roles.create, async (input, { auth }) => reply(await service.create(auth, input), RoleTexts.created));
  defineRoute(app, rolesApi.update, ACCESS.roles.edit, async ({ id, ...input }, { auth }) => reply(await service.update(auth, id, input), RoleTexts.updated));
  defineRoute(app, rolesApi.delete, ACCESS.roles.delete, async ({ id }, { auth }) => {
    await service.delete(auth, id);
    return reply(null, RoleTexts.deleted);
  });
}
