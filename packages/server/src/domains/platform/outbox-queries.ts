import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { mailOutbox, users } from '../../db/schema.js';

/**
 * The newest outbox mail, optionally to one address. With an enterprise, only mail to that enterprise's own users:
 * a recipient who is not (or no longer) one of its users may hold another tenant's reset link or code.
 */
export async function readOutbox(db: Db, filter: { to?: string | undefined; eId?: string | undefined }, limit = 50) {
  const to = filter.to ? eq(mailOutbox.to, filter.to.toLowerCase()) : undefined;
  if (!filter.eId) {
    return db.select().from(mailOutbox).where(to).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  }
  return db
    .select(getTableColumns(mailOutbox))
    .from(mailOutbox)
    .innerJoin(users, and(eq(users.email, mailOutbox.to), eq(users.eId, filter.eId)))
    .where(and(eq(mailOutbox.eId, filter.eId), to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
