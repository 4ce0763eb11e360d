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
/** A real calendar day (2024-02-31 is not): a date made from it must give the same day back. */
const day = (v: unknown) => {
  if (typeof v !== 'string' || !DAY.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : undefined;
};

/** The route's validateSearch (in the first page's bundle: no date library here): anything odd in a hand-edited URL is dropped rather than sent to the server. */
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

/** True when the days are in the wrong order: the form says so instead of asking for an empty page. */
export const datesReversed = (fromDate?: string, toDate?: string) => Boolean(fromDate && toDate && toDate < fromDate);
