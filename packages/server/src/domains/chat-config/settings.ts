import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChatConfig, DepartmentChatSettings, WorkingHours } from '@parley/sdk/contract/chat-config';
import { DepartmentMessages } from '@parley/sdk/contract/department-texts';
import type { Db } from '../../db/database.js';
import { chatLabels, departments, enterprises } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { DEFAULT_MISSED_AFTER_S } from '../chats/service.js';
import { departmentOf } from '../departments/queries.js';

type DepartmentRow = typeof departments.$inferSelect;

/** Chat Config's settings: the enterprise's `chat.customChatSelection`, and each department's timeout and hours. */
export class ChatSettings {
  constructor(private readonly db: Db) {}

  async get(auth: AuthContext): Promise<ChatConfig> {
    const [enterprise] = await this.db.select({ config: enterprises.config }).from(enterprises).where(eq(enterprises.id, auth.eId));
    const chat = (enterprise?.config.chat ?? {}) as { customChatSelection?: unknown; missedAfterSeconds?: unknown };
    const rows = await this.db
      .select({ row: departments, labelCount: sql<number>`(select count(*)::int from chat_labels l where l.dept_id = ${sql.raw('"departments"."id"')})` })
      .from(departments)
      .where(eq(departments.eId, auth.eId))
      .orderBy(asc(sql`lower(${departments.name})`));
    return {
      customChatSelection: chat.customChatSelection !== false,
      defaultMissedAfterSeconds: typeof chat.missedAfterSeconds === 'number' ? chat.missedAfterSeconds : DEFAULT_MISSED_AFTER_S,
      departments: rows.map((r) => present(r.row, r.labelCount)),
    };
  }

  async update(auth: AuthContext, customChatSelection: boolean): Promise<ChatConfig> {
    // One statement merging the one key, so a concurrent change of another config key is not overwritten.
    await this.db
      .update(enterprises)
      .set({
        config: sql`jsonb_set(${enterprises.config}, '{chat}', coalesce(${enterprises.config}->'chat', '{}'::jsonb) || ${JSON.stringify({ customChatSelection })}::jsonb)`,
      })
      .where(eq(enterprises.id, auth.eId));
    return this.get(auth);
  }

  async updateDepartment(
    auth: AuthContext,
    deptId: string,
    input: { missedAfterSeconds: number | null; workingHours: WorkingHours | null },
  ): Promise<DepartmentChatSettings> {
    const dept = await departmentOf(this.db, auth.eId, deptId);
    if (!dept) throw ApiError.notFound(DepartmentMessages.notFound);
    const [row] = await this.db
      .update(departments)
      .set({ missedAfterSeconds: input.missedAfterSeconds, workingHours: input.workingHours, updatedAt: new Date() })
      .where(and(eq(departments.eId, auth.eId), eq(departments.id, dept.id)))
      .returning();
    const [labels] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatLabels)
      .where(eq(chatLabels.deptId, dept.id));
    return present(row!, labels?.n ?? 0);
  }
}

const present = (row: DepartmentRow, labelCount: number): DepartmentChatSettings => ({
  deptId: row.id,
  name: row.name,
  missedAfterSeconds: row.missedAfterSeconds,
  workingHours: row.workingHours ?? null,
  labelCount,
});
