import { SearchField } from '@adobe/react-spectrum/SearchField';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import { NO_CHATS_TEXT, type ChatBucket, type PickupBucket } from '@parley/sdk/contract/chat-texts';
import { sortedChats } from './chat-state.js';
import { useChatTimes } from './chat-times.js';

/** The inbox's sections (platform-shell 2.11's queues and the agent's own chats), in the order agents work them. */
export const LIST_TABS: { bucket: ChatBucket; label: string }[] = [
  { bucket: 'mine', label: 'Mine' },
  { bucket: 'new', label: 'New' },
  { bucket: 'transferred', label: 'Transferred' },
  { bucket: 'invited', label: 'Invited' },
  { bucket: 'assigned', label: 'Assigned' },
  { bucket: 'missed', label: 'Missed' },
  { bucket: 'suspended', label: 'Suspended' },
];

const emptyText = (bucket: ChatBucket) => NO_CHATS_TEXT[bucket as PickupBucket] ?? (bucket === 'mine' ? 'No chats of yours right now' : 'No chats');

const matches = (chat: ChatSummary, term: string) =>
  !term || [chat.customerName, chat.customerNumber, chat.lastMessage, chat.channelName].some((v) => v.toLowerCase().includes(term));

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '#';

interface Props {
  chats: ChatSummary[];
  loaded: boolean;
  tab: ChatBucket;
  onTab(bucket: ChatBucket): void;
  openId: string | null;
  onOpen(chatId: string): void;
}

/** Sections with their counts, a search box and the chats as a listbox (arrow keys move, Enter opens). */
export function ChatList({ chats, loaded, tab, onTab, openId, onOpen }: Props) {
  const times = useChatTimes();
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const perTab = useMemo(() => {
    const counts = new Map<ChatBucket, { chats: number; unread: number }>();
    for (const c of chats) {
      const n = counts.get(c.bucket) ?? { chats: 0, unread: 0 };
      counts.set(c.bucket, { chats: n.chats + 1, unread: n.unread + c.newMsgCount });
    }
    return counts;
  }, [chats]);
  const shown = useMemo(() => sortedChats(chats.filter((c) => c.bucket === tab && matches(c, term))), [chats, tab, term]);
  const [active, setActive] = useState<string | null>(null);
  const focusId = shown.some((c) => c.chatId === active) ? active : (shown.find((c) => c.chatId === openId)?.chatId ?? shown[0]?.chatId);
  const listRef = useRef<HTMLUListElement>(null);

  const move = (e: KeyboardEvent<HTMLUListElement>) => {
    const at = shown.findIndex((c) => c.chatId === focusId);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: shown.length - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      const next = shown[Math.max(0, Math.min(shown.length - 1, to))];
      if (!next) return;
      setActive(next.chatId);
      listRef.current?.querySelector<HTMLElement>(`[data-chat-id="${next.chatId}"]`)?.focus();
    } else if ((e.key === 'Enter' || e.key === ' ') && focusId) {
      e.preventDefault();
      onOpen(focusId);
    }
  };

  const tabs = LIST_TABS.filter((t) => t.bucket !== 'suspended' || perTab.has('suspended') || tab === 'suspended');
  return (
    <section className="plc-list" part="list" aria-label="Chats">
      <div className="plc-tabs" role="group" aria-label="Chat sections">
        {tabs.map((t) => {
          const n = perTab.get(t.bucket);
          return (
            <button key={t.bucket} type="button" className="plc-tab" aria-pressed={tab === t.bucket} data-bucket={t.bucket} onClick={() => onTab(t.bucket)}>
              {t.label}
              <span
                className="plc-tab-count"
                data-unread={n?.unread ? '' : undefined}
                aria-label={`${n?.chats ?? 0} chats${n?.unread ? `, ${n.unread} unread messages` : ''}`}
              >
                {n?.chats ?? 0}
              </span>
            </button>
          );
        })}
      </div>
      <div className="plc-search">
        <SearchField aria-label="Search chats by name, number or message" placeholder="Search chats" value={search} onChange={setSearch} width="100%" />
      </div>
      {!loaded ? (
        <p className="plc-empty" aria-busy="true">
          Loading chats…
        </p>
      ) : shown.length === 0 ? (
        <p className="plc-empty">{term ? 'No chats match your search' : emptyText(tab)}</p>
      ) : (
        <ul className="plc-rows" role="listbox" aria-label={`${LIST_TABS.find((t) => t.bucket === tab)?.label ?? ''} chats`} ref={listRef} onKeyDown={move}>
          {shown.map((c) => (
            <li
              key={c.chatId}
              role="option"
              data-chat-id={c.chatId}
              aria-selected={c.chatId === openId}
              tabIndex={c.chatId === focusId ? 0 : -1}
              className="plc-row"
              onClick={() => {
                setActive(c.chatId);
                onOpen(c.chatId);
              }}
            >
              <span className="plc-avatar" aria-hidden="true">
                {initialsOf(c.customerName)}
              </span>
              <span className="plc-row-main">
                <span className="plc-row-top">
                  <span className="plc-row-name">{c.customerName || c.customerNumber}</span>
                  <time className="plc-row-time" dateTime={c.lastMessageTime} title={times.moment(c.lastMessageTime)}>
                    {times.row(c.lastMessageTime)}
                  </time>
                </span>
                <span className="plc-row-bottom">
                  <span className="plc-row-last">{c.lastMessage}</span>
                  {c.pinned && (
                    <span className="plc-pin" role="img" aria-label="Pinned">
                      📌
                    </span>
                  )}
                  {c.newMsgCount > 0 && (
                    <span className="plc-unread" role="img" aria-label={`${c.newMsgCount} unread`}>
                      {c.newMsgCount}
                    </span>
                  )}
                </span>
                <span className="plc-row-channel">{c.channelName || 'Chat'}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
