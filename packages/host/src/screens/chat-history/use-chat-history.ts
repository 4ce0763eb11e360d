import type { ChatSummary } from '@parley/sdk/contract/chats';
import { chatsRoutes } from '@parley/sdk/contract/routes';
import { usePage } from '../../components/use-page.js';
import { api } from '../../stores/session-store.js';
import { historyQuery } from './history-query.js';
import type { HistorySearch } from './history-search.js';

/** One page of closed chats for the URL's filters; a reply that arrives after a newer request is dropped. */
export function useChatHistory(search: HistorySearch) {
  const { customer, agentId, channelId, fromDate, toDate, from } = search;
  return usePage<ChatSummary>(
    () => api.callPage(chatsRoutes.history, historyQuery({ customer, agentId, channelId, fromDate, toDate, from })),
    [customer, agentId, channelId, fromDate, toDate, from],
  );
}
