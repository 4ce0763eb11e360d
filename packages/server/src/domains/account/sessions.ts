import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Permission } from '@parley/sdk/contract/permissions';
import type { Db } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';
import type { AuthContext, Authenticator } from '../../http/auth-context.js';
import { permissionsOfUserRoles } from '../roles/role-permissions.js';
import { newToken, sha256 } from './secrets.js';

/** Sessions slide: each use pushes expiry out by the idle window, written at most once a minute. */
const TOUCH_EVERY_MS = 60_000;
/**
 * How long an HTTP request may reuse another request's check of the same token. A revocation, expiry, deactivation
 * or role change made by any process therefore takes effect everywhere within this time; in the process that made
 * it (logout, removeExistingSession, password change or reset), at once.
 */
export const AUTH_REUSE_MS = 1000;
const AUTH_CACHE_ENTRIES = 10_000;

interface Checked {
  auth: AuthContext;
  until: number;
}

export class SessionStore {
  /** Recent successful checks by token hash; only valid sessions are kept, so a wrong token always reaches the database. */
  private readonly checked = new Map<string, Checked>();
  private readonly checking = new Map<string, Promise<AuthContext | null>>();
  /** Bumped by every revocation here, so a check that started before it is not kept. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly idleHours: number,
    /** The feature-flag permissions switched on in this installation. */
    readonly enabledFlags: ReadonlySet<Permission>,
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

  /** Drops the remembered checks that a revocation may have ended; called once the revocation is committed. */
  private forget(match: (auth: AuthContext) => boolean) {
    this.generation++;
    // Checks still running may have read the session before the revocation: later requests do not join them.
    this.checking.clear();
    for (const [hash, entry] of this.checked) if (match(entry.auth)) this.checked.delete(hash);
  }

  /** A role of the enterprise changed or went: its sessions' next requests read their permissions afresh. */
  forgetEnterprise(eId: string) {
    this.forget((auth) => auth.eId === eId);
  }

  /** removeExistingSession: every other live session of the user ends. */
  async revokeOthers(uId: string, keepToken?: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.uId, uId), isNull(sessions.revokedAt), keepToken ? ne(sessions.tokenHash, sha256(keepToken)) : undefined));
    this.forget((auth) => auth.uId === uId);
  }

  async revokeOthersThan(uId: string, credentialId: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.uId, uId), isNull(sessions.revokedAt), ne(sessions.id, credentialId)));
    this.forget((auth) => auth.uId === uId);
  }

  async revoke(credentialId: string) {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, credentialId));
    this.forget((auth) => auth.credentialId === credentialId);
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
      await this.db.update(sessions).set({ lastSeenAt: now, expiresAt: this.expiry() }).where(eq(sessions.id, row.session.id));
    }
    return {
      uId: row.user.id,
      eId: row.user.eId,
      roles: row.user.roles,
      permissions: new Set(await permissionsOfUserRoles(this.db, row.user.eId, row.user.roles, this.enabledFlags)),
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

  /**
   * resolve(), reusing a successful check of the same token made less than AUTH_REUSE_MS ago; concurrent requests
   * with one token share one check. The sliding expiry is still written by the checks that do reach the database.
   */
  private async resolveRecent(token: string): Promise<AuthContext | null> {
    const hash = sha256(token);
    const now = Date.now();
    const hit = this.checked.get(hash);
    if (hit && hit.until > now) return hit.auth;
    let pending = this.checking.get(hash);
    if (!pending) {
      const generation = this.generation;
      const started: Promise<AuthContext | null> = this.resolve(token)
        .then((auth) => {
          if (auth && generation === this.generation) {
            this.checked.delete(hash);
            this.checked.set(hash, { auth, until: now + AUTH_REUSE_MS });
            if (this.checked.size > AUTH_CACHE_ENTRIES) this.prune();
          }
          return auth;
        })
        .finally(() => {
          if (this.checking.get(hash) === started) this.checking.delete(hash);
        });
      this.checking.set(hash, started);
      pending = started;
    }
    return pending;
  }

  private prune() {
    const now = Date.now();
    for (const [hash, entry] of this.checked) if (entry.until <= now) this.checked.delete(hash);
    while (this.checked.size > AUTH_CACHE_ENTRIES) this.checked.delete(this.checked.keys().next().value!);
  }

  authenticator(): Authenticator {
    return async (request: FastifyRequest) => {
      const header = request.headers['authentication-token'];
      const token = Array.isArray(header) ? header[0] : header;
      if (!token) return null;
      return this.resolveRecent(token);
    };
  }
}
