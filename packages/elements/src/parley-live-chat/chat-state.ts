import type { ChatDetail, ChatMessage, ChatSummary } from '@parley/sdk/contract/chats';
import { ChatMessages, ChatState } from '@parley/sdk/contract/chat-texts';

/**
 * The inbox's state as a pure reducer: the summary list, the open chat's thread and who is typing. Socket events
 * (platform-shell 4.5) and the answers of HTTP calls both land here, so a chat the agent just picked up and the event
 * that says so converge on one row, and a message that comes twice is shown once (messages are keyed by actionId).
 */
export interface Typing {
  chatId: string;
  name: string;
  at: number;
}

export interface InboxState {
  chats: ChatSummary[];
  loaded: boolean;
  open: ChatDetail | null;
  typing: Typing | null;
}

export type InboxAction =
  | { type: 'summary'; chats: ChatSummary[] }
  | { type: 'detail'; chat: ChatDetail }
  | { type: 'close-thread' }
  | { type: 'chat'; chat: ChatSummary }
  | { type: 'remove'; chatId: string }
  | { type: 'message'; chatId: string; message: ChatMessage }
  | { type: 'read'; chatId: string }
  | { type: 'typing-over' }
  | { type: 'event'; event: { type: string; data?: Record<string, unknown> }; now: number };

export const emptyInbox: InboxState = { chats: [], loaded: false, open: null, typing: null };

/** Buckets the inbox lists; `others` is a chat the reader no longer has anything to do with. */
const LISTED = new Set(['new', 'mine', 'transferred', 'invited', 'assigned', 'missed', 'suspended']);

/** Events after which the chat is no longer the reader's. */
const REMOVING = new Set(['youTransferredToAgent', 'youLeft', 'agentEndChat']);

export const CUSTOMER_ACTIONS = new Set([0, 1]);

const isSummary = (v: unknown): v is ChatSummary => typeof v === 'object' && v !== null && 'chatId' in v && 'bucket' in v;
const isMessage = (v: unknown): v is ChatMessage => typeof v === 'object' && v !== null && 'actionId' in v && 'actionType' in v;

/** Inserts or replaces by actionId (a media message comes again once its file is fetched), in the server's order. */
export function withMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const at = messages.findIndex((m) => m.actionId === message.actionId);
  if (at >= 0) return messages.map((m, i) => (i === at ? message : m));
  return [...messages, message].sort((a, b) => a.actionId - b.actionId);
}

function withChat(state: InboxState, chat: ChatSummary): InboxState {
  const listed = LISTED.has(chat.bucket) && chat.state !== ChatState.CLOSED;
  const rest = state.chats.filter((c) => c.chatId !== chat.chatId);
  const chats = listed ? [...rest, chat] : rest;
  const open = state.open?.chatId === chat.chatId ? { ...state.open, ...chat, messages: state.open.messages } : state.open;
  return { ...state, chats, open };
}

/** A message's effect on its chat's row when the event carried no summary (an agent's own reply). */
function touchRow(state: InboxState, chatId: string, message: ChatMessage): InboxState {
  const chats = state.chats.map((c) =>
    c.chatId === chatId && message.actedOn >= c.lastMessageTime && message.kind !== 'system'
      ? { ...c, lastMessage: message.message || message.kind, lastMessageTime: message.actedOn }
      : c,
  );
  return { ...state, chats };
}

