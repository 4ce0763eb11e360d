import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { Messages } from './messages.js';
import { isPermission } from './permissions.js';
import { RoleLimits, RoleTexts } from './role-texts.js';

export { BUILT_IN_ROLE_DESCRIPTIONS, RoleLimits, RoleTexts, permissionsNotHeld, roleInUse, rolesNotHeld } from './role-texts.js';

/**
 * A role (platform-shell 3 "Roles", 6): the six built-in ones (ids 1-6, read-only) and the enterprise's custom roles
 * (ids from 101). `userCount` counts the enterprise's users holding it, whatever their state; `invitationCount` the
 * invitations not yet accepted or revoked (an expired one can still be resent).
 */
export const role = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  /** The role a custom role was made from; null for a built-in role. */
  baseRole: z.number().nullable(),
  permissions: z.array(z.string()),
  userCount: z.number(),
  invitationCount: z.number(),
  updatedOn: z.string().nullable(),
});
export type Role = z.infer<typeof role>;

/** A role id: a built-in one or a custom one. Anything else is "Role not found". */
const roleIdOr = (missing: string) =>
  z.coerce
    .number({ error: missing })
    .int({ error: RoleTexts.notFound })
    .min(1, { error: RoleTexts.notFound })
    .max(2_147_483_647, { error: RoleTexts.notFound });
export const roleId = roleIdOr(RoleTexts.notFound);

const roleName = z
  .string({ error: Messages.mandatory })
  .min(1, { error: Messages.mandatory })
  .max(RoleLimits.nameChars, { error: RoleTexts.nameTooLong })
  .refine((v) => v.trim().length > 0, { error: Messages.mandatory, abort: true })
  .refine((v) => !/^\s/.test(v), { error: Messages.leadingWhitespace });

/** Permission keys of the catalogue (`GROUP.ITEM`); a form sends them as a repeated key or JSON text. */
const permissionList = z
  .array(z.string().max(100).refine(isPermission, { error: RoleTexts.unknownPermission }), { error: RoleTexts.permissionsRequired })
  .min(1, { error: RoleTexts.permissionsRequired })
  .max(200);

const roleText = {
  name: roleName,
  description: z.string().max(RoleLimits.descriptionChars, { error: RoleTexts.descriptionTooLong }).default(''),
};

/**
 * Role & Permission (`/admin/permission`, ROLES.*). The spec names only `GET roles/permissions` (the role config, in
 * profile.ts); the rest follows the users routes and is written down in docs/administration.md.
 */
export const rolesApi = {
  list: endpoint({ method: 'GET', path: 'e/enterprise/roles', input: z.object({}), reply: z.array(role) }),
  get: endpoint({ method: 'GET', path: 'e/enterprise/roles/:id', input: z.object({ id: roleId }), reply: role }),
  /** A new custom role with the permissions of `baseRole` (any role of the enterprise), or with `permissions` when given. */
  create: endpoint({
    method: 'POST',
    path: 'e/enterprise/roles',
    input: z.object({ ...roleText, baseRole: roleIdOr(Messages.mandatory), permissions: permissionList.optional() }),
    reply: role,
  }),
  /** Name, description and the whole permission list (unsent, the permissions stay as they are). */
  update: endpoint({
    method: 'PUT',
    path: 'e/enterprise/roles/:id',
    input: z.object({ id: roleId, ...roleText, permissions: permissionList.optional() }),
    reply: role,
  }),
  delete: endpoint({ method: 'DELETE', path: 'e/enterprise/roles/:id', input: z.object({ id: roleId }), reply: z.null() }),
} as const;
