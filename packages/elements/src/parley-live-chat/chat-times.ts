const CLOCK = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short' });
const FULL = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const dateOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A bubble's time, '10:32 AM'. */
export const formatClock = (iso: string) => {
  const d = dateOf(iso);
  return d ? CLOCK.format(d) : '';
};

/** A list row's time: the clock today, the day before that ('12 Nov'), as chat apps show it. */
export function formatRowTime(iso: string, now = new Date()): string {
  const d = dateOf(iso);
  if (!d) return '';
  return d.toDateString() === now.toDateString() ? CLOCK.format(d) : DAY.format(d);
}

/** The full moment, for a time's tooltip and `datetime`-less readers. */
export const formatMoment = (iso: string) => {
  const d = dateOf(iso);
  return d ? FULL.format(d) : '';
};
