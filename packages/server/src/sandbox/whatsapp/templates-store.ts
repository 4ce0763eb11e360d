import { randomInt } from 'node:crypto';
import { and, asc, eq, ilike, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { containing } from '../../db/like-pattern.js';
import { sandboxWaTemplates } from '../../db/schema.js';

export type SandboxTemplate = typeof sandboxWaTemplates.$inferSelect;

/** Graph ids are long decimal strings; 15 digits stay exact as the JSON number a template webhook carries. */
const graphId = () => `${randomInt(1, 10)}${Array.from({ length: 14 }, () => randomInt(0, 10)).join('')}`;

/** Stores a submitted template as PENDING; null when the account already has this name in this language. */
export async function insertTemplate(
  db: Db,
  t: { wabaId: string; name: string; language: string; category: string; components: unknown[] },
): Promise<SandboxTemplate | null> {
  const [row] = await db
    .insert(sandboxWaTemplates)
    .values({ id: graphId(), ...t, status: 'PENDING' })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** One page of an account's templates, oldest first (a stable order for cursors); one row more tells of a next page. */
export async function listTemplates(db: Db, wabaId: string, opts: { name?: string | undefined; limit: number; offset: number }) {
  return db
    .select()
    .from(sandboxWaTemplates)
    .where(and(eq(sandboxWaTemplates.wabaId, wabaId), opts.name ? ilike(sandboxWaTemplates.name, containing(opts.name)) : undefined))
    .orderBy(asc(sandboxWaTemplates.createdAt), asc(sandboxWaTemplates.id))
    .limit(opts.limit + 1)
    .offset(opts.offset);
}

export async function deleteTemplates(db: Db, wabaId: string, name: string): Promise<number> {
  const rows = await db
    .delete(sandboxWaTemplates)
    .where(and(eq(sandboxWaTemplates.wabaId, wabaId), eq(sandboxWaTemplates.name, name)))
    .returning({ id: sandboxWaTemplates.id });
  return rows.length;
}

/** Approved templates of this name and language in any account, oldest first. */
export async function approvedTemplates(db: Db, name: string, language: string): Promise<SandboxTemplate[]> {
  return db
    .select()
    .from(sandboxWaTemplates)
    .where(and(eq(sandboxWaTemplates.name, name), eq(sandboxWaTemplates.language, language), eq(sandboxWaTemplates.status, 'APPROVED')))
    .orderBy(asc(sandboxWaTemplates.createdAt), asc(sandboxWaTemplates.id));
}

/** Pending templates submitted before `before` (all when omitted), optionally of one account. */
export async function pendingTemplates(db: Db, opts: { before?: Date; wabaId?: string } = {}): Promise<SandboxTemplate[]> {
  return db
    .select()
    .from(sandboxWaTemplates)
    .where(
      and(
        eq(sandboxWaTemplates.status, 'PENDING'),
        opts.before ? lte(sandboxWaTemplates.createdAt, opts.before) : undefined,
        opts.wabaId ? eq(sandboxWaTemplates.wabaId, opts.wabaId) : undefined,
      ),
    );
}

/** Moves a template out of PENDING; null when it was decided (or deleted) meanwhile, so one review wins. */
export async function decideTemplate(db: Db, id: string, status: 'APPROVED' | 'REJECTED'): Promise<SandboxTemplate | null> {
  const [row] = await db
    .update(sandboxWaTemplates)
    .set({ status })
    .where(and(eq(sandboxWaTemplates.id, id), eq(sandboxWaTemplates.status, 'PENDING')))
    .returning();
  return row ?? null;
}
