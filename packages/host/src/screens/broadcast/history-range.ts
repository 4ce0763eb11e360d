import { CalendarDate, getLocalTimeZone, today } from '@internationalized/date';
import { HISTORY_DEFAULT_DAYS } from '@parley/sdk/contract/broadcast-texts';
import { formatListDate } from '@parley/elements/internal/dates';

/** The Start and End date pickers' days, in the viewer's own calendar. */
export interface DayRange {
  start: CalendarDate;
  end: CalendarDate;
}

export function viewerTimeZone(): string {
  try {
    return getLocalTimeZone() || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The history's default (customer-master-and-broadcast 2): the last 7 days ending today. */
export function defaultRange(tz = viewerTimeZone()): DayRange {
  const end = today(tz);
  return { start: end.subtract({ days: HISTORY_DEFAULT_DAYS - 1 }), end };
}

/**
 * The instants the server filters by: from the start of the first day to the last millisecond of the last, both in
 * the viewer's zone, so a broadcast sent late today is in "today" wherever the viewer is.
 */
export function rangeQuery(range: DayRange, tz = viewerTimeZone()): { fromDate: string; toDate: string } {
  const endOfDay = new Date(range.end.add({ days: 1 }).toDate(tz).getTime() - 1);
  return { fromDate: range.start.toDate(tz).toISOString(), toDate: endOfDay.toISOString() };
}

/** 'COMPLETED' → 'Completed' (the history shows statuses in title case). */
export const titleCase = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();

/** Created On as the spec's date format, d MMM yyyy hh:mm a ('5 Jan 2024 10:30 am'): the one the elements' lists use. */
export const createdOn = (iso: string): string => formatListDate(iso) || iso;
