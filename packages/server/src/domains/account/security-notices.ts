import type { AccountDeps } from './deps.js';
import type { UserRow } from './users-queries.js';

export type SecurityChange = 'password' | 'second factor';

/**
 * Tells the owner, after the fact, that how their account is protected changed: if someone else did it with a
 * stolen session and password, this mail is how the owner finds out.
 */
export async function mailSecurityNotice(
  deps: Pick<AccountDeps, 'mailer' | 'config'>,
  user: UserRow,
  change: SecurityChange,
  what: string,
  at = new Date(),
): Promise<void> {
  await deps.mailer.send({
    eId: user.eId,
    to: user.email,
    subject: `Your Parley ${change} was changed`,
    text:
      `Hello ${user.name},\n\n${what} on ${at.toUTCString()}.\n\n` +
      `If this was you, there is nothing to do. If it was not, reset your password now at ` +
      `${deps.config.publicUrl}/forgot-password (this signs every session out), then check your two-factor settings ` +
      `and tell your administrator.`,
  });
}
