/** The analytics period in the URL: first and last day as yyyy-mm-dd in the viewer's calendar (default: last 7 days). */
export interface AnalyticsSearch {
  fromDate?: string;
  toDate?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: unknown) => {
  if (typeof v !== 'string' || !DAY.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : undefined;
};

export function validateAnalyticsSearch(raw: Record<string, unknown>): AnalyticsSearch {
  const fromDate = day(raw.fromDate);
  const toDate = day(raw.toDate);
  // Both or neither, in order: a half or backwards period falls back to the default.
  return fromDate && toDate && fromDate <= toDate ? { fromDate, toDate } : {};
}

export const ANALYTICS_DEFAULT_DAYS = 7;
