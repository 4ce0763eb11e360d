import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sandboxWaMessages } from '../../db/schema.js';
import type { FateStep } from './message-fate.js';

export type LoggedMessage = typeof sandboxWaMessages.$inferInsert;
type Status = FateStep['status'];

/** A status never goes back: a late `delivered` after `read` (numbers ending 0004) leaves the message read. */
const RANK: Record<Status, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };
const storedRank = sql`(case ${sandboxWaMessages.status} when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 when 'failed' then 4 else 0 end)`;

const errorOf = (step: FateStep) => (step.status === 'failed' ? { code: step.error.code, title: step.error.title } : undefined);

/**
 * The business's messages in the sandbox's conversation log (sandbox_wa_messages), written behind the sends: a
 * broadcast sends 1,000 messages a second and three statuses each, so rows and status changes are gathered for
 * `flushMs` and written in one insert and a few updates, never one statement per send.
 */
export class ConversationLog {
  private readonly rows = new Map<string, LoggedMessage>();
  private readonly statuses = new Map<string, FateStep>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
    private readonly flushMs = 100,
    private readonly maxRows = 500,
  ) {}

  sent(row: LoggedMessage): void {
    if (this.closed) return;
    this.rows.set(row.id, row);
    if (this.rows.size >= this.maxRows) void this.flush();
    else this.due();
  }

  status(id: string, step: FateStep): void {
    if (this.closed) return;
    const pending = this.rows.get(id);
    if (pending) {
      if (RANK[step.status] > (RANK[pending.status as Status] ?? 0)) {
        pending.status = step.status;
        const error = errorOf(step);
        if (error) pending.body = { ...pending.body, error };
      }
      return;
    }
    const queued = this.statuses.get(id);
    if (!queued || RANK[step.status] > RANK[queued.status]) this.statuses.set(id, step);
    this.due();
  }

  /** Writes what is gathered; resolves once it (and every earlier write) is in the database. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = [...this.rows.values()];
    const statuses = [...this.statuses];
    this.rows.clear();
    this.statuses.clear();
    this.writing = this.writing.then(() => this.write(rows, statuses)).catch(this.onError);
    return this.writing;
  }

  /** Writes what is left; a send still in flight when the server stops is not logged (its database is closing). */
  close(): Promise<void> {
    this.closed = true;
    return this.flush();
  }

  private due() {
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  private async write(rows: LoggedMessage[], statuses: [string, FateStep][]) {
    if (rows.length) await this.db.insert(sandboxWaMessages).values(rows).onConflictDoNothing();
    const groups = new Map<string, { step: FateStep; ids: string[] }>();
    for (const [id, step] of statuses) {
      const key = step.status === 'failed' ? `failed:${step.error.code}` : step.status;
      const group = groups.get(key) ?? { step, ids: [] };
      group.ids.push(id);
      groups.set(key, group);
    }
    for (const { step, ids } of groups.values()) {
      const error = errorOf(step);
      await this.db
        .update(sandboxWaMessages)
        .set({ status: step.status, ...(error ? { body: sql`${sandboxWaMessages.body} || ${JSON.stringify({ error })}::jsonb` } : {}) })
        .where(and(eq(sandboxWaMessages.direction, 'out'), inArray(sandboxWaMessages.id, ids), sql`${storedRank} < ${RANK[step.status]}`));
    }
  }
}
