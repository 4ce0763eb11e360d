import { createContext, useContext } from 'react';
import type { ToastVariant } from '../internal/toasts.js';
import type { LiveChatClient } from './chat-client.js';

/** Who the reader is, as far as the inbox decides what to offer. */
export interface Reader {
  uId: string;
  /** CHAT.VIEW_MONITOR: supervisors also close and transfer chats they do not handle. */
  supervisor: boolean;
}

/** What every part of the inbox gets: the API, the reader, and the ways to speak to the agent and the host. */
export interface LiveChat {
  client: LiveChatClient;
  apiBase: string;
  token: string | null;
  reader: Reader | null;
  toast(message: string, variant?: ToastVariant): void;
  /** Dispatches a bubbling, composed `parley-*` event from the element. */
  emit<T>(name: string, detail: T): void;
}

export const LiveChatContext = createContext<LiveChat | null>(null);

export function useLiveChat(): LiveChat {
  const chat = useContext(LiveChatContext);
  if (!chat) throw new Error('useLiveChat outside <parley-live-chat>');
  return chat;
}
