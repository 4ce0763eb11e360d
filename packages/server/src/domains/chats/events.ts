import { bucketOf, type ChatMessage, type ChatSocketEvent, type ChatSummary } from '@parley/sdk/contract/chats';
import { MONITOR_EVENT } from '@parley/sdk/contract/chat-monitor';
import type { FastifyBaseLogger } from 'fastify';
import { fits, type EventBus, type ParleyEvent } from '../../realtime/event-bus.js';

/**
 * Who hears an event: the handlers of a chat's queue (`toQueue`: its department's members holding CHAT.HANDLE, or
 * every handler when the chat has no department), or the people in a chat.
 */
export type Audience = { toQueue: string | null } | { toUsers: string[] };
type Published = { toPermission: 'CHAT.HANDLE' } | { toPermission: 'CHAT.HANDLE'; toUsers: string[] } | { toUsers: string[] };

/** The queue a chat waits in: its department's, or everyone's. */
export const queueOf = (chat: { deptId: string | null }): Audience => ({ toQueue: chat.deptId });

/** Events after which the supervisors' monitor fetches the queues again. */
const MONITORED = new Set<ChatSocketEvent>(['updateChatCount', 'customerStartChat', 'chatMissed', 'agentPickupChat']);

/** One event of `emitAll`. */
export interface ChatEventOut {
  type: ChatSocketEvent;
  eId: string;
  audience: Audience;
  data: ChatEventData;
}

export interface ChatEventData {
  chatId: string;
  chat?: ChatSummary;
  message?: ChatMessage;
  [key: string]: unknown;
}

/** The people of a chat: its agent, its participants, and whoever its pending request waits on or came from. */
export const peopleOf = (chat: ChatSummary, ...more: (string | null | undefined)[]): string[] => [
  ...new Set(
    [chat.handlingAgent, chat.pendingTo, chat.transferringAgent, ...chat.participants.map((p) => p.uId), ...more].filter((u): u is string => Boolean(u)),
  ),
];

/**
 * Publishes a chat event through LISTEN/NOTIFY, so a user connected to any process gets it. A NOTIFY holds under
 * 8,000 bytes: an event with a long message goes without it, marked `reload`, and the console fetches the chat.
 * A lost event is never fatal (the console refetches on reconnect), so failures are logged, not thrown.
 */
export class ChatEvents {
  constructor(
    private readonly bus: EventBus | undefined,
    private readonly log: FastifyBaseLogger,
    /** A department's members: its queue's audience. */
    private readonly membersOf: (deptId: string) => Promise<string[]> = async () => [],
  ) {}

  async emit(type: ChatSocketEvent, eId: string, audience: Audience, data: ChatEventData): Promise<void> {
    if (!this.bus) return;
    const to = await this.resolve(audience);
    await this.publish(type, eId, to, data);
    if (MONITORED.has(type)) await this.monitorChanged(eId, data.chatId);
  }

  /**
   * Several events published together, in order, in one statement (a batch of customers' messages): each queue's
   * audience is read once, and an event too large for a NOTIFY goes without its message, marked `reload`.
   */
  async emitAll(list: ChatEventOut[]): Promise<void> {
    if (!this.bus || !list.length) return;
    const queues = new Map<string, Promise<Published>>();
    const events: ParleyEvent[] = [];
    for (const { type, eId, audience, data } of list) {
      let to: Published;
      if ('toUsers' in audience) to = audience;
      else {
        const key = audience.toQueue ?? '';
        if (!queues.has(key)) queues.set(key, this.resolve(audience));
        to = await queues.get(key)!;
      }
      const event: ParleyEvent = { type, eId, data: { ...data, ...to } };
      const { message: _dropped, ...rest } = data;
      const lighter: ParleyEvent = { type, eId, data: { ...rest, ...to, reload: true } };
      if (fits(event)) events.push(event);
      else if (fits(lighter)) events.push(lighter);
      // Too large even without its message: left out rather than costing the batch's other events.
      else this.log.warn({ type, chatId: data.chatId }, 'chat event not published');
      if (MONITORED.has(type)) events.push({ type: MONITOR_EVENT, eId, data: { toPermission: 'CHAT.VIEW_MONITOR', chatId: data.chatId } });
    }
    try {
      await this.bus.publishAll(events);
    } catch (err) {
      this.log.warn({ err, events: events.length }, 'chat events not published');
    }
  }

  /** Supervisors' monitors hear that a queue or an agent changed; they fetch the figures themselves. */
  async monitorChanged(eId: string, chatId?: string): Promise<void> {
    try {
      await this.bus?.publish({ type: MONITOR_EVENT, eId, data: { toPermission: 'CHAT.VIEW_MONITOR', ...(chatId ? { chatId } : {}) } });
    } catch (err) {
      this.log.warn({ err }, 'monitor event not published');
    }
  }

  private async resolve(audience: Audience): Promise<Published> {
    if ('toUsers' in audience) return audience;
    if (audience.toQueue === null) return { toPermission: 'CHAT.HANDLE' };
    return { toPermission: 'CHAT.HANDLE', toUsers: await this.membersOf(audience.toQueue) };
  }

  private async publish(type: ChatSocketEvent, eId: string, audience: Published, data: ChatEventData): Promise<void> {
    if (!this.bus) return;
    const event: ParleyEvent = { type, eId, data: { ...data, ...audience } };
    try {
      await this.bus.publish(event);
    } catch {
      try {
        const { message: _dropped, ...rest } = data;
        await this.bus.publish({ type, eId, data: { ...rest, ...audience, reload: true } });
      } catch (err) {
        this.log.warn({ err, type }, 'chat event not published');
      }
    }
  }
}

/** The event as one user receives it: the chat's bucket is theirs (the publisher could not know every reader). */
export function forRecipient(event: ParleyEvent, uId: string): Record<string, unknown> {
  const chat = event.data.chat as ChatSummary | undefined;
  const { toUsers: _to, toPermission: _perm, ...data } = event.data;
  return chat && typeof chat === 'object' && 'pendingTo' in chat ? { ...data, chat: { ...chat, bucket: bucketOf(chat, uId) } } : data;
}
