import { Cell, Column, Content, Heading, IllustratedMessage, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import { PagerNav } from '../../components/PagerNav.js';
import { createdOn } from '../broadcast/history-range.js';
import { HistoryFilters } from './HistoryFilters.js';
import { HISTORY_PAGE, validateHistorySearch, type HistorySearch } from './history-search.js';
import { TranscriptDialog } from './TranscriptDialog.js';
import { useChatHistory } from './use-chat-history.js';
import { useHistoryOptions } from './use-history-options.js';
import './chat-history.css';

const COLUMNS = [
  { key: 'customer', name: 'Customer Name', width: '1.2fr', minWidth: 150 },
  { key: 'number', name: 'Customer Number', width: 170 },
  { key: 'channel', name: 'Channel', width: '1fr', minWidth: 120 },
  { key: 'agent', name: 'Agent', width: '1fr', minWidth: 120 },
  { key: 'started', name: 'Started', width: 190 },
  { key: 'closed', name: 'Closed', width: 190 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

const tableHeight = (rows: number) => (rows ? 36 + rows * 49 : 300);

function cell(chat: ChatSummary, key: ColumnKey): string {
  switch (key) {
    case 'customer':
      return chat.customerName || '-';
    case 'number':
      return chat.customerNumber;
    case 'channel':
      return chat.channelName || '-';
    case 'agent':
      return chat.handlingAgentName || '-';
    case 'started':
      return createdOn(chat.createdOn);
    case 'closed':
      return chat.closedOn ? createdOn(chat.closedOn) : '-';
  }
}

/**
 * Chat history (`/chat/history`, CHAT.VIEW_CHATHISTORY): closed chats, 15 a page, filtered by customer, agent,
 * channel and days; a row opens its transcript. Filters, page and the open transcript live in the URL.
 */
export function ChatHistoryScreen() {
  const search = validateHistorySearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const go = useCallback((next: HistorySearch) => void navigate({ to: '/chat/history', search: next }), [navigate]);
  const list = useChatHistory(search);
  const { agents, channels } = useHistoryOptions();
  const from = search.from ?? 0;
  const { chatId, ...rest } = search;

  return (
    <section className="chat-history" aria-labelledby="chat-history-title">
      <header className="chat-history-header">
        <h1 id="chat-history-title">Chat History</h1>
      </header>
      <HistoryFilters
        key={JSON.stringify({ ...rest, from: undefined })}
        applied={rest}
        agents={agents}
        channels={channels}
        onApply={(filters) => go(Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as HistorySearch)}
      />
      <div className="chat-history-table">
        <TableView
          aria-label="Closed chats"
          density="spacious"
          overflowMode="truncate"
          selectionMode="none"
          height={tableHeight(list.rows.length)}
          onAction={(id) => go({ ...search, chatId: String(id) })}
          renderEmptyState={() => (
            <IllustratedMessage>
              <Heading>No Record</Heading>
              <Content>No closed chat matches these filters.</Content>
            </IllustratedMessage>
          )}
        >
          <TableHeader columns={COLUMNS}>
            {(c) => (
              <Column key={c.key} width={c.width} minWidth={'minWidth' in c ? c.minWidth : undefined}>
                {c.name}
              </Column>
            )}
          </TableHeader>
          <TableBody items={list.rows} loadingState={list.loading ? 'loading' : 'idle'}>
            {(chat) => (
              <Row key={chat.chatId} textValue={chat.customerName || chat.customerNumber}>
                {(key) => <Cell>{cell(chat, key as ColumnKey)}</Cell>}
              </Row>
            )}
          </TableBody>
        </TableView>
      </div>
      <PagerNav
        className="chat-history-pager"
        list={{
          hasPrevious: from > 0,
          hasNext: list.more,
          loading: list.loading,
          previous: () => go({ ...rest, from: Math.max(0, from - HISTORY_PAGE) || undefined }),
          next: () => go({ ...rest, from: from + HISTORY_PAGE }),
        }}
      />
      <TranscriptDialog chatId={chatId} onClose={() => go(rest)} />
    </section>
  );
}
