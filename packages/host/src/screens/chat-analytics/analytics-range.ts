import { parseDate, today } from '@internationalized/date';
import type { AnalyticsFigures } from '@parley/sdk/contract/chat-analytics';
import { viewerTimeZone } from '../broadcast/history-range.js';
import { figure } from '../dashboard/graph-format.js';
import { ANALYTICS_DEFAULT_DAYS, type AnalyticsSearch } from './analytics-search.js';

/** The URL's days, or the last 7 ending today, in the viewer's zone. */
export function analyticsDays(search: AnalyticsSearch, tz = viewerTimeZone()) {
  const end = search.toDate ? parseDate(search.toDate) : today(tz);
  const start = search.fromDate ? parseDate(search.fromDate) : end.subtract({ days: ANALYTICS_DEFAULT_DAYS - 1 });
  return { start, end };
}

/** The call's input: from the first day's local midnight to the midnight after the last, and the offset to bucket by. */
export function analyticsQuery(search: AnalyticsSearch, tz = viewerTimeZone()) {
  const { start, end } = analyticsDays(search, tz);
  const from = start.toDate(tz);
  return { fromDate: from.toISOString(), toDate: end.add({ days: 1 }).toDate(tz).toISOString(), clientOffset: from.getTimezoneOffset() };
}

/** Saves a downloaded file under its name (an object URL on a transient link). */
export function saveFile({ fileName, blob }: { fileName: string; blob: Blob }) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** CSAT as the average 1-5 rating, or (no rating given) the share of closed chats closed with feedback. */
export const csatText = (f: AnalyticsFigures) => (f.csat !== null ? `${figure(f.csat)} / 5` : f.closed ? `${figure(f.feedbackShare)}% with feedback` : '-');
