import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { loginThrottle } from '../../db/schema.js';

export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** Per account: 5 failures in 15 minutes lock it for 15 minutes. Per IP: 20 in 15 minutes. */
export const ACCOUNT_RULE: ThrottleRule = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
export const IP_RULE: ThrottleRule = { maxFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** Brute-force protection for sign-in and second-factor checks, kept in the database so every process agrees. */
export class Throttle {
  constructor(private readonly db: Db) {}

  async isLocked(key: string): Promise<boolean> {
    const [row] = await this.db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
    return Boolean(row?.lockedUntil && row.lockedUntil > new Date());
  }

  async fail(key: string, rule: ThrottleRule): Promise<void> {
    const windowStart = new Date(Date.now() - rule.windowMs);
    const lockUntil = new Date(Date.now() + rule.lockMs);
    // One statement: concurrent failures from several processes count exactly.
    await this.db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStart: new Date() })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`CASE WHEN ${loginThrottle.windowStart} < ${windowStart.toISOString()}::timestamptz THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
          windowStart: sql`CASE WHEN ${loginThrottle.windowStart} < ${windowStart.toISOString()}::timestamptz THEN now() ELSE ${loginThrottle.windowStart} END`,
          lockedUntil: sql`CASE WHEN ${loginThrottle.windowStart} >= ${windowStart.toISOString()}::timestamptz AND ${loginThrottle.failures} + 1 >= ${rule.maxFailures} THEN ${lockUntil.toISOString()}::timestamptz ELSE ${loginThrottle.lockedUntil} END`,
        },
      });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginThrottle).where(eq(loginThrottle.key, key));
  }
}
