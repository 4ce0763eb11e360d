import { and, asc, eq, sql } from 'drizzle-orm';
import { ChatState } from '@parley/sdk/contract/chats';
import type { Db } from '../../db/database.js';
import { chats, enterprises } from '../../db/schema.js';
import { servesQueueOf, type ChatRow } from './queries.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The enterprise's `chat.customChatSelection` (spec 3): on (or unset, as before it existed), agents pick any waiting
 * chat; off, the queue is first come, first served.
 */
export async function customSelection(tx: Tx, eId: string): Promise<boolean> {
  const [row] = await tx
    .select({ on: sql<boolean | null>`(${enterprises.config}->'chat'->>'customChatSelection')::boolean` })
    .from(enterprises)
    .where(eq(enterprises.id, eId));
  return row?.on !== false;
}

/** Whether the chat has waited longest of the chats in the user's queues (ties: the older chat). */
export async function longestWaiting(tx: Tx, chat: ChatRow, uId: string): Promise<boolean> {
  const [first] = await tx
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.eId, chat.eId), eq(chats.state, ChatState.STARTED), servesQueueOf(uId)))
    .orderBy(asc(chats.lastMessageAt), asc(chats.createdAt))
    .limit(1);
  return !first || first.id === chat.id;
}
