import { parseDate } from '@internationalized/date';
import { viewerTimeZone } from '../broadcast/history-range.js';
import { HISTORY_PAGE, type HistorySearch } from './history-search.js';

/**
 * The history call's input: the first day from its start, the last to its final millisecond, both in the viewer's
 * zone, so a chat closed late today is in "today" wherever the viewer is.
 */
export function historyQuery(search: HistorySearch, tz = viewerTimeZone()) {
  const endOf = (d: string) => new Date(parseDate(d).add({ days: 1 }).toDate(tz).getTime() - 1).toISOString();
  return {
    from: search.from ?? 0,
    perPage: HISTORY_PAGE,
    ...(search.customer ? { customer: search.customer } : {}),
    ...(search.agentId ? { agentId: search.agentId } : {}),
    ...(search.channelId ? { channelId: search.channelId } : {}),
    ...(search.fromDate ? { fromDate: parseDate(search.fromDate).toDate(tz).toISOString() } : {}),
    ...(search.toDate ? { toDate: endOf(search.toDate) } : {}),
  };
}
