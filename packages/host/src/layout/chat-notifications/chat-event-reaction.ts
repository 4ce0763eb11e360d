import { CHAT_SOCKET_EVENTS } from '@parley/sdk/contract/chat-texts';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import type { SoundKind } from './sound-schedule.js';

export interface ChatEventReaction {
  sound?: SoundKind;
  /** A browser notification's title and text. */
  notify?: { title: string; body: string };
  /** A chat newly added for this agent: the conversation screen opens (4.5, when visible and not on a chat page). */
  opensConversation?: boolean;
}

const CHAT_EVENTS = new Set<string>(CHAT_SOCKET_EVENTS);
/** Every chat event may move a count; `ready` is a (re)connection, after which events may have been lost. */
export const refreshesCounts = (type: string) => CHAT_EVENTS.has(type) || type === 'ready';

const who = (chat: Partial<ChatSummary> | undefined) => chat?.customerName || chat?.customerNumber || 'A customer';
const text = (chat: Partial<ChatSummary> | undefined, fallback: string) => chat?.lastMessage || fallback;

/**
 * What a chat event means for the agent beyond the counts (4.5): a sound, a browser notification, and whether it
 * opens the conversation screen. The server rewrites `chat.bucket` for each reader, so a customer's reply rings only
 * for the chat's own people.
 */
export function chatEventReaction(type: string, data: Record<string, unknown> | undefined): ChatEventReaction {
  const chat = data?.chat as Partial<ChatSummary> | undefined;
  switch (type) {
    case 'customerStartChat':
      return { sound: 'newChat', notify: { title: `New chat: ${who(chat)}`, body: text(chat, 'Waiting to be picked up') }, opensConversation: true };
    case 'waitingTransferAccept':
      return { sound: 'transfer', notify: { title: `Chat transferred to you: ${who(chat)}`, body: text(chat, 'Waiting for you to accept') } };
    case 'waitingInviteAccept':
      return { sound: 'invite', notify: { title: `Invitation to a chat: ${who(chat)}`, body: text(chat, 'Waiting for you to accept') } };
    case 'waitingAssignAccept':
      return { sound: 'assign', notify: { title: `Chat assigned to you: ${who(chat)}`, body: text(chat, 'Waiting for you to accept') } };
    case 'youAcceptedInvite':
    case 'youAcceptedTransfer':
    case 'youAcceptedAssign':
      return { opensConversation: true };
    case 'customerReplyChat': {
      if (chat?.bucket !== 'mine') return {};
      const message = (data?.message as { message?: string } | undefined)?.message;
      return { sound: 'message', notify: { title: `Message from ${who(chat)}`, body: message || text(chat, 'New message') } };
    }
    default:
      return {};
  }
}

/** 4.5: a newly added chat opens the conversation only while the tab is seen and the agent is not on a chat page already. */
export const shouldOpenConversation = (visible: boolean, pathname: string) => visible && !pathname.startsWith('/chat/');
