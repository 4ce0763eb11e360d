import { and, eq } from 'drizzle-orm';
import { Codes } from '@parley/sdk/contract/envelope';
import {
  ALL_PERMISSIONS,
  grantedPermissions,
  isBuiltInRole,
  permissionsOfRoles,
  ROLE_NAMES,
  type Permission,
  type RoleId,
} from '@parley/sdk/contract/permissions';
import { BUILT_IN_ROLE_DESCRIPTIONS, permissionsNotHeld, roleInUse, RoleLimits, RoleTexts, type Role } from '@parley/sdk/contract/roles';
import type { Db } from '../../db/database.js';
import { customRoles } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { SessionStore } from '../account/sessions.js';
import { isUniqueViolation } from '../nlp-agents/queries.js';
import {
  countCustomRoles,
  customNameTaken,
  findCustomRole,
  holdersOf,
  listCustomRoles,
  openInvitationCountsByRole,
  userCountsByRole,
  type CustomRoleRow,
} from './queries.js';

interface RoleText {
  name: string;
  description: string;
}

const BUILT_IN_IDS = Object.keys(ROLE_NAMES).map(Number) as RoleId[];
const notFound = () => ApiError.notFound(RoleTexts.notFound);
// HTTP 200, as a department in use: the call was understood and is refused for what the role is, not how it was sent.
const refuse = (message: string) => new ApiError(Codes.CONFLICT, message, 200);
const inCatalogueOrder = (keys: Iterable<string>) => {
  const wanted = new Set(keys);
  return ALL_PERMISSIONS.filter((p) => wanted.has(p));
};

/**
 * Role & Permission (issue 36 item 4). Built-in roles are read-only; custom roles belong to one enterprise. Two rules
 * hold throughout: nobody gives a role a permission they do not hold themselves, and a change reaches every session
 * holding the role on its next request.
 */
export class RolesService {
  constructor(
    private readonly db: Db,
    private readonly sessions: Pick<SessionStore, 'forgetEnterprise'>,
    private readonly flags: ReadonlySet<Permission>,
  ) {}

  async list(auth: AuthContext): Promise<Role[]> {
    const [custom, users, invitations] = await Promise.all([
      listCustomRoles(this.db, auth.eId),
      userCountsByRole(this.db, auth.eId),
      openInvitationCountsByRole(this.db, auth.eId),
    ]);
    const counts = (id: number) => ({ userCount: users.get(id) ?? 0, invitationCount: invitations.get(id) ?? 0 });
    return [...BUILT_IN_IDS.map((id) => ({ ...builtIn(id, this.flags), ...counts(id) })), ...custom.map((row) => ({ ...shapeCustom(row), ...counts(row.id) }))];
  }

  async get(auth: AuthContext, id: number): Promise<Role> {
    const found = (await this.list(auth)).find((r) => r.id === id);
    if (!found) throw notFound();
    return found;
  }

  async create(auth: AuthContext, input: RoleText & { baseRole: number; permissions?: string[] | undefined }): Promise<Role> {
    const base = await this.baseOf(auth, input.baseRole);
    const permissions = input.permissions ? inCatalogueOrder(input.permissions) : base.permissions;
    refuseNotHeld(auth, permissions);
    const name = await this.checkedName(auth, input.name);
    if ((await countCustomRoles(this.db, auth.eId)) >= RoleLimits.customRoles) throw refuse(RoleTexts.tooMany);
    const [row] = await this.write(() =>
      this.db.insert(customRoles).values({ eId: auth.eId, name, description: input.description.trim(), baseRole: base.builtInRoot, permissions }).returning(),
    );
    return this.get(auth, row!.id);
  }

