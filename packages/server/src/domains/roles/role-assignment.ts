import { isBuiltInRole, permissionsOfRoles, ROLE_NAMES, grantedPermissions, type Permission } from '@parley/sdk/contract/permissions';
import { RoleTexts, rolesNotHeld } from '@parley/sdk/contract/roles';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { findCustomRoles } from './queries.js';
import type { Runner } from './role-permissions.js';

/**
 * Checks the roles a caller gives a user or an invitation (`roles` of POST users, update_roles, POST invitations):
 * each is a built-in role or a custom role of the caller's enterprise (anything else is "Role not found", so another
 * enterprise's role is not told apart from one that never was), and each role newly given grants nothing the caller
 * does not hold. Run inside the transaction that writes the roles: the custom roles' rows are locked for share, so a
 * role cannot be deleted between this check and the write.
 */
export async function checkRolesToGive(
  db: Runner,
  auth: AuthContext,
  roles: readonly number[],
  flags: ReadonlySet<Permission>,
  alreadyHeld: readonly number[] = [],
): Promise<void> {
  const customIds = [...new Set(roles.filter((r) => !isBuiltInRole(r)))];
  const custom = await findCustomRoles(db, auth.eId, customIds, 'share');
  if (custom.length !== customIds.length) throw ApiError.field('roles', RoleTexts.notFound);
  const names = new Map(custom.map((r) => [r.id, r.name]));
  const grants = new Map(custom.map((r) => [r.id, r.permissions]));
  const beyond = [...new Set(roles)]
    .filter((r) => !alreadyHeld.includes(r))
    .filter((r) => {
      const granted = isBuiltInRole(r) ? permissionsOfRoles([r], flags) : grantedPermissions([grants.get(r) ?? []], flags);
      return granted.some((p) => !auth.permissions.has(p));
    });
  if (beyond.length) throw ApiError.field('roles', rolesNotHeld(beyond.map((r) => (isBuiltInRole(r) ? ROLE_NAMES[r] : names.get(r)!))));
}

/** The names of role ids as the enterprise calls them (mails, the invitation page); an unknown id shows as itself. */
export async function roleNamesOf(db: Runner, eId: string, roles: readonly number[]): Promise<string[]> {
  const custom = await findCustomRoles(
    db,
    eId,
    roles.filter((r) => !isBuiltInRole(r)),
  );
  const names = new Map(custom.map((r) => [r.id, r.name]));
  return roles.map((r) => (isBuiltInRole(r) ? ROLE_NAMES[r] : (names.get(r) ?? String(r))));
}
