import * as OTPAuth from 'otpauth';
import { Messages } from '@parley/sdk/contract/messages';
import { ApiError } from '../../http/api-error.js';
import type { AccountDeps } from './deps.js';
import { confirmPassword } from './password-confirmation.js';
import { newRecoveryCodes, sha256 } from './secrets.js';
import { mailSecurityNotice } from './security-notices.js';
import { findUser, updateUser, type UserRow } from './users-queries.js';

/** RFC 6238 TOTP via otpauth: SHA-1, 6 digits, 30 s, as every authenticator app expects. */
const totpFor = (secret: string, label: string) =>
  new OTPAuth.TOTP({ issuer: 'Parley', label, secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

export function checkTotp(deps: Pick<AccountDeps, 'sealed'>, user: UserRow, code: string): boolean {
  if (!user.totpSecret || !/^\d{6}$/.test(code)) return false;
  // window 1 accepts the neighbouring 30 s steps: clocks of phones drift.
  return totpFor(deps.sealed.open(user.totpSecret), user.email).validate({ token: code, window: 1 }) !== null;
}

/** A recovery code works once: it is removed from the sealed list when used. */
export async function checkRecoveryCode(deps: Pick<AccountDeps, 'sealed' | 'db'>, user: UserRow, code: string): Promise<boolean> {
  if (!user.recoveryCodes) return false;
  const hashes: string[] = JSON.parse(deps.sealed.open(user.recoveryCodes));
  const wanted = sha256(code.trim().toLowerCase());
  if (!hashes.includes(wanted)) return false;
  const left = hashes.filter((h) => h !== wanted);
  await updateUser(deps.db, user.eId, user.id, { recoveryCodes: deps.sealed.seal(JSON.stringify(left)) });
  return true;
}

export class TwoFactorService {
  constructor(private readonly deps: AccountDeps) {}

  private async user(eId: string, uId: string) {
    const user = await findUser(this.deps.db, eId, uId);
    if (!user) throw ApiError.notFound();
    return user;
  }

  status(user: UserRow) {
    return { email: user.twoFactorEmail, totp: Boolean(user.totpSecret) };
  }

  async setEmail(eId: string, uId: string, enable: boolean, password: string) {
    await confirmPassword(this.deps, await this.user(eId, uId), password);
    const user = await updateUser(this.deps.db, eId, uId, { twoFactorEmail: enable });
    if (!user) throw ApiError.notFound();
    await mailSecurityNotice(this.deps, user, 'second factor', `Security codes by mail were turned ${enable ? 'on' : 'off'} for your account`);
    return this.status(user);
  }

  /** A new secret waits in totp_pending until the user proves the app has it; the old one keeps working till then. */
  async enrol(eId: string, uId: string, password: string) {
    const user = await this.user(eId, uId);
    await confirmPassword(this.deps, user, password);
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await updateUser(this.deps.db, eId, uId, { totpPending: this.deps.sealed.seal(secret) });
    await mailSecurityNotice(this.deps, user, 'second factor', 'Setting up a new authenticator app was started for your account');
    return { secret, otpauthUrl: totpFor(secret, user.email).toString() };
  }

  async verifyEnrolment(eId: string, uId: string, code: string, password: string) {
    const user = await this.user(eId, uId);
    await confirmPassword(this.deps, user, password);
    if (!user.totpPending) throw ApiError.field('securityCode', Messages.invalidSecurityCode);
    const secret = this.deps.sealed.open(user.totpPending);
    if (totpFor(secret, user.email).validate({ token: code, window: 1 }) === null) {
      throw ApiError.field('securityCode', Messages.invalidSecurityCode);
    }
    const recoveryCodes = newRecoveryCodes();
    await updateUser(this.deps.db, eId, uId, {
      totpSecret: user.totpPending,
      totpPending: null,
      recoveryCodes: this.deps.sealed.seal(JSON.stringify(recoveryCodes.map((c) => sha256(c)))),
    });
    await mailSecurityNotice(this.deps, user, 'second factor', 'A new authenticator app was confirmed for your account and new recovery codes were made');
    return { recoveryCodes };
  }

  /** The recovery file: a fresh set replaces the old one (codes are stored hashed, so old ones cannot be shown). */
  async regenerateRecoveryCodes(eId: string, uId: string, password: string) {
    const user = await this.user(eId, uId);
    await confirmPassword(this.deps, user, password);
    if (!user.totpSecret) throw ApiError.field('totp', 'Two-factor authentication is not enabled');
    const recoveryCodes = newRecoveryCodes();
    await updateUser(this.deps.db, eId, uId, {
      recoveryCodes: this.deps.sealed.seal(JSON.stringify(recoveryCodes.map((c) => sha256(c)))),
    });
    await mailSecurityNotice(this.deps, user, 'second factor', 'New recovery codes were made for your account; the old ones no longer work');
    return { recoveryCodes };
  }

  async disable(eId: string, uId: string, password: string) {
    const user = await this.user(eId, uId);
    await confirmPassword(this.deps, user, password);
    const updated = await updateUser(this.deps.db, eId, uId, { totpSecret: null, totpPending: null, recoveryCodes: null, twoFactorEmail: false });
    await mailSecurityNotice(this.deps, user, 'second factor', 'Two-factor authentication was turned off for your account and its recovery codes were removed');
    return this.status(updated!);
  }
}
