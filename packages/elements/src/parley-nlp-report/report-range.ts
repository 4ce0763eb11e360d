import { CalendarDateTime, getLocalTimeZone, now, toCalendarDate, toCalendarDateTime, today } from '@internationalized/date';

/**
 * The contract's ReportMessages and ReportLimits (sdk contract/nlp-reports), restated: that module builds zod schemas
 * as it loads, which the element does not carry. The tests check the two agree.
 */
export const PeriodMessages = {
  endBeforeStart: 'End Date should not be before Start Date',
  tooLong: 'Please choose a period of at most 366 days',
} as const;
export const PeriodLimits = { maxDays: 366 } as const;

/** What the Start Date and End Date pickers hold: wall-clock minutes in the viewer's zone. */
export interface Period {
  start: CalendarDateTime;
  end: CalendarDateTime;
}

/** The range every report call sends: ISO instants plus the zone the server buckets days in. */
export interface RangeInput {
  agentId: string;
  startDate: string;
  endDate: string;
  timeZone?: string;
  timeZoneOffset: number;
}

/** The viewer's IANA zone ('UTC' when the browser does not say). */
export function viewerTimeZone(): string {
  try {
    return getLocalTimeZone() || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** agent-designer 9: by default the report covers 7 days back to now. */
export function defaultPeriod(tz: string, days = DEFAULT_DAYS): Period {
  const end = toCalendarDateTime(now(tz)).set({ second: 0, millisecond: 0 });
  const span = Number.isInteger(days) && days >= 1 && days <= MAX_DAYS ? days : DEFAULT_DAYS;
  return { start: end.subtract({ days: span }), end };
}

/** agent-designer 9: the report opens on the last 7 days; a page may ask for up to a year (the server's limit). */
export const DEFAULT_DAYS = 7;
export const MAX_DAYS = 366;

/** The pickers' maximum: the last minute of today (agent-designer 2, 'maximum date today'). */
export const latestPickable = (tz: string) => toCalendarDateTime(today(tz)).set({ hour: 23, minute: 59 });

/** The error to show under End Date, if the period cannot be asked for (the server would refuse it the same way). */
export function periodError(period: Period, tz: string): string | undefined {
  const start = period.start.toDate(tz).getTime();
  const end = endInstant(period.end, tz).getTime();
  if (end < start) return PeriodMessages.endBeforeStart;
  if (end - start > PeriodLimits.maxDays * 86_400_000) return PeriodMessages.tooLong;
  return undefined;
}

/** The pickers stop at minutes: an End Date of 14:05 takes in the whole of that minute, up to 14:05:59.999. */
const endInstant = (end: CalendarDateTime, tz: string) => new Date(end.set({ second: 0, millisecond: 0 }).toDate(tz).getTime() + 59_999);

export function rangeOf(agentId: string, period: Period, tz: string): RangeInput {
  return {
    agentId,
    startDate: period.start.set({ second: 0, millisecond: 0 }).toDate(tz).toISOString(),
    endDate: endInstant(period.end, tz).toISOString(),
    timeZone: tz,
    timeZoneOffset: new Date().getTimezoneOffset(),
  };
}

/** Every day of the period as the server names days ('2026-11-24'), so days without messages still show on the axis. */
export function daysOf(period: Period): string[] {
  const days: string[] = [];
  const last = toCalendarDate(period.end);
  for (let d = toCalendarDate(period.start); d.compare(last) <= 0 && days.length <= PeriodLimits.maxDays + 1; d = d.add({ days: 1 })) {
    days.push(d.toString());
  }
  return days;
}
