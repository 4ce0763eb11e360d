import { parseDate } from '@internationalized/date';
import { viewerTimeZone } from '../broadcast/history-range.js';
import type { DaySearch } from './report-search.js';
import { formatMoment } from '../../format/locale.js';

/** The URL's days as the API's ISO instants: the first day from its start, the last to its final millisecond, in the viewer's zone. */
export function dayRange({ fromDate, toDate }: DaySearch, tz = viewerTimeZone()) {
  const endOf = (d: string) => new Date(parseDate(d).add({ days: 1 }).toDate(tz).getTime() - 1).toISOString();
  return {
    ...(fromDate ? { fromDate: parseDate(fromDate).toDate(tz).toISOString() } : {}),
    ...(toDate ? { toDate: endOf(toDate) } : {}),
  };
}

/** A search without its page and days: the filters as the API names them. */
export function filtersOf<T extends DaySearch>(search: T) {
  const { from: _from, fromDate: _f, toDate: _t, ...rest } = search;
  return { ...rest, ...dayRange(search) };
}

/** An ISO instant as the viewer reads it, to the second (a report's events often share a minute). */
export const formatTime = (iso: string) => formatMoment(iso, 'dayTimeSeconds');

/** Saves a downloaded file under its name (an object URL on a transient link). */
export function saveFile({ fileName, blob }: { fileName: string; blob: Blob }) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
