import { Codes } from '@parley/sdk/contract/envelope';
import { Messages } from '@parley/sdk/contract/messages';
import { ApiError } from '../../http/api-error.js';
import type { AccountDeps } from './deps.js';
import { verifyPassword } from './secrets.js';
import { ACCOUNT_RULE } from './throttle.js';
import type { UserRow } from './users-queries.js';

/**
 * A session token alone must not change how the account is protected: the password, the second factor and the
 * recovery codes change only with the current password. Wrong guesses share the sign-in lock, so a stolen session
 * cannot be used to guess the password at leisure.
 */
export async function confirmPassword(deps: Pick<AccountDeps, 'throttle'>, user: UserRow, password: string, field = 'password'): Promise<void> {
  const accountKey = `account:${user.email}`;
  if (await deps.throttle.isLocked(accountKey)) throw new ApiError(Codes.TOO_MANY_ATTEMPTS, Messages.accountLocked, 429);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await deps.throttle.fail(accountKey, ACCOUNT_RULE);
    throw ApiError.field(field, Messages.wrongCurrentPassword);
  }
  await deps.throttle.clear(accountKey);
}
