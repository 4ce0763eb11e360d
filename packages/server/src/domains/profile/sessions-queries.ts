import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { SessionSummary } from '@parley/sdk/contract/profile';
import type { Db } from '../../db/database.js';
import { sessions } from '../../db/schema.js';
import type { AuthContext } from '../../http/auth-context.js';

/** The caller's live sessions, most recently used first; the one this call came with is marked. */
export async function liveSessionsOf(db: Db, auth: AuthContext): Promise<SessionSummary[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.eId, auth.eId), eq(sessions.uId, auth.uId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    userAgent: row.userAgent,
    ip: row.ip,
    method: row.method,
    current: row.id === auth.credentialId,
  }));
}
