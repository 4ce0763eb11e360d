import { useEffect, useState } from 'react';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import { chatsRoutes } from '@parley/sdk/contract/routes';
import { api } from '../../stores/session-store.js';
import { showRefusal } from '../admin/channels/show-refusal.js';
import { historyQuery } from './history-query.js';
import type { HistorySearch } from './history-search.js';

/** One page of closed chats for the URL's filters; a reply that arrives after a newer request is dropped. */
export function useChatHistory(search: HistorySearch) {
  const [rows, setRows] = useState<ChatSummary[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const { customer, agentId, channelId, fromDate, toDate, from } = search;
  useEffect(() => {
    setLoading(true);
    const request = api
      .callPage(chatsRoutes.history, historyQuery({ customer, agentId, channelId, fromDate, toDate, from }))
      .subscribe({
        next: (page) => {
          setRows(page.data);
          setMore(page.more);
        },
        error: (error: unknown) => {
          showRefusal(error);
          setLoading(false);
        },
        complete: () => setLoading(false),
      });
    return () => request.unsubscribe();
  }, [customer, agentId, channelId, fromDate, toDate, from]);
  return { rows, more, loading };
}
