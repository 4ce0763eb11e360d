import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sandboxWaMessages } from '../../db/schema.js';
import type { LoggedMessage } from './conversation-log.js';

export type ConversationRow = typeof sandboxWaMessages.$inferSelect;

const between = (phoneNumberId: string, waId: string) => and(eq(sandboxWaMessages.waId, waId), eq(sandboxWaMessages.phoneNumberId, phoneNumberId));

/** A customer's message: written at once (they are few), since the business's next reply asks whether the window is open. */
export async function insertInbound(db: Db, row: LoggedMessage): Promise<void> {
  await db.insert(sandboxWaMessages).values({ ...row, direction: 'in' });
}

/** When the customer last wrote to this business number: WhatsApp's 24-hour customer-service window runs from it. */
export async function lastInboundAt(db: Db, phoneNumberId: string, waId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sandboxWaMessages.createdAt })
    .from(sandboxWaMessages)
    .where(and(between(phoneNumberId, waId), eq(sandboxWaMessages.direction, 'in')))
    .orderBy(desc(sandboxWaMessages.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** The newest `limit` messages of a conversation (those after `after` only, when given), oldest first. */
export async function conversation(db: Db, phoneNumberId: string, waId: string, opts: { after?: Date; limit: number }): Promise<ConversationRow[]> {
  const rows = await db
    .select()
    .from(sandboxWaMessages)
    .where(and(between(phoneNumberId, waId), opts.after ? gt(sandboxWaMessages.createdAt, opts.after) : undefined))
    .orderBy(desc(sandboxWaMessages.createdAt), desc(sandboxWaMessages.id))
    .limit(opts.limit);
  return rows.reverse();
}

/**
 * The business's messages the customer reads now (those named, or all), moved to `read` once: the conditional update
 * lets a page that asks twice send each read status once.
 */
export async function readByCustomer(db: Db, phoneNumberId: string, waId: string, ids: string[] | undefined): Promise<ConversationRow[]> {
  if (ids?.length === 0) return [];
  return db
    .update(sandboxWaMessages)
    .set({ status: 'read' })
    .where(
      and(
        between(phoneNumberId, waId),
        eq(sandboxWaMessages.direction, 'out'),
        inArray(sandboxWaMessages.status, ['sent', 'delivered']),
        ids ? inArray(sandboxWaMessages.id, ids) : undefined,
      ),
    )
    .returning();
}

/**
 * The business marks a customer's message read (`POST /messages` with `status: read`), and, as the Cloud API does,
 * every earlier one of the conversation; false when it is not one.
 */
export async function readByBusiness(db: Db, phoneNumberId: string, messageId: string): Promise<boolean> {
  const [message] = await db
    .select({ waId: sandboxWaMessages.waId, at: sandboxWaMessages.createdAt })
    .from(sandboxWaMessages)
    .where(and(eq(sandboxWaMessages.id, messageId), eq(sandboxWaMessages.phoneNumberId, phoneNumberId), eq(sandboxWaMessages.direction, 'in')));
  if (!message) return false;
  await db
    .update(sandboxWaMessages)
    .set({ status: 'read' })
    .where(and(between(phoneNumberId, message.waId), eq(sandboxWaMessages.direction, 'in'), lte(sandboxWaMessages.createdAt, message.at)));
  return true;
}
