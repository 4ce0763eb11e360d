/**
 * The dashboard graph's periods (platform-shell 2.7 and 9): MONTH 30 days back, HALF-MONTH 14, WEEK 6, each with
 * today and one bucket per day; DAY is today in hourly buckets. Zod-free: the console's graph and the server share it.
 * `clientOffset` is in minutes as the browser's `Date#getTimezoneOffset` gives it (-330 for India, 300 for New York
 * in winter), so a local wall clock is `UTC - offset`.
 */
export const TIME_TYPES = ['MONTH', 'HALF-MONTH', 'WEEK', 'DAY'] as const;
export type TimeType = (typeof TIME_TYPES)[number];

export const DAYS_BACK: Record<TimeType, number> = { MONTH: 30, 'HALF-MONTH': 14, WEEK: 6, DAY: 0 };
export const PERIOD_LABELS: Record<TimeType, string> = { MONTH: '1 Month', 'HALF-MONTH': '15 Days', WEEK: '7 Days', DAY: '1 Day' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_MS = 24 * HOUR;

export interface DashboardRange {
  /** The first bucket's start and the last bucket's end (exclusive), as instants. */
  fromDate: Date;
  toDate: Date;
  unit: 'day' | 'hour';
}

/** The caller's local midnight of `at`, as an instant. */
export function localMidnight(at: Date, clientOffset: number): Date {
  const local = at.getTime() - clientOffset * MINUTE;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) + clientOffset * MINUTE);
}

/** The period ending with the caller's current local day. */
export function dashboardRange(timeType: TimeType, currentDate: Date, clientOffset: number): DashboardRange {
  const today = localMidnight(currentDate, clientOffset);
  return {
    fromDate: new Date(today.getTime() - DAYS_BACK[timeType] * DAY_MS),
    toDate: new Date(today.getTime() + DAY_MS),
    unit: timeType === 'DAY' ? 'hour' : 'day',
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** A bucket's key as the server writes it: `yyyy-mm-dd` for days, `yyyy-mm-ddThh:00` for hours, local to the caller. */
export function bucketKey(at: Date, unit: 'day' | 'hour', clientOffset: number): string {
  const l = new Date(at.getTime() - clientOffset * MINUTE);
  const day = `${l.getUTCFullYear()}-${two(l.getUTCMonth() + 1)}-${two(l.getUTCDate())}`;
  return unit === 'day' ? day : `${day}T${two(l.getUTCHours())}:00`;
}

/** Every bucket's key from `fromDate` up to `toDate`, so quiet days and hours show as zero rather than as gaps. */
export function bucketKeys(range: DashboardRange, clientOffset: number): string[] {
  const keys: string[] = [];
  const step = range.unit === 'day' ? DAY_MS : HOUR;
  for (let t = range.fromDate.getTime(); t < range.toDate.getTime() && keys.length < 800; t += step) {
    const key = bucketKey(new Date(t), range.unit, clientOffset);
    if (keys[keys.length - 1] !== key) keys.push(key);
  }
  return keys;
}
