import { and, asc, eq, sql } from 'drizzle-orm';
import { ChatConfigLimits, ChatConfigMessages, type ChatLabel, type LabelColor } from '@parley/sdk/contract/chat-config';
import { DepartmentMessages } from '@parley/sdk/contract/department-texts';
import { Codes } from '@parley/sdk/contract/envelope';
import type { Db } from '../../db/database.js';
import { chatLabels } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { isUuid } from '../customers/queries.js';
import { departmentOf } from '../departments/queries.js';
import { isUniqueViolation } from '../nlp-agents/queries.js';

type LabelRow = typeof chatLabels.$inferSelect;
const present = (r: LabelRow): ChatLabel => ({ labelId: r.id, deptId: r.deptId, name: r.name, color: r.color as LabelColor, position: r.position });
const notFound = () => ApiError.notFound(ChatConfigMessages.labelNotFound);
const taken = () => ApiError.field('name', ChatConfigMessages.labelTaken);

/** Chat labels per department (platform-shell 7.4 "Chat labels"): list, details, create, update, delete, order. */
export class ChatLabels {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext, deptId: string | undefined): Promise<ChatLabel[]> {
    if (deptId !== undefined && !isUuid(deptId)) return [];
    const rows = await this.db
      .select()
      .from(chatLabels)
      .where(and(eq(chatLabels.eId, auth.eId), deptId ? eq(chatLabels.deptId, deptId) : undefined))
      .orderBy(asc(chatLabels.deptId), asc(chatLabels.position), asc(chatLabels.createdAt))
      .limit(5000);
    return rows.map(present);
  }

  async get(auth: AuthContext, id: string): Promise<ChatLabel> {
    return present(await this.row(auth, id));
  }

  async create(auth: AuthContext, input: { deptId: string; name: string; color: LabelColor }): Promise<ChatLabel> {
    const dept = await departmentOf(this.db, auth.eId, input.deptId);
    if (!dept) throw ApiError.field('deptId', DepartmentMessages.notFound);
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${chatLabels.position}), -1)::int` })
      .from(chatLabels)
      .where(eq(chatLabels.deptId, dept.id));
    if ((count?.n ?? 0) >= ChatConfigLimits.labelsPerDepartment)
      throw new ApiError(Codes.CONFLICT, `A department has at most ${ChatConfigLimits.labelsPerDepartment} labels`, 200);
    const [row] = await this.unique(() =>
      this.db
        .insert(chatLabels)
        .values({ eId: auth.eId, deptId: dept.id, name: input.name.trim(), color: input.color, position: (count?.last ?? -1) + 1 })
        .returning(),
    );
    return present(row!);
  }

  async update(auth: AuthContext, id: string, input: { name: string; color: LabelColor }): Promise<ChatLabel> {
    const existing = await this.row(auth, id);
    const [row] = await this.unique(() =>
      this.db.update(chatLabels).set({ name: input.name.trim(), color: input.color }).where(eq(chatLabels.id, existing.id)).returning(),
    );
    return present(row!);
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    const existing = await this.row(auth, id);
    await this.db.delete(chatLabels).where(eq(chatLabels.id, existing.id));
  }

  /** The department's labels in the given order: every label named once, so a stale screen cannot lose one. */
  async order(auth: AuthContext, deptId: string, ids: string[]): Promise<ChatLabel[]> {
    const dept = await departmentOf(this.db, auth.eId, deptId);
    if (!dept) throw ApiError.field('deptId', DepartmentMessages.notFound);
    await this.db.transaction(async (tx) => {
      const rows = await tx.select({ id: chatLabels.id }).from(chatLabels).where(eq(chatLabels.deptId, dept.id)).for('update');
      const known = new Set(rows.map((r) => r.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((i) => known.has(i)))
        throw ApiError.field('labelIds', ChatConfigMessages.labelsMismatch);
      for (const [position, labelId] of ids.entries()) await tx.update(chatLabels).set({ position }).where(eq(chatLabels.id, labelId));
    });
    return this.list(auth, dept.id);
  }

  private async row(auth: AuthContext, id: string): Promise<LabelRow> {
    if (!isUuid(id)) throw notFound();
    const [row] = await this.db
      .select()
      .from(chatLabels)
      .where(and(eq(chatLabels.eId, auth.eId), eq(chatLabels.id, id)));
    if (!row) throw notFound();
    return row;
  }

  private async unique<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err)) throw taken();
      throw err;
    }
  }
}
