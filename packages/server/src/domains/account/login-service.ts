import { Codes } from '@parley/sdk/contract/envelope';
import type { LoginReply } from '@parley/sdk/contract/account';
import { Messages } from '@parley/sdk/contract/messages';
import { ApiError } from '../../http/api-error.js';
import type { AccountDeps } from './deps.js';
import { ACCOUNT_RULE, IP_RULE } from './throttle.js';
import { newNumericCode, sha256, verifyPassword } from './secrets.js';
import { findUser, findUserByEmail, type UserRow } from './users-queries.js';
import { checkRecoveryCode, checkTotp } from './two-factor-service.js';

const CHALLENGE_TTL_MS = 10 * 60_000;
const MAX_CODE_ATTEMPTS = 5;

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

interface PendingLogin {
  authType: 'totp' | 'email';
  removeExistingSession: boolean;
  routePath?: string;
}

export class LoginService {
  constructor(private readonly deps: AccountDeps) {}

  async login(
    input: { email: string; password: string; captcha: string; captchaId: string; removeExistingSession?: boolean; routePath?: string },
    meta: ClientMeta,
  ): Promise<{ reply: LoginReply; user: UserRow }> {
    const { throttle, captcha, db } = this.deps;
    const accountKey = `account:${input.email}`;
    const ipKey = `ip:${meta.ip}`;
    if ((await throttle.isLocked(accountKey)) || (await throttle.isLocked(ipKey))) {
      throw new ApiError(Codes.TOO_MANY_ATTEMPTS, Messages.accountLocked, 429);
    }
    if (!(await captcha.check(input.captchaId, input.captcha))) throw ApiError.field('captcha', Messages.invalidCaptcha);
    const user = await findUserByEmail(db, input.email);
    if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
      await throttle.fail(accountKey, ACCOUNT_RULE);
      await throttle.fail(ipKey, IP_RULE);
      throw ApiError.unauthenticated(Messages.invalidCredentials, false);
    }
    await throttle.clear(accountKey);
    if (user.state !== 1) throw new ApiError(Codes.LOGIN_REQUIRED, Messages.accountInactive, 401);

    const pending: PendingLogin = {
      authType: user.totpSecret ? 'totp' : 'email',
      removeExistingSession: input.removeExistingSession ?? false,
      ...(input.routePath ? { routePath: input.routePath } : {}),
    };
    if (user.totpSecret || user.twoFactorEmail) {
      const code = newNumericCode();
      const challenge = await this.deps.tokens.issue('two-factor', user, CHALLENGE_TTL_MS, { ...pending }, code);
      if (pending.authType === 'email') await this.mailCode(user, code);
      return { reply: { twoFactorRequired: true, id: challenge.id, authType: pending.authType }, user };
    }
    return { reply: await this.startSession(user, pending, meta), user };
  }

  async verifyCode(input: { securityCode: string; authType: 'totp' | 'email' | 'recovery'; id: string }, meta: ClientMeta) {
    const { tokens, db, throttle } = this.deps;
    const challenge = await tokens.findLive('two-factor', input.id);
    if (!challenge) throw ApiError.unauthenticated(Messages.sessionExpiredAgain, false);
    const user = await findUser(db, challenge.eId, challenge.uId);
    if (!user) throw ApiError.unauthenticated(Messages.sessionExpiredAgain, false);
    const attempts = await tokens.countAttempt(challenge.id);
    if (attempts > MAX_CODE_ATTEMPTS) {
      await tokens.markUsed(challenge.id);
      throw new ApiError(Codes.TOO_MANY_ATTEMPTS, Messages.accountLocked, 429);
    }
    const code = input.securityCode.replace(/\s/g, '');
    let valid = false;
    if (input.authType === 'email') valid = challenge.data.authType === 'email' && challenge.secretHash === sha256(code);
    else if (input.authType === 'totp') valid = checkTotp(this.deps, user, code);
    else valid = await checkRecoveryCode(this.deps, user, code);
    if (!valid) {
      await throttle.fail(`account:${user.email}`, ACCOUNT_RULE);
      throw ApiError.field('securityCode', Messages.invalidSecurityCode);
    }
    await tokens.markUsed(challenge.id);
    return { reply: await this.startSession(user, challenge.data as unknown as PendingLogin, meta), user };
  }

  async resendAuthMail(id: string) {
    const challenge = await this.deps.tokens.findLive('two-factor', id);
    if (!challenge || challenge.data.authType !== 'email') throw ApiError.field('id', Messages.sessionExpiredAgain);
    const user = await findUser(this.deps.db, challenge.eId, challenge.uId);
    if (!user) throw ApiError.field('id', Messages.sessionExpiredAgain);
    const code = newNumericCode();
    await this.deps.tokens.replaceSecret(challenge.id, code, CHALLENGE_TTL_MS);
    await this.mailCode(user, code);
    return { id: challenge.id };
  }

  async startSession(
    user: UserRow,
    pending: { removeExistingSession?: boolean; routePath?: string },
    meta: ClientMeta,
    method: 'password' | 'sso' = 'password',
  ): Promise<LoginReply> {
    const token = await this.deps.sessions.create(user, { ip: meta.ip, ...(meta.userAgent ? { userAgent: meta.userAgent } : {}), method });
    if (pending.removeExistingSession) await this.deps.sessions.revokeOthers(user.id, token);
    return {
      token,
      user: { uId: user.id, eId: user.eId, name: user.name, emailId: user.email, roles: user.roles },
      ...(pending.routePath ? { routePath: pending.routePath } : {}),
    };
  }

  private async mailCode(user: UserRow, code: string) {
    await this.deps.mailer.send({
      eId: user.eId,
      to: user.email,
      subject: 'Your Parley security code',
      text: `Hello ${user.name},\n\nYour security code is ${code}. It expires in 10 minutes.\n\nIf you did not try to sign in, change your password.`,
    });
  }
}
