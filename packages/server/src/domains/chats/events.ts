import { bucketOf, type ChatMessage, type ChatSocketEvent, type ChatSummary } from '@parley/sdk/contract/chats';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus, ParleyEvent } from '../../realtime/event-bus.js';

/** Everyone who may pick chats up hears of the queue; a chat's own events go to the people in it. */
export type Audience = { toPermission: 'CHAT.HANDLE' } | { toUsers: string[] };

export interface ChatEventData {
  chatId: string;
  chat?: ChatSummary;
  message?: ChatMessage;
  [key: string]: unknown;
}

/** The people of a chat: its agent, its participants, and whoever its pending request waits on or came from. */
export const peopleOf = (chat: ChatSummary, ...more: (string | null | undefined)[]): string[] =>
  [...new Set([chat.handlingAgent, chat.pendingTo, chat.transferringAgent, ...chat.participants.map((p) => p.uId), ...more].filter((u): u is string => Boolean(u)))];

/**
 * Publishes a chat event through LISTEN/NOTIFY, so a user connected to any process gets it. A NOTIFY holds under
 * 8,000 bytes: an event with a long message goes without it, marked `reload`, and the console fetches the chat.
 * A lost event is never fatal (the console refetches on reconnect), so failures are logged, not thrown.
 */
export class ChatEvents {
  constructor(
    private readonly bus: EventBus | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async emit(type: ChatSocketEvent, eId: string, audience: Audience, data: ChatEventData): Promise<void> {
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
