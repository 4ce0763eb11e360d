import { and, eq, inArray } from 'drizzle-orm';
import { grantedPermissions, isBuiltInRole, ROLE_PERMISSIONS, type Permission } from '@parley/sdk/contract/permissions';
import type { Db } from '../../db/database.js';
import { customRoles } from '../../db/schema.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Db | Tx;

/** For questions about a permission no feature flag gates (who may handle chats): no flag needs to be on. */
export const NO_FLAGS: ReadonlySet<Permission> = new Set();

/**
 * Where a user's role ids become permissions on the server, for every caller: the session check, the chat code that
 * asks who is an agent, and the checks on giving roles. Built-in roles (1-6) grant the contract's lists; a custom
 * role grants what its row says, and only inside its own enterprise. Feature-flag permissions whose flag is off are
 * dropped, as `permissionsOfRoles` does for built-in roles.
 */
export async function permissionsOfUserRoles(db: Runner, eId: string, roles: readonly number[], flags: ReadonlySet<Permission>): Promise<Permission[]> {
  const custom = roles.filter((r) => !isBuiltInRole(r));
  const grants = custom.length ? await customGrants(db, eId, custom) : new Map<number, readonly string[]>();
  return grantsOf(roles, grants, flags);
}

/** For many users of one enterprise at once (the agent lists): its custom roles are read once. */
export async function rolePermissionsOfEnterprise(
  db: Runner,
  eId: string,
  flags: ReadonlySet<Permission>,
): Promise<(roles: readonly number[]) => Permission[]> {
  const grants = await customGrants(db, eId);
  return (roles) => grantsOf(roles, grants, flags);
}

function grantsOf(roles: readonly number[], custom: ReadonlyMap<number, readonly string[]>, flags: ReadonlySet<Permission>) {
  return grantedPermissions(
    roles.map((r) => (isBuiltInRole(r) ? ROLE_PERMISSIONS[r] : (custom.get(r) ?? []))),
    flags,
  );
}

async function customGrants(db: Runner, eId: string, ids?: readonly number[]): Promise<Map<number, readonly string[]>> {
  const rows = await db
    .select({ id: customRoles.id, permissions: customRoles.permissions })
    .from(customRoles)
    .where(and(eq(customRoles.eId, eId), ids ? inArray(customRoles.id, [...ids]) : undefined));
  return new Map(rows.map((r) => [r.id, r.permissions]));
}
