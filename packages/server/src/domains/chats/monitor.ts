import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ChatState } from '@parley/sdk/contract/chats';
import type { MonitorAgent, MonitorChat, MonitorQueue } from '@parley/sdk/contract/chat-monitor';
import type { Db } from '../../db/database.js';
import { chats, departments } from '../../db/schema.js';
import { departmentsOfUsers } from '../departments/queries.js';
import { channelNames } from './queries.js';
import { chatAgents } from './reads.js';

/** The queue of channels without a department, which every agent serves. */
export const NO_DEPARTMENT = 'No department';
const MAX_LISTED = 2000;

/**
 * The supervisors' picture of the moment: each department's waiting and missed chats (oldest first) with the longest
 * wait, and every agent with their status, open chats and departments.
 */
export async function monitorFor(db: Db, eId: string, now = new Date()): Promise<{ queues: MonitorQueue[]; agents: MonitorAgent[]; at: string }> {
  const [depts, queued, agents, memberships] = await Promise.all([
    db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.eId, eId))
      .orderBy(asc(sql`lower(${departments.name})`)),
    db
      .select()
      .from(chats)
      .where(and(eq(chats.eId, eId), inArray(chats.state, [ChatState.STARTED, ChatState.MISSED])))
      .orderBy(asc(chats.lastMessageAt))
      .limit(MAX_LISTED),
    chatAgents(db, eId, { agentStatus: -1, from: 0, perPage: 1000 }),
    departmentsOfUsers(db, eId),
  ]);
  const channelsById = await channelNames(
    db,
    eId,
    queued.map((c) => c.channelId),
  );
  const queueOf = (deptId: string | null, name: string): MonitorQueue => {
    const rows = queued.filter((c) => c.deptId === deptId);
    const waiting = rows.filter((c) => c.state === ChatState.STARTED);
    const oldest = waiting[0]?.lastMessageAt;
    return {
      deptId,
      name,
      waiting: waiting.length,
      missed: rows.length - waiting.length,
      longestWaitSeconds: oldest ? Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)) : 0,
      chats: rows.map((c): MonitorChat => ({
        chatId: c.id,
        customerName: c.customerName,
        customerNumber: c.customerNumber,
        channelName: channelsById.get(c.channelId) ?? '',
        state: c.state,
        missedReason: c.missedReason,
        waitingSince: c.lastMessageAt.toISOString(),
        pendingTo: c.pendingTo,
      })),
    };
  };
  return {
    queues: [...depts.map((d) => queueOf(d.id, d.name)), queueOf(null, NO_DEPARTMENT)],
    agents: agents.rows.map((a) => ({ ...a, deptIds: memberships.get(a.uId) ?? [] })),
    at: now.toISOString(),
  };
}
