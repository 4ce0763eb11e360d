import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Subscription } from 'rxjs';
import type { ChatCounts } from '@parley/sdk/contract/chats';
import { CHAT_SOCKET_EVENTS } from '@parley/sdk/contract/chat-texts';
import { connectRealtime, type RealtimeSocket, type SocketStatus } from '@parley/sdk/realtime-socket';
import { messageOf } from '../internal/use-call.js';
import type { ToastVariant } from '../internal/toasts.js';
import type { LiveChatClient } from './chat-client.js';
import { effectsOf, emptyInbox, inboxReducer, unreadCustomerIds } from './chat-state.js';

const CHAT_EVENTS: ReadonlySet<string> = new Set(CHAT_SOCKET_EVENTS);
/** A typing note lasts this long after the last `chatTyping`; ours is sent at most once per this. */
const TYPING_MS = 4000;
/** Several count-changing events in a burst (a bot handing over says two) make one count call. */
const COUNT_SETTLE_MS = 250;

export interface InboxOptions {
  client: LiveChatClient;
  apiBase: string;
  token: string | null;
  openId: string | null;
  onCounts(counts: ChatCounts): void;
  toast(message: string, variant?: ToastVariant): void;
}

const absolute = (apiBase: string) => (apiBase.startsWith('http') ? apiBase : `${location.origin}${apiBase.startsWith('/') ? '' : '/'}${apiBase}`);

/**
 * The inbox's live state: the summary and the open chat over HTTP, every live-chat socket event applied through the
 * reducer, read receipts for the open chat while the page is visible, and a full refetch after a reconnect (events
 * sent while the socket was down are lost, 4.6).
 */
export function useInbox({ client, apiBase, token, openId, onCounts, toast }: InboxOptions) {
  const [state, dispatch] = useReducer(inboxReducer, emptyInbox);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  const socket = useRef<RealtimeSocket | null>(null);
  const bag = useRef(new Subscription());
  const openRef = useRef(openId);
  openRef.current = openId;
  const said = useRef({ onCounts, toast });
  said.current = { onCounts, toast };

  const loadSummary = useCallback(() => {
    bag.current.add(
      client.chats.summary({}).subscribe({
        next: (chats) => dispatch({ type: 'summary', chats }),
        error: (e: unknown) => said.current.toast(messageOf(e), 'error'),
      }),
    );
  }, [client]);

  const loadChat = useCallback(
    (chatId: string, quiet = false) => {
      bag.current.add(
        client.chats.get({ id: chatId }).subscribe({
          next: (chat) => {
            if (openRef.current === chatId) dispatch({ type: 'detail', chat });
            else {
              const { messages: _m, ...summary } = chat;
              dispatch({ type: 'chat', chat: summary });
            }
          },
          error: (e: unknown) => !quiet && said.current.toast(messageOf(e), 'error'),
        }),
      );
    },
    [client],
  );

  const countTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const loadCounts = useCallback(() => {
    clearTimeout(countTimer.current);
    countTimer.current = setTimeout(() => {
      bag.current.add(client.chats.count({}).subscribe({ next: (c) => said.current.onCounts(c), error: () => undefined }));
    }, COUNT_SETTLE_MS);
  }, [client]);

  useEffect(() => {
    bag.current = new Subscription();
    loadSummary();
    loadCounts();
    return () => {
      bag.current.unsubscribe();
      clearTimeout(countTimer.current);
    };
  }, [loadSummary, loadCounts]);

  useEffect(() => {
    if (!token) return;
    const live = connectRealtime({ url: absolute(apiBase), token });
    socket.current = live;
    let previous: SocketStatus = 'connecting';
    const subs = new Subscription();
    subs.add(
      live.status$.subscribe((now) => {
        if (previous === 'reconnecting' && now === 'open') {
          loadSummary();
          loadCounts();
          if (openRef.current) loadChat(openRef.current, true);
        }
        previous = now;
        setStatus(now);
      }),
    );
    subs.add(
      live.events$.subscribe((event) => {
        if (!CHAT_EVENTS.has(event.type)) return;
        dispatch({ type: 'event', event, now: Date.now() });
        const effects = effectsOf(event);
        if (effects.reloadChat) loadChat(effects.reloadChat, true);
        if (effects.reloadCounts) loadCounts();
        if (effects.notice) said.current.toast(effects.notice.text, effects.notice.variant);
      }),
    );
    return () => {
      subs.unsubscribe();
      live.close();
      socket.current = null;
    };
  }, [apiBase, token, loadSummary, loadChat, loadCounts]);

  // Opening a chat loads its thread; the previous one's late answer is dropped by loadChat's openRef check.
  useEffect(() => {
    if (!openId) {
      dispatch({ type: 'close-thread' });
      return;
    }
    loadChat(openId);
  }, [openId, loadChat]);

  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // Read receipts (4.5): the open chat's customer messages, once each, while the agent can see them.
  const acknowledged = useRef(new Map<string, Set<number>>());
  const { open } = state;
  useEffect(() => {
    if (!open || !visible || open.bucket !== 'mine') return;
    const seen = acknowledged.current.get(open.chatId) ?? new Set<number>();
    acknowledged.current.set(open.chatId, seen);
    const ids = unreadCustomerIds(open, seen);
    for (const id of ids) seen.add(id);
    // Messages already read when the chat opened need no receipt: only an unread count asks for one.
    if (open.newMsgCount === 0) return;
    const recent = [...seen].slice(-200);
    if (socket.current && status === 'open')
      socket.current.send({ type: 'chatMessageStatus', data: { chatId: open.chatId, actionIds: recent, from: 1, state: 2 } });
    else bag.current.add(client.chats.read({ id: open.chatId, actionIds: JSON.stringify(recent) }).subscribe({ error: () => undefined }));
    dispatch({ type: 'read', chatId: open.chatId });
  }, [open, visible, status, client]);

  const { typing } = state;
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => dispatch({ type: 'typing-over' }), TYPING_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  const lastTyping = useRef(0);
  const sendTyping = useCallback((chatId: string) => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_MS - 1000) return;
    lastTyping.current = now;
    socket.current?.send({ type: 'chatTyping', data: { chatId } });
  }, []);

  return { state, dispatch, status, sendTyping, reloadChat: loadChat, reloadCounts: loadCounts };
}
