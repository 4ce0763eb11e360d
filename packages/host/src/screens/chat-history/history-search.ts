import { parseDate } from '@internationalized/date';
import { viewerTimeZone } from '../broadcast/history-range.js';

/** The history's filters, page and open transcript, kept in the URL so a reload or a shared link shows the same. */
export interface HistorySearch {
  customer?: string;
  agentId?: string;
  channelId?: string;
  /** Days as yyyy-mm-dd, in the viewer's calendar. */
  fromDate?: string;
  toDate?: string;
  /** The first row's offset (pages of 15). */
  from?: number;
  /** The chat whose transcript is open. */
  chatId?: string;
}

export const HISTORY_PAGE = 15;
const TEXT_MAX = 100;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, TEXT_MAX) : undefined);
const day = (v: unknown) => {
  if (typeof v !== 'string' || !DAY.test(v)) return undefined;
  try {
    parseDate(v);
    return v;
  } catch {
    return undefined;
  }
};

/** The route's validateSearch: anything odd in a hand-edited URL is dropped rather than sent to the server. */
export function validateHistorySearch(raw: Record<string, unknown>): HistorySearch {
  const from = Number(raw.from);
  const search: HistorySearch = {
    customer: text(raw.customer),
    agentId: text(raw.agentId),
    channelId: text(raw.channelId),
    fromDate: day(raw.fromDate),
    toDate: day(raw.toDate),
    from: Number.isInteger(from) && from > 0 ? from - (from % HISTORY_PAGE) : undefined,
    chatId: text(raw.chatId),
  };
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as HistorySearch;
}

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

/** True when the days are in the wrong order: the form says so instead of asking for an empty page. */
export const datesReversed = (fromDate?: string, toDate?: string) => Boolean(fromDate && toDate && toDate < fromDate);
