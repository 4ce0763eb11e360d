import { and, asc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { chats, users } from '../../db/schema.js';
import { containing } from '../../db/like-pattern.js';

export interface UserFilter {
  name?: string | undefined;
  state?: number | undefined;
  role?: number | undefined;
}

const ADMINISTRATOR = 1;
const ACTIVE = 1;
const CLOSED_CHAT = 3;

export async function listUsers(db: Db, eId: string, filter: UserFilter, from: number, limit: number) {
  const where: SQL[] = [eq(users.eId, eId)];
  if (filter.name) where.push(ilike(users.name, containing(filter.name)));
  if (filter.state) where.push(eq(users.state, filter.state));
  if (filter.role) where.push(sql`${users.roles} @> ${JSON.stringify([filter.role])}::jsonb`);
  return db
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit)
    .offset(from);
}

/**
 * Active administrators of the enterprise other than `exceptUId`. Every active administrator's row is locked for the
 * rest of the transaction (the excepted one too), so two administrators demoting each other at the same moment are
 * served one after the other and the second sees the first's change.
 */
export async function otherActiveAdmins(db: Db, eId: string, exceptUId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.eId, eId), eq(users.state, ACTIVE), sql`${users.roles} @> ${JSON.stringify([ADMINISTRATOR])}::jsonb`))
    .for('update');
  return rows.filter((r) => r.id !== exceptUId).length;
}

/** Chats the user handles that are not closed: what deactivating them leaves for someone else. */
export async function openChatsOf(db: Db, eId: string, uId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chats)
    .where(and(eq(chats.eId, eId), eq(chats.agentId, uId), ne(chats.state, CLOSED_CHAT), isNull(chats.closedAt)));
  return row?.n ?? 0;
}