  async update(auth: AuthContext, id: number, input: RoleText & { permissions?: string[] | undefined }): Promise<Role> {
    if (isBuiltInRole(id)) throw refuse(RoleTexts.builtInReadOnly);
    await this.db.transaction(async (tx) => {
      const row = await findCustomRole(tx, auth.eId, id, 'update');
      if (!row) throw notFound();
      const permissions = input.permissions ? inCatalogueOrder(input.permissions) : row.permissions;
      // Only what is added counts: a role may keep permissions its editor lacks (they were given by someone who had them).
      const before = new Set(row.permissions);
      refuseNotHeld(
        auth,
        permissions.filter((p) => !before.has(p)),
      );
      const name = await this.checkedName(auth, input.name, id, tx);
      await this.write(() =>
        tx
          .update(customRoles)
          .set({ name, description: input.description.trim(), permissions, updatedAt: new Date() })
          .where(and(eq(customRoles.eId, auth.eId), eq(customRoles.id, id))),
      );
    });
    // Every session of the enterprise is checked afresh on its next request, with the role's new permissions.
    this.sessions.forgetEnterprise(auth.eId);
    return this.get(auth, id);
  }

  /** Refused while anyone holds the role: a user of any state, or an invitation that may still be accepted. */
  async delete(auth: AuthContext, id: number): Promise<void> {
    if (isBuiltInRole(id)) throw refuse(RoleTexts.builtInReadOnly);
    await this.db.transaction(async (tx) => {
      const row = await findCustomRole(tx, auth.eId, id, 'update');
      if (!row) throw notFound();
      const holders = await holdersOf(tx, auth.eId, id);
      if (holders.users || holders.invitations) throw refuse(roleInUse(holders.users, holders.invitations));
      await tx.delete(customRoles).where(and(eq(customRoles.eId, auth.eId), eq(customRoles.id, id)));
    });
    this.sessions.forgetEnterprise(auth.eId);
  }

  /**
   * What a new role starts from: the base role's permissions as they work here (flag-off ones left out, so an
   * Administrator can copy the Administrator), and the built-in role at the root of its line, which the row keeps.
   */
  private async baseOf(auth: AuthContext, id: number): Promise<{ permissions: Permission[]; builtInRoot: number | null }> {
    if (isBuiltInRole(id)) return { permissions: permissionsOfRoles([id], this.flags), builtInRoot: id };
    const row = await findCustomRole(this.db, auth.eId, id);
    if (!row) throw ApiError.field('baseRole', RoleTexts.notFound);
    return { permissions: grantedPermissions([row.permissions], this.flags), builtInRoot: row.baseRole };
  }

  /** Unique among the enterprise's roles, built-in ones included, whatever the case. */
  private async checkedName(auth: AuthContext, raw: string, exceptId?: number, db: Parameters<typeof customNameTaken>[0] = this.db) {
    const name = raw.trim();
    const lower = name.toLowerCase();
    if (BUILT_IN_IDS.some((r) => ROLE_NAMES[r].toLowerCase() === lower) || (await customNameTaken(db, auth.eId, name, exceptId))) {
      throw ApiError.field('name', RoleTexts.nameTaken);
    }
    return name;
  }

  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      // Two saves of one name at the same moment: the unique index decides.
      if (isUniqueViolation(err)) throw ApiError.field('name', RoleTexts.nameTaken);
      throw err;
    }
  }
}

function refuseNotHeld(auth: AuthContext, permissions: readonly string[]) {
  const missing = permissions.filter((p) => !auth.permissions.has(p));
  if (missing.length) throw ApiError.field('permissions', permissionsNotHeld(missing));
}

function builtIn(id: RoleId, flags: ReadonlySet<Permission>): Omit<Role, 'userCount' | 'invitationCount'> {
  return {
    id,
    name: ROLE_NAMES[id],
    description: BUILT_IN_ROLE_DESCRIPTIONS[id],
    builtIn: true,
    baseRole: null,
    permissions: permissionsOfRoles([id], flags),
    updatedOn: null,
  };
}

function shapeCustom(row: CustomRoleRow): Omit<Role, 'userCount' | 'invitationCount'> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    builtIn: false,
    baseRole: row.baseRole,
    permissions: row.permissions,
    updatedOn: row.updatedAt.toISOString(),
  };
}
