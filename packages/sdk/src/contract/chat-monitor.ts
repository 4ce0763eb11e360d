import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * The supervisors' real-time monitor (`/chat/monitor`, CHAT.VIEW_MONITOR; platform-shell 2.8): the queue of each
 * department (chats waiting, missed, the longest wait) and the agents with their status and open chats. A queue's
 * `deptId` is null for channels without a department, which every agent serves.
 */
export const monitorChat = z.object({
  chatId: z.string(),
  customerName: z.string(),
  customerNumber: z.string(),
  channelName: z.string(),
  state: z.number(),
  missedReason: z.number().nullable(),
  /** Since when the chat has waited (its last message). */
  waitingSince: z.string(),
  /** The agent an assignment waits on, if any. */
  pendingTo: z.string().nullable(),
});
export type MonitorChat = z.infer<typeof monitorChat>;

export const monitorQueue = z.object({
  deptId: z.string().nullable(),
  name: z.string(),
  waiting: z.number(),
  missed: z.number(),
  /** Seconds the oldest waiting chat has waited; 0 when none waits. */
  longestWaitSeconds: z.number(),
  chats: z.array(monitorChat),
});
export type MonitorQueue = z.infer<typeof monitorQueue>;

export const monitorAgent = z.object({
  uId: z.string(),
  name: z.string(),
  /** online 1, away 2, offline 0 */
  agentStatus: z.number(),
  activeChats: z.number(),
  deptIds: z.array(z.string()),
});
export type MonitorAgent = z.infer<typeof monitorAgent>;

export const chatMonitorApi = {
  get: endpoint({
    method: 'GET',
    path: 'e/enterprise/chat/monitor',
    input: z.object({}),
    reply: z.object({ queues: z.array(monitorQueue), agents: z.array(monitorAgent), at: z.string() }),
  }),
} as const;

/** The socket event supervisors get when a queue or an agent changes: the monitor fetches again. */
export const MONITOR_EVENT = 'chatMonitorUpdate';
