/**
 * The specs' date formats, from one Intl.DateTimeFormat's parts (en-US's: its short months are the specs' 'Sep', where
 * en-GB's is 'Sept'), in the viewer's time zone. Each format puts the parts in its spec's order. These do not follow
 * the element's `lang` on purpose: the spec fixes them ('dd MMM yyyy hh:mm a', 'dd-MM-yyyy HH:mm:ss', 'd MMM yyyy
 * hh:mm a') and the spec is the contract. Times the specs leave open follow the locale (live chat's chat-times.ts).
 */
const PARTS = new Intl.DateTimeFormat('en-US', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h12',
});
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

type Parts = Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'second' | 'dayPeriod', string>;

function partsOf(iso: string | null | undefined): (Parts & { date: Date }) | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return { ...(Object.fromEntries(PARTS.formatToParts(date).map((p) => [p.type, p.value])) as Parts), date };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Lists (uploads' Completed On, broadcasts' sent date), customer-master 9: '5 Jan 2024 10:30 am'; '' for none. */
export function formatListDate(iso: string | null | undefined): string {
  const p = partsOf(iso);
  return p ? `${Number(p.day)} ${p.month} ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod.toLowerCase()}` : '';
}

/** Agent and entity cards, agent-designer 2: 'dd MMM yyyy hh:mm a', as '05 Jan 2024 10:30 AM'. */
export function formatCardDate(iso: string): string {
  const p = partsOf(iso);
  return p ? `${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}` : '';
}

/** Conversation rows, agent-designer 9: 'dd-MM-yyyy HH:mm:ss', a 24-hour clock. */
export function formatRowDate(iso: string): string {
  const p = partsOf(iso);
  return p ? `${p.day}-${pad(p.date.getMonth() + 1)}-${p.year} ${pad(p.date.getHours())}:${p.minute}:${p.second}` : '';
}

/** A report day ('2026-11-24', already in the viewer's zone) as '24 Nov' for an axis, or '24 Nov 2026' in full. */
export function formatDay(day: string, full = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const month = MONTH.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
  const short = `${Number(m[3])} ${month}`;
  return full ? `${short} ${m[1]}` : short;
}
