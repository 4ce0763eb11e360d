import { Messages } from '@parley/sdk/contract/messages';
import { ApiError } from '../../http/api-error.js';
import type { AccountDeps } from './deps.js';
import { confirmPassword } from './password-confirmation.js';
import { hashPassword } from './secrets.js';
import { mailSecurityNotice } from './security-notices.js';
import { findUser, findUserByEmail, updateUser } from './users-queries.js';

const RESET_TTL_MS = 60 * 60_000;

export class PasswordService {
  constructor(private readonly deps: AccountDeps) {}

  /** Same answer whether or not the email exists, so the form cannot be used to probe accounts. */
  async recover(input: { emailId: string; captchaId: string; captcha: string }) {
    if (!(await this.deps.captcha.check(input.captchaId, input.captcha))) throw ApiError.field('captcha', Messages.invalidCaptcha);
    const user = await findUserByEmail(this.deps.db, input.emailId);
    if (!user || user.state !== 1) return null;
    const { secret } = await this.deps.tokens.issue('reset', user, RESET_TTL_MS);
    const link = `${this.deps.config.publicUrl}/reset-password?uId=${user.id}&eId=${user.eId}&resetCode=${secret}`;
    await this.deps.mailer.send({
      eId: user.eId,
      to: user.email,
      subject: 'Reset your Parley password',
      text: `Hello ${user.name},\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.`,
    });
    return user;
  }

  /** The change path (mail link with uId) and the reset path (code 900/901) both end here. */
  async resetWithCode(resetCode: string, password: string, uId?: string) {
    const token = await this.deps.tokens.consume('reset', resetCode, uId ? { uId } : undefined);
    if (!token) throw ApiError.field('resetCode', Messages.invalidResetLink);
    await updateUser(this.deps.db, token.eId, token.uId, { passwordHash: await hashPassword(password) });
    // A reset ends every session: whoever knew the old password is signed out.
    await this.deps.sessions.revokeAll(token.uId);
    return token;
  }

  async change(eId: string, uId: string, oldPassword: string, password: string, keepCredential: string) {
    const user = await findUser(this.deps.db, eId, uId);
    if (!user) throw ApiError.notFound();
    await confirmPassword(this.deps, user, oldPassword, 'oldPassword');
    await updateUser(this.deps.db, eId, uId, { passwordHash: await hashPassword(password) });
    await this.deps.sessions.revokeOthersThan(uId, keepCredential);
    await mailSecurityNotice(this.deps, user, 'password', 'The password of your account was changed and its other sessions were signed out');
  }
}
