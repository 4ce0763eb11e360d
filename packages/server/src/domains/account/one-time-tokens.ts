import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { accountTokens, type AccountTokenKind } from '../../db/schema.js';
import { newToken, sha256 } from './secrets.js';

export type AccountToken = typeof accountTokens.$inferSelect;

/** Activation links, reset codes, second-factor challenges and OIDC state: hashed, expiring, used once. */
export class OneTimeTokens {
  constructor(private readonly db: Db) {}

  async issue(
    kind: AccountTokenKind,
    user: { id: string; eId: string },
    ttlMs: number,
    data: Record<string, unknown> = {},
    secret = newToken(),
  ): Promise<{ id: string; secret: string }> {
    const [row] = await this.db
      .insert(accountTokens)
      .values({ kind, eId: user.eId, uId: user.id, secretHash: sha256(secret), data, expiresAt: new Date(Date.now() + ttlMs) })
      .returning({ id: accountTokens.id });
    return { id: row!.id, secret };
  }

  /** Marks the token used and returns it, atomically: two concurrent uses cannot both succeed. */
  async consume(kind: AccountTokenKind, secret: string, extra?: { uId?: string }): Promise<AccountToken | null> {
    const [row] = await this.db
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.kind, kind),
          eq(accountTokens.secretHash, sha256(secret)),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, new Date()),
          extra?.uId && /^[0-9a-f-]{36}$/i.test(extra.uId) ? eq(accountTokens.uId, extra.uId) : undefined,
        ),
      )
      .returning();
    if (extra?.uId && !/^[0-9a-f-]{36}$/i.test(extra.uId)) return null;
    return row ?? null;
  }

  async findLive(kind: AccountTokenKind, id: string): Promise<AccountToken | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await this.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.id, id), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, new Date())));
    return row ?? null;
  }

  async countAttempt(id: string): Promise<number> {
    const [row] = await this.db
      .update(accountTokens)
      .set({ attempts: sql`${accountTokens.attempts} + 1` })
      .where(eq(accountTokens.id, id))
      .returning({ attempts: accountTokens.attempts });
    return row?.attempts ?? Number.POSITIVE_INFINITY;
  }

  async markUsed(id: string) {
    await this.db.update(accountTokens).set({ usedAt: new Date() }).where(eq(accountTokens.id, id));
  }

  async replaceSecret(id: string, secret: string, ttlMs: number) {
    await this.db
      .update(accountTokens)
      .set({ secretHash: sha256(secret), attempts: 0, expiresAt: new Date(Date.now() + ttlMs) })
      .where(eq(accountTokens.id, id));
  }
}
