import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ChatCounts } from '@parley/sdk/contract/chats';
import type { ChatBucket } from '@parley/sdk/contract/chat-texts';
import { ElementRoot } from '../internal/element-root.js';
import { ensureDesignerStyles, ensureStyles } from '../internal/styles.js';
import { showToastSoon as showToast } from '../internal/lazy-toasts.js';
import { useLoad } from '../internal/use-call.js';
import { LiveChatClient } from './chat-client.js';
import { ChatList, LIST_TABS } from './ChatList.js';
import { ChatPane } from './ChatPane.js';
import { CustomerPanel } from './CustomerPanel.js';
import type { ChatCountDetail, ChatOpenedDetail } from './events.js';
import { LiveChatContext, type LiveChat as LiveChatApi } from './live-chat-context.js';
import LIVE_CHAT_CSS from './live-chat-styles.css?inline';
import { useInbox } from './use-inbox.js';

const LISTED_TABS: ReadonlySet<string> = new Set(LIST_TABS.map((t) => t.bucket));

export interface LiveChatProps {
  apiBase?: string;
  token?: string;
  chatId?: string;
  /** The custom element itself (given by r2wc): events are dispatched from it. */
  container?: HTMLElement;
}

/** The agent's inbox: chats by section | the open thread | the customer, three columns on a wide screen. */
export function LiveChat({ apiBase = '/api', token, chatId, container }: LiveChatProps) {
  ensureDesignerStyles();
  ensureStyles('live-chat', LIVE_CHAT_CSS);
  const client = useMemo(() => new LiveChatClient({ baseUrl: apiBase, token: token ?? null }), [apiBase, token]);
  const profile = useLoad(() => client.profile.get({}), [client]);
  const reader = useMemo(
    () => (profile.data ? { uId: profile.data.uId, supervisor: profile.data.permissions.includes('CHAT.VIEW_MONITOR') } : null),
    [profile.data],
  );
  const emit = useCallback(
    <T,>(name: string, detail: T) => container?.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true, composed: true })),
    [container],
  );
  const api = useMemo<LiveChatApi>(() => ({ client, apiBase, token: token ?? null, reader, toast: showToast, emit }), [client, apiBase, token, reader, emit]);

  const [openId, setOpenId] = useState<string | null>(chatId || null);
  const [tab, setTab] = useState<ChatBucket>('mine');
  const [chosenTab, setChosenTab] = useState(false);
  const [panelShown, setPanelShown] = useState(false);
  const onCounts = useCallback((counts: ChatCounts) => emit<ChatCountDetail>('parley-count', counts), [emit]);
  const inbox = useInbox({ client, apiBase, token: token ?? null, openId, onCounts, toast: showToast });
  const { chats, loaded, open, typing } = inbox.state;

  const openChat = useCallback(
    (id: string) => {
      setOpenId(id);
      emit<ChatOpenedDetail>('parley-chat-opened', { chatId: id });
    },
    [emit],
  );
  useEffect(() => {
    if (chatId) openChat(chatId);
  }, [chatId, openChat]);

  // First landing: the agent's own chats, or the queue when they have none yet; after that the agent's choice holds.
  useEffect(() => {
    if (!loaded || chosenTab) return;
    const first = (['mine', 'new', 'transferred', 'invited', 'assigned', 'missed'] as const).find((b) => chats.some((c) => c.bucket === b));
    if (first) setTab(first);
  }, [loaded, chosenTab, chats]);
  // The list follows the open chat into its section: one opened from outside (chat-id, a notification), and one the
  // agent just picked up, which moves from the queue into Mine whether the HTTP answer or the socket says so first.
  const openBucket = open?.bucket;
  useEffect(() => {
    if (openBucket && LISTED_TABS.has(openBucket)) setTab(openBucket);
  }, [open?.chatId, openBucket]);

  const shown = open && open.chatId === openId ? open : null;
  return (
    <ElementRoot className="plc-root" container={container}>
      <LiveChatContext.Provider value={api}>
        {inbox.status === 'reconnecting' && (
          <p className="plc-reconnecting" role="status">
            Connection lost — reconnecting…
          </p>
        )}
        <div className="plc-layout" data-view={openId ? 'thread' : 'list'} data-panel={panelShown ? 'shown' : undefined}>
          <ChatList
            chats={chats}
            loaded={loaded}
            tab={tab}
            onTab={(b) => {
              setTab(b);
              setChosenTab(true);
            }}
            openId={openId}
            onOpen={openChat}
          />
          {shown ? (
            <>
              <ChatPane
                chat={shown}
                typing={typing}
                dispatch={inbox.dispatch}
                onBack={() => setOpenId(null)}
                onPicked={() => inbox.reloadCounts()}
                onTyping={inbox.sendTyping}
                panelShown={panelShown}
                onTogglePanel={() => setPanelShown((s) => !s)}
              />
              <CustomerPanel chat={shown} />
            </>
          ) : (
            <section className="plc-thread plc-thread-empty" aria-label="Conversation">
              <p className="plc-empty">{openId ? 'Loading the chat…' : chats.length ? 'Choose a chat to read and answer it' : 'No chats'}</p>
            </section>
          )}
        </div>
      </LiveChatContext.Provider>
    </ElementRoot>
  );
}
