import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id with the library's defaults (64 MiB, t=3): the OWASP-recommended password hash. The test runner alone sets
 * PARLEY_PASSWORD_HASH=fast (1 MiB, t=2): the suites start hundreds of servers, each seeding six demo users and
 * signing some in, and at ~0.3 s of CPU a hash those were a large share of the test run. A hash names its own
 * parameters, so either kind verifies whatever the setting.
 */
const HASH_OPTIONS =
  process.env.PARLEY_PASSWORD_HASH === 'fast' ? ({ type: argon2.argon2id, memoryCost: 1024, timeCost: 2 } as const) : ({ type: argon2.argon2id } as const);
export const hashPassword = (password: string) => argon2.hash(password, HASH_OPTIONS);

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  // Without a stored hash (SSO-only user) still spend comparable time, so timing does not reveal the account.
  if (!hash) {
    await argon2.hash(password, HASH_OPTIONS);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Opaque bearer secrets: 256 random bits, URL-safe. Only their SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A numeric code for mails (second factor): six digits, uniformly drawn. */
export const newNumericCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Recovery codes: ten groups of 5-5 lowercase letters and digits, easy to type from a printed sheet. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const pick = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return Array.from({ length: count }, () => `${pick()}-${pick()}`);
}
