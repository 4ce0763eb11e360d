import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { customRoles, invitations, users } from '../../db/schema.js';
import type { Runner } from './role-permissions.js';

export type CustomRoleRow = typeof customRoles.$inferSelect;

export async function listCustomRoles(db: Runner, eId: string): Promise<CustomRoleRow[]> {
  return db.select().from(customRoles).where(eq(customRoles.eId, eId)).orderBy(asc(customRoles.id));
}

/**
 * One custom role of the enterprise. `lock`: 'update' while it is changed or deleted, 'share' while it is given to
 * someone, so a role cannot be deleted between the check that it exists and the write that gives it.
 */
export async function findCustomRole(db: Runner, eId: string, id: number, lock?: 'update' | 'share'): Promise<CustomRoleRow | null> {
  const query = db
    .select()
    .from(customRoles)
    .where(and(eq(customRoles.eId, eId), eq(customRoles.id, id)));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export async function findCustomRoles(db: Runner, eId: string, ids: readonly number[], lock?: 'share'): Promise<CustomRoleRow[]> {
  if (!ids.length) return [];
  const query = db
    .select()
    .from(customRoles)
    .where(and(eq(customRoles.eId, eId), inArray(customRoles.id, [...ids])));
  return lock ? query.for(lock) : query;
}

export async function countCustomRoles(db: Runner, eId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customRoles)
    .where(eq(customRoles.eId, eId));
  return row?.n ?? 0;
}

/** Whether another custom role of the enterprise has this name, whatever its case. */
export async function customNameTaken(db: Runner, eId: string, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customRoles.id })
    .from(customRoles)
    .where(and(eq(customRoles.eId, eId), sql`lower(${customRoles.name}) = lower(${name})`, exceptId ? ne(customRoles.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** How many of the enterprise's users (any state) hold each role id. */
export async function userCountsByRole(db: Runner, eId: string): Promise<Map<number, number>> {
  const rows = await db.execute(
    sql`select r.value::int as role, count(*)::int as n from ${users}, jsonb_array_elements_text(${users.roles}) as r(value) where ${users.eId} = ${eId} group by 1`,
  );
  return new Map(rowsOf<{ role: number; n: number }>(rows).map((r) => [Number(r.role), Number(r.n)]));
}

/** Invitations not accepted nor revoked, by role id: an expired one can still be resent, and would give the role. */
export async function openInvitationCountsByRole(db: Runner, eId: string): Promise<Map<number, number>> {
  const rows = await db.execute(
    sql`select r.value::int as role, count(*)::int as n from ${invitations}, jsonb_array_elements_text(${invitations.roles}) as r(value)
        where ${invitations.eId} = ${eId} and ${invitations.acceptedAt} is null and ${invitations.revokedAt} is null group by 1`,
  );
  return new Map(rowsOf<{ role: number; n: number }>(rows).map((r) => [Number(r.role), Number(r.n)]));
}

/** Who holds one role: users of any state, and invitations that may still be accepted. */
export async function holdersOf(db: Runner, eId: string, id: number): Promise<{ users: number; invitations: number }> {
  const holds = JSON.stringify([id]);
  const [u] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.eId, eId), sql`${users.roles} @> ${holds}::jsonb`));
  const [i] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(and(eq(invitations.eId, eId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), sql`${invitations.roles} @> ${holds}::jsonb`));
  return { users: u?.n ?? 0, invitations: i?.n ?? 0 };
}

// node-postgres answers a result object, PGlite too, with its rows under `rows`.
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
