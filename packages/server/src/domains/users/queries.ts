import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { containing } from '../../db/like-pattern.js';

export interface UserFilter {
  name?: string | undefined;
  state?: number | undefined;
  role?: number | undefined;
}


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
