import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { permissionsOfRoles, type Permission } from '@parley/sdk/contract/permissions';
import type { Db } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';
import type { AuthContext, Authenticator } from '../../http/auth-context.js';
import { newToken, sha256 } from './secrets.js';

/** Sessions slide: each use pushes expiry out by the idle window, written at most once a minute. */
const TOUCH_EVERY_MS = 60_000;

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly idleHours: number,
    private readonly enabledFlags: ReadonlySet<Permission>,
  ) {}

  private expiry() {
    return new Date(Date.now() + this.idleHours * 3_600_000);
  }

  async create(user: { id: string; eId: string }, meta: { ip?: string; userAgent?: string; method?: 'password' | 'sso' }) {
    const token = newToken();
    await this.db.insert(sessions).values({
      eId: user.eId,
      uId: user.id,
      tokenHash: sha256(token),
      method: meta.method ?? 'password',
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      expiresAt: this.expiry(),
    });
    return token;
  }

  /** removeExistingSession: every other live session of the user ends. */
  async revokeOthers(uId: string, keepToken?: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(sessions.uId, uId), isNull(sessions.revokedAt), keepToken ? ne(sessions.tokenHash, sha256(keepToken)) : undefined),
      );
  }

  async revokeOthersThan(uId: string, credentialId: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.uId, uId), isNull(sessions.revokedAt), ne(sessions.id, credentialId)));
  }

  async revoke(credentialId: string) {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, credentialId));
  }

  async revokeAll(uId: string) {
    await this.revokeOthers(uId);
  }

  async resolve(token: string): Promise<AuthContext | null> {
    const now = new Date();
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.uId))
      .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!row || row.user.state !== 1) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: this.expiry() })
        .where(eq(sessions.id, row.session.id));
    }
    return {
      uId: row.user.id,
      eId: row.user.eId,
      roles: row.user.roles,
      permissions: new Set(permissionsOfRoles(row.user.roles, this.enabledFlags)),
      credentialId: row.session.id,
      method: row.session.method,
    };
  }

  async countLive(uId: string) {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(eq(sessions.uId, uId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
    return row?.n ?? 0;
  }

  authenticator(): Authenticator {
    return async (request: FastifyRequest) => {
      const header = request.headers['authentication-token'];
      const token = Array.isArray(header) ? header[0] : header;
      if (!token) return null;
      return this.resolve(token);
    };
  }
}
