import { eq } from 'drizzle-orm';
import type { Profile, RoleConfigGroup } from '@parley/sdk/contract/profile';
import { permissionLabel } from '@parley/sdk/contract/role-texts';
import { FEATURE_FLAG_PERMISSIONS, HIDDEN_ROLE_CONFIG_GROUPS, PERMISSION_GROUPS, Roles, type PermissionGroup } from '@parley/sdk/contract/permissions';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { enterprises } from '../../db/schema.js';
import type { AuthContext } from '../../http/auth-context.js';
import { ApiError } from '../../http/api-error.js';
import { findUser, updateUser, type UserRow } from '../account/users-queries.js';

export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  async get(auth: AuthContext): Promise<Profile> {
    const user = await findUser(this.db, auth.eId, auth.uId);
    if (!user) throw ApiError.notFound();
    return this.shape(user, auth);
  }

  async update(auth: AuthContext, values: Partial<Pick<UserRow, 'name' | 'iconUrl' | 'enableChatNotification' | 'enablePushNotification' | 'audioSettings'>>) {
    const user = await updateUser(this.db, auth.eId, auth.uId, values);
    if (!user) throw ApiError.notFound();
    return this.shape(user, auth);
  }

  private async shape(user: UserRow, auth: AuthContext): Promise<Profile> {
    const [enterprise] = await this.db.select({ name: enterprises.name, config: enterprises.config }).from(enterprises).where(eq(enterprises.id, user.eId));
    return {
      uId: user.id,
      eId: user.eId,
      enterpriseName: enterprise?.name ?? '',
      name: user.name,
      userName: user.email,
      emailId: user.email,
      iconUrl: user.iconUrl,
      roles: user.roles,
      isAdmin: user.roles.includes(Roles.ADMINISTRATOR),
      permissions: [...auth.permissions],
      enablePushNotification: user.enablePushNotification,
      enableChatNotification: user.enableChatNotification,
      audioSettings: user.audioSettings as Profile['audioSettings'],
      artifactsEnabled: this.config.features.artifactsEnabled ?? false,
      twoFactor: { email: user.twoFactorEmail, totp: Boolean(user.totpSecret) },
      loginMethod: auth.method,
      enterpriseConfig: enterprise?.config ?? {},
    };
  }

  /** The role configuration admins edit: hidden groups removed, feature-flag permissions only while on (spec 6). */
  roleConfig(): RoleConfigGroup[] {
    const off = new Set(FEATURE_FLAG_PERMISSIONS.filter((p) => !this.config.features[p]));
    return (Object.keys(PERMISSION_GROUPS) as PermissionGroup[])
      .filter((group) => !HIDDEN_ROLE_CONFIG_GROUPS.includes(group))
      .map((group) => ({
        id: group,
        values: PERMISSION_GROUPS[group].filter((item) => !off.has(`${group}.${item}` as never)).map((item) => ({ id: item, value: permissionLabel(item) })),
      }))
      .filter((group) => group.values.length > 0);
  }
}