function onEvent(state: InboxState, type: string, data: Record<string, unknown>, now: number): InboxState {
  const chatId = typeof data.chatId === 'string' ? data.chatId : '';
  if (!chatId) return state;
  if (type === 'chatTyping') {
    return { ...state, typing: { chatId, name: typeof data.name === 'string' ? data.name : '', at: now } };
  }
  let next = state;
  if (isSummary(data.chat)) next = withChat(next, data.chat);
  if (REMOVING.has(type)) {
    next = { ...next, chats: next.chats.filter((c) => c.chatId !== chatId) };
    // The thread stays readable, but nothing more may be sent from it.
    if (next.open?.chatId === chatId && !isSummary(data.chat)) next = { ...next, open: { ...next.open, bucket: 'others' } };
  }
  const message = data.message;
  if (isMessage(message) && message.chatId === chatId) {
    if (next.open?.chatId === chatId) next = { ...next, open: { ...next.open, messages: withMessage(next.open.messages, message) } };
    if (!isSummary(data.chat) && type !== 'chatMessageStatus') next = touchRow(next, chatId, message);
    if (CUSTOMER_ACTIONS.has(message.actionType) && next.typing?.chatId === chatId) next = { ...next, typing: null };
  }
  if (type === 'chatMessageStatus' && data.isJITRequired === true) {
    next = {
      ...next,
      chats: next.chats.map((c) => (c.chatId === chatId ? { ...c, isJITRequired: true } : c)),
      open: next.open?.chatId === chatId ? { ...next.open, isJITRequired: true } : next.open,
    };
  }
  return next;
}

export function inboxReducer(state: InboxState, action: InboxAction): InboxState {
  switch (action.type) {
    case 'summary':
      return { ...state, loaded: true, chats: action.chats.filter((c) => LISTED.has(c.bucket)) };
    case 'detail': {
      const { messages: _messages, ...summary } = action.chat;
      return withChat({ ...state, open: action.chat }, summary);
    }
    case 'close-thread':
      return { ...state, open: null };
    case 'chat':
      return withChat(state, action.chat);
    case 'remove':
      return { ...state, chats: state.chats.filter((c) => c.chatId !== action.chatId) };
    case 'message': {
      const next =
        state.open?.chatId === action.chatId ? { ...state, open: { ...state.open, messages: withMessage(state.open.messages, action.message) } } : state;
      return touchRow(next, action.chatId, action.message);
    }
    case 'read':
      return {
        ...state,
        chats: state.chats.map((c) => (c.chatId === action.chatId ? { ...c, newMsgCount: 0 } : c)),
        open: state.open?.chatId === action.chatId ? { ...state.open, newMsgCount: 0 } : state.open,
      };
    case 'typing-over':
      return { ...state, typing: null };
    case 'event':
      return onEvent(state, action.event.type, action.event.data ?? {}, action.now);
  }
}

/** What an event asks of the world beyond the state: a refetch, the counts, a word to the agent. */
export interface EventEffects {
  reloadChat?: string;
  reloadCounts?: boolean;
  notice?: { text: string; variant: 'success' | 'error' };
}

const FAILURES = new Set(['inviteAgentFailed', 'transferToAgentFailed', 'agentPickupChatFailed', 'noChatPicked']);
const COUNTING = new Set([
  'updateChatCount',
  'customerStartChat',
  'chatMissed',
  'waitingInviteAccept',
  'waitingTransferAccept',
  'waitingAssignAccept',
  'noChatPicked',
]);

export function effectsOf(event: { type: string; data?: Record<string, unknown> }): EventEffects {
  const data = event.data ?? {};
  const chatId = typeof data.chatId === 'string' ? data.chatId : undefined;
  const effects: EventEffects = {};
  if (data.reload === true && chatId) effects.reloadChat = chatId;
  if (COUNTING.has(event.type)) effects.reloadCounts = true;
  const said = typeof data.message === 'string' ? data.message : undefined;
  if (FAILURES.has(event.type) && said) effects.notice = { text: said, variant: 'error' };
  if (event.type === 'youTransferredToAgent') effects.notice = { text: ChatMessages.youTransferred, variant: 'success' };
  if (event.type === 'youLeft') effects.notice = { text: ChatMessages.youLeft, variant: 'error' };
  return effects;
}

/** The list as shown: pinned chats first, then the latest message first (a chat with news moves to the top). */
export function sortedChats(chats: ChatSummary[]): ChatSummary[] {
  return [...chats].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.lastMessageTime.localeCompare(a.lastMessageTime));
}

/** The customer messages of the open chat that still need a read receipt. */
export function unreadCustomerIds(chat: ChatDetail, acknowledged: ReadonlySet<number>): number[] {
  return chat.messages.filter((m) => CUSTOMER_ACTIONS.has(m.actionType) && !acknowledged.has(m.actionId)).map((m) => m.actionId);
}
