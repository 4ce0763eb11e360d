import { eq } from 'drizzle-orm';
import { ChatAction, ChatState, MissedReason } from '@parley/sdk/contract/chats';
import { isOpenAt } from '@parley/sdk/contract/working-hours';
import type { Db } from '../../db/database.js';
import { chatMessages, chats, departments } from '../../db/schema.js';
import type { ChatRow } from './queries.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const OUT_OF_HOURS_TEXT = 'The chat arrived outside working hours';

/** Whether a chat of this department arriving now finds nobody at work (no department or no hours: always open). */
export async function closedAt(tx: Tx, deptId: string | null, at: Date): Promise<boolean> {
  if (!deptId) return false;
  const [dept] = await tx.select({ hours: departments.workingHours }).from(departments).where(eq(departments.id, deptId));
  return !isOpenAt(dept?.hours, at);
}

/**
 * A chat that reaches the queue outside its department's working hours is missed at once (reason 0) with a system
 * line saying why: nobody would pick it up, and the missed list is where agents look first thing in the morning.
 */
export async function missOutOfHours(tx: Tx, chat: ChatRow): Promise<ChatRow> {
  await tx.insert(chatMessages).values({
    chatId: chat.id,
    eId: chat.eId,
    channelId: chat.channelId,
    actionType: ChatAction.MISSED,
    actionBy: 'system',
    message: OUT_OF_HOURS_TEXT,
    kind: 'system',
  });
  const [row] = await tx.update(chats).set({ state: ChatState.MISSED, missedReason: MissedReason.OUT_OF_HOURS }).where(eq(chats.id, chat.id)).returning();
  return row!;
}
