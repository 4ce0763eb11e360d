import { Messages } from '@parley/sdk/contract/messages';
import { Roles } from '@parley/sdk/contract/permissions';
import { UserStates, UserTexts } from '@parley/sdk/contract/user-texts';
import type { UserChatSettings } from '@parley/sdk/contract/users';
import { users } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { AccountDeps } from '../account/deps.js';
import { confirmPassword } from '../account/password-confirmation.js';
import { hashPassword } from '../account/secrets.js';
import { findUser, findUserByEmail, updateUser, type UserRow } from '../account/users-queries.js';
import { checkRolesToGive } from '../roles/role-assignment.js';
import { openChatsOf, otherActiveAdmins } from './queries.js';

const isAdmin = (roles: readonly number[]) => roles.includes(Roles.ADMINISTRATOR);
// Numerically: the default sort would put custom role 101 before built-in role 2.
const byId = (roles: readonly number[]) => [...new Set(roles)].sort((a, b) => a - b);

/**
 * What an administrator does to the enterprise's users (platform-shell 7.4). Two rules hold throughout: the enterprise
 * keeps at least one active Administrator, and nobody deactivates themselves or takes their own Administrator role.
 */
export class UsersService {
  constructor(private readonly deps: Pick<AccountDeps, 'db' | 'sessions' | 'throttle'>) {}

  private async target(auth: AuthContext, id: string): Promise<UserRow> {
    const user = await findUser(this.deps.db, auth.eId, id);
    if (!user) throw ApiError.notFound();
    return user;
  }

  async add(auth: AuthContext, input: { name: string; emailId: string; password: string; roles: number[] }) {
    if (await findUserByEmail(this.deps.db, input.emailId)) throw ApiError.conflict(Messages.emailTaken, 'emailId');
    const passwordHash = await hashPassword(input.password);
    const [row] = await this.deps.db.transaction(async (tx) => {
      await checkRolesToGive(tx, auth, input.roles, this.deps.sessions.enabledFlags);
      return tx
        .insert(users)
        .values({ eId: auth.eId, name: input.name.trim(), email: input.emailId, passwordHash, roles: byId(input.roles), state: UserStates.ACTIVE })
        .onConflictDoNothing()
        .returning();
    });
    // Two adds of one address at once: the unique index lets one through.
    if (!row) throw ApiError.conflict(Messages.emailTaken, 'emailId');
    return row;
  }

  async updateRoles(auth: AuthContext, id: string, roles: number[], chat: UserChatSettings | undefined) {
    const next = byId(roles);
    const updated = await this.deps.db.transaction(async (tx) => {
      const user = await findUser(tx, auth.eId, id);
      if (!user) throw ApiError.notFound();
      if (isAdmin(user.roles) && !isAdmin(next)) {
        if (user.id === auth.uId) throw ApiError.field('roles', UserTexts.notYourOwnAdmin);
        if (user.state === UserStates.ACTIVE && (await otherActiveAdmins(tx, auth.eId, user.id)) === 0) {
          throw ApiError.field('roles', UserTexts.lastAdministrator);
        }
      }
      await checkRolesToGive(tx, auth, next, this.deps.sessions.enabledFlags, user.roles);
      return updateUser(tx, auth.eId, id, { roles: next, ...(chat ? { chatSettings: chat } : {}) });
    });
    // The user's open sessions follow within AUTH_REUSE_MS: permissions are read from the roles on each check.
    return updated!;
  }

  /** `isValidate`: only report what deactivating would leave behind. */
  async deactivate(auth: AuthContext, id: string, isValidate: boolean) {
    const user = await this.target(auth, id);
    if (user.id === auth.uId) throw ApiError.field('id', UserTexts.notYourself);
    const openChats = await openChatsOf(this.deps.db, auth.eId, user.id);
    if (isValidate) return { openChats, deactivated: false };
    await this.deps.db.transaction(async (tx) => {
      if (isAdmin(user.roles) && user.state === UserStates.ACTIVE && (await otherActiveAdmins(tx, auth.eId, user.id)) === 0) {
        throw ApiError.field('id', UserTexts.lastAdministrator);
      }
      await updateUser(tx, auth.eId, user.id, { state: UserStates.DEACTIVATED });
    });
    // Their sessions end now: the next call with any of their tokens answers Session Expired.
    await this.deps.sessions.revokeAll(user.id);
    return { openChats, deactivated: true };
  }

  async activate(auth: AuthContext, id: string) {
    await this.target(auth, id);
    return (await updateUser(this.deps.db, auth.eId, id, { state: UserStates.ACTIVE }))!;
  }

  /** The administrator confirms with their own password; the user's sessions end, as after any password reset. */
  async resetPassword(auth: AuthContext, id: string, adminPassword: string, password: string) {
    const admin = await this.target(auth, auth.uId);
    await confirmPassword(this.deps, admin, adminPassword, 'adminPassword');
    const user = await this.target(auth, id);
    await updateUser(this.deps.db, auth.eId, user.id, { passwordHash: await hashPassword(password) });
    if (user.id !== auth.uId) await this.deps.sessions.revokeAll(user.id);
    else await this.deps.sessions.revokeOthersThan(user.id, auth.credentialId);
  }
}
