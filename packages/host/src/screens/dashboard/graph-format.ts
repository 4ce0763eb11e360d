import { TIME_TYPES, type TimeType } from '@parley/sdk/contract/dashboard-range';
import { formatDateOnly } from '../../format/locale.js';
export { elapsed } from '../chat-monitor/elapsed.js';

/** Above this many points the x axis labels only some of them (platform-shell 2.7). */
export const MAX_LABELLED_POINTS = 30;

/**
 * The keys whose x-axis label is drawn: all of them up to 30 points, otherwise every k-th counted back from the last
 * (today or the current hour is always labelled) so that at most 30 labels remain.
 */
export function thinnedLabels(keys: readonly string[], max = MAX_LABELLED_POINTS): Set<string> {
  if (keys.length <= max) return new Set(keys);
  const step = Math.ceil(keys.length / max);
  return new Set(keys.filter((_, i) => (keys.length - 1 - i) % step === 0));
}

/** A bucket key as the axis shows it: a day in the console's locale (`Mar 10`), `14:00` for an hour. */
export function pointLabel(key: string): string {
  const hour = /^\d{4}-\d{2}-\d{2}T(\d{2}):00$/.exec(key);
  if (hour) return `${hour[1]}:00`;
  return formatDateOnly(key);
}

/** The period in the URL (`?period=WEEK`); anything else is the default, MONTH (2.7). */
export interface DashboardSearch {
  period?: TimeType;
}
export function validateDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  const period = TIME_TYPES.find((t) => t === raw.period);
  return period && period !== 'MONTH' ? { period } : {};
}

/** A whole number plainly, otherwise with two decimals (platform-shell 9). */
export const figure = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
