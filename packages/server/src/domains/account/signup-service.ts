import { Messages } from '@parley/sdk/contract/messages';
import { Roles } from '@parley/sdk/contract/permissions';
import { enterprises, users } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AccountDeps } from './deps.js';
import { hashPassword } from './secrets.js';
import { findUserByEmail, updateUser, type UserRow } from './users-queries.js';

const ACTIVATION_TTL_MS = 3 * 24 * 3_600_000;

/** Self-service sign-up makes a new enterprise whose first user is its administrator, active once the mail is opened. */
export class SignupService {
  constructor(private readonly deps: AccountDeps) {}

  async isEmailUnique(email: string) {
    return { unique: !(await findUserByEmail(this.deps.db, email)) };
  }

  async signup(input: { name: string; emailId: string; password: string; captchaId: string; captcha: string }) {
    if (this.deps.config.features.hideSignup) throw ApiError.accessDenied();
    if (!(await this.deps.captcha.check(input.captchaId, input.captcha))) throw ApiError.field('captcha', Messages.invalidCaptcha);
    if (await findUserByEmail(this.deps.db, input.emailId)) throw ApiError.conflict(Messages.emailTaken, 'emailId');
    const passwordHash = await hashPassword(input.password);
    const user = await this.deps.db.transaction(async (tx) => {
      const [enterprise] = await tx
        .insert(enterprises)
        .values({ name: `${input.name.trim()}'s enterprise` })
        .returning();
      const [row] = await tx
        .insert(users)
        .values({ eId: enterprise!.id, name: input.name.trim(), email: input.emailId, passwordHash, roles: [Roles.ADMINISTRATOR], state: 0 })
        .returning();
      return row!;
    });
    await this.mailActivation(user);
    return user;
  }

  async resendActivation(email: string) {
    const user = await findUserByEmail(this.deps.db, email);
    if (user && user.state === 0) await this.mailActivation(user);
  }

  async activate(activationId: string) {
    const token = await this.deps.tokens.consume('activation', activationId);
    if (!token) throw ApiError.field('activationId', Messages.invalidResetLink);
    const user = await updateUser(this.deps.db, token.eId, token.uId, { state: 1 });
    return user!;
  }

  private async mailActivation(user: UserRow) {
    const { secret } = await this.deps.tokens.issue('activation', user, ACTIVATION_TTL_MS);
    await this.deps.mailer.send({
      eId: user.eId,
      to: user.email,
      subject: 'Activate your Parley account',
      text: `Hello ${user.name},\n\nWelcome to Parley. Activate your account by opening this link within three days:\n${this.deps.config.publicUrl}/signup-verify/${secret}\n`,
    });
  }
}
