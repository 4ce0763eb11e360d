import { and, eq, inArray } from 'drizzle-orm';
import { DepartmentMessages, departmentInUse, type Department, type MappedUser } from '@parley/sdk/contract/departments';
import { Codes } from '@parley/sdk/contract/envelope';
import type { Db } from '../../db/database.js';
import { departmentUsers, departments } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { isUuid } from '../customers/queries.js';
import { isUniqueViolation } from '../nlp-agents/queries.js';
import { departmentOf, listDepartments, mappedUsers, nameTaken, usageOf, usersOfEnterprise, type DepartmentRow } from './queries.js';

interface DepartmentInput {
  name: string;
  desc: string;
  manager?: string | null | undefined;
}

const notFound = () => ApiError.notFound(DepartmentMessages.notFound);

/** Departments (platform-shell 7.4): who belongs where, and so whose queue a channel's chats wait in. */
export class DepartmentService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext, name: string | undefined, from: number, perPage: number): Promise<{ rows: Department[]; more: boolean }> {
    const rows = await listDepartments(this.db, auth.eId, { name }, from, perPage + 1);
    return { rows: rows.slice(0, perPage).map((r) => present(r.row, r)), more: rows.length > perPage };
  }

  async get(auth: AuthContext, id: string): Promise<Department> {
    if (!isUuid(id)) throw notFound();
    const [listed] = await listDepartments(this.db, auth.eId, { id }, 0, 1);
    if (!listed) throw notFound();
    return present(listed.row, listed);
  }

  async create(auth: AuthContext, input: DepartmentInput): Promise<Department> {
    const values = await this.checked(auth, input);
    const [row] = await this.write(() =>
      this.db
        .insert(departments)
        .values({ ...values, eId: auth.eId })
        .returning(),
    );
    return this.get(auth, row!.id);
  }

  async update(auth: AuthContext, id: string, input: DepartmentInput): Promise<Department> {
    const existing = await departmentOf(this.db, auth.eId, id);
    if (!existing) throw notFound();
    const values = await this.checked(auth, input, existing.id);
    await this.write(() =>
      this.db
        .update(departments)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(departments.eId, auth.eId), eq(departments.id, existing.id)))
        .returning(),
    );
    return this.get(auth, existing.id);
  }

  /** Refused while channels or open chats still route through it: they would be left with nobody's queue. */
  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(departments)
        .where(and(eq(departments.eId, auth.eId), eq(departments.id, id)))
        .for('update');
      if (!row) throw notFound();
      const usage = await usageOf(tx, row.id);
      if (usage.channels || usage.openChats) throw new ApiError(Codes.CONFLICT, departmentInUse(usage.channels, usage.openChats), 200);
      await tx.delete(departments).where(eq(departments.id, row.id));
    });
  }

  async mapped(
    auth: AuthContext,
    id: string,
    q: { mapped: boolean; name?: string | undefined; from: number; perPage: number },
  ): Promise<{ rows: MappedUser[]; more: boolean }> {
    const row = await departmentOf(this.db, auth.eId, id);
    if (!row) throw notFound();
    const rows = await mappedUsers(this.db, auth.eId, row.id, q.mapped, q.name, q.from, q.perPage + 1);
    return { rows: rows.slice(0, q.perPage), more: rows.length > q.perPage };
  }

  async addUsers(auth: AuthContext, id: string, ids: string[]): Promise<Department> {
    const row = await departmentOf(this.db, auth.eId, id);
    if (!row) throw notFound();
    const known = await this.enterpriseUsers(auth, ids);
    await this.db
      .insert(departmentUsers)
      .values(known.map((uId) => ({ deptId: row.id, uId })))
      .onConflictDoNothing();
    return this.get(auth, row.id);
  }

  async removeUsers(auth: AuthContext, id: string, ids: string[]): Promise<Department> {
    const row = await departmentOf(this.db, auth.eId, id);
    if (!row) throw notFound();
    const known = await this.enterpriseUsers(auth, ids);
    await this.db.delete(departmentUsers).where(and(eq(departmentUsers.deptId, row.id), inArray(departmentUsers.uId, known)));
    return this.get(auth, row.id);
  }

  /** Every id must be a user of this enterprise: another enterprise's user is "not found", never added. */
  private async enterpriseUsers(auth: AuthContext, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const known = await usersOfEnterprise(this.db, auth.eId, unique);
    if (known.length !== unique.length) throw ApiError.field('users', DepartmentMessages.userNotFound);
    return known;
  }

  private async checked(auth: AuthContext, input: DepartmentInput, exceptId?: string) {
    const name = input.name.trim();
    if (await nameTaken(this.db, auth.eId, name, exceptId)) throw ApiError.field('name', DepartmentMessages.nameTaken);
    const manager = input.manager?.trim() || null;
    if (manager && (await usersOfEnterprise(this.db, auth.eId, [manager])).length !== 1) throw ApiError.field('manager', DepartmentMessages.managerNotFound);
    return { name, desc: input.desc.trim(), manager };
  }

  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      // Two saves of one name at the same moment: the unique index decides.
      if (isUniqueViolation(err)) throw ApiError.field('name', DepartmentMessages.nameTaken);
      throw err;
    }
  }
}

function present(row: DepartmentRow, counts: { managerName: string; memberCount: number; channelCount: number }): Department {
  return {
    deptId: row.id,
    name: row.name,
    desc: row.desc,
    manager: row.manager,
    managerName: counts.managerName,
    memberCount: counts.memberCount,
    channelCount: counts.channelCount,
    createdOn: row.createdAt.toISOString(),
    updatedOn: row.updatedAt.toISOString(),
  };
}
