import { and, asc, eq, ilike, inArray, ne, notExists, exists, sql } from 'drizzle-orm';
import { ChatState } from '@parley/sdk/contract/chats';
import type { Db } from '../../db/database.js';
import { containing } from '../../db/like-pattern.js';
import { channels, chats, departmentUsers, departments, users } from '../../db/schema.js';
import { isUuid } from '../customers/queries.js';

export type DepartmentRow = typeof departments.$inferSelect;
/** Qualified by hand: inside a subquery drizzle names the column bare, and `id` would then be the subquery's own. */
const DEPT_ID = sql.raw('"departments"."id"');
const DEPT_MANAGER = sql.raw('"departments"."manager"');
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

export async function departmentOf(db: Runner, eId: string, id: string): Promise<DepartmentRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.eId, eId), eq(departments.id, id)));
  return row ?? null;
}

/** Departments with their manager's name and how many members and channels each has, by name. */
export function listDepartments(db: Runner, eId: string, f: { name?: string | undefined; id?: string }, from: number, limit: number) {
  const term = f.name?.trim();
  return db
    .select({
      row: departments,
      managerName: sql<string>`coalesce((select u.name from users u where u.id = ${DEPT_MANAGER}), '')`,
      memberCount: sql<number>`(select count(*)::int from department_users du where du.dept_id = ${DEPT_ID})`,
      channelCount: sql<number>`(select count(*)::int from channels c where c.dept_id = ${DEPT_ID})`,
    })
    .from(departments)
    .where(and(eq(departments.eId, eId), term ? ilike(departments.name, containing(term)) : undefined, f.id ? eq(departments.id, f.id) : undefined))
    .orderBy(asc(sql`lower(${departments.name})`), asc(departments.id))
    .limit(limit)
    .offset(from);
}

export async function nameTaken(db: Runner, eId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.eId, eId), sql`lower(${departments.name}) = lower(${name})`, exceptId ? ne(departments.id, exceptId) : undefined));
  return Boolean(row);
}

/** What still routes through a department: its channels and its chats not yet closed. */
export async function usageOf(db: Runner, deptId: string): Promise<{ channels: number; openChats: number }> {
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(channels)
    .where(eq(channels.deptId, deptId));
  const [o] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chats)
    .where(and(eq(chats.deptId, deptId), ne(chats.state, ChatState.CLOSED)));
  return { channels: c?.n ?? 0, openChats: o?.n ?? 0 };
}

const isMember = (deptId: string) => exists(sql`(select 1 from department_users du where du.dept_id = ${deptId} and du.u_id = ${users.id})`);

/** Members (`mapped`) or active users who are not members, by name, a page at a time. */
export function mappedUsers(db: Runner, eId: string, deptId: string, mapped: boolean, name: string | undefined, from: number, limit: number) {
  const term = name?.trim();
  return db
    .select({ uId: users.id, name: users.name, emailId: users.email })
    .from(users)
    .where(
      and(
        eq(users.eId, eId),
        mapped
          ? isMember(deptId)
          : and(eq(users.state, 1), notExists(sql`(select 1 from department_users du where du.dept_id = ${deptId} and du.u_id = ${users.id})`)),
        term ? ilike(users.name, containing(term)) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit)
    .offset(from);
}

/** The ids among `ids` that are users of the enterprise. */
export async function usersOfEnterprise(db: Runner, eId: string, ids: string[]): Promise<string[]> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.eId, eId), inArray(users.id, valid)));
  return rows.map((r) => r.id);
}

export async function memberIdsOf(db: Runner, deptId: string): Promise<string[]> {
  const rows = await db.select({ uId: departmentUsers.uId }).from(departmentUsers).where(eq(departmentUsers.deptId, deptId));
  return rows.map((r) => r.uId);
}

/** Each user's departments, for the monitor's agent list. */
export async function departmentsOfUsers(db: Runner, eId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ uId: departmentUsers.uId, deptId: departmentUsers.deptId })
    .from(departmentUsers)
    .innerJoin(departments, eq(departments.id, departmentUsers.deptId))
    .where(eq(departments.eId, eId));
  const byUser = new Map<string, string[]>();
  for (const r of rows) byUser.set(r.uId, [...(byUser.get(r.uId) ?? []), r.deptId]);
  return byUser;
}
