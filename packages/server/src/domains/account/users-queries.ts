import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

/** Scoped: a user id from another enterprise finds nothing. */
export async function findUser(db: Db, eId: string, uId: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(uId)) return null;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, uId), eq(users.eId, eId)));
  return row ?? null;
}

export async function updateUser(db: Db, eId: string, uId: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, uId), eq(users.eId, eId)))
    .returning();
  return row ?? null;
}
