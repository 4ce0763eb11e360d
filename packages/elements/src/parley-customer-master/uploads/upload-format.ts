import type { CustomerCsv } from '@parley/sdk/contract/customers';

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
