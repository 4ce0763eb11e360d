import type { CustomerCsv } from '@parley/sdk/contract/customers';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** customer-master 9: 'd MMM yyyy hh:mm a', like '5 Jan 2024 10:30 am', in the viewer's time zone. */
export function formatCompletedOn(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const h = d.getHours() % 12 || 12;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()} ${pad(h)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'am' : 'pm'}`;
}

/**
 * Of two reports on one upload (a list load, a socket event, a poll), the one further along: a finished state beats
 * WAITING, then more processed lines. Reports can arrive out of order; progress never goes backwards on screen.
 */
export function fresher(a: CustomerCsv, b: CustomerCsv): CustomerCsv {
  if ((a.state === 'WAITING') !== (b.state === 'WAITING')) return a.state === 'WAITING' ? b : a;
  if (a.started !== b.started) return a.started ? a : b;
  return b.processedLines >= a.processedLines ? b : a;
}

/** An upload whose rows are being imported now: the screens follow it live. */
export const inProgress = (u: CustomerCsv) => u.state === 'WAITING' && u.started;
