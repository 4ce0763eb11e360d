const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** agent-designer 2: conversation rows show 'dd-MM-yyyy HH:mm:ss' in the viewer's time zone. */
export function formatRowDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A report day ('2026-11-24', already in the viewer's zone) as '24 Nov' for an axis, or '24 Nov 2026' in full. */
export function formatDay(day: string, full = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const short = `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? m[2]}`;
  return full ? `${short} ${m[1]}` : short;
}

/** agent-designer 9: the donut's share and the average have 2 decimals. */
export const twoDecimals = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '0.00');

export const percent = (n: number) => `${twoDecimals(n)}%`;

/** A classifier confidence (0-1) as a percentage with 2 decimals. */
export const confidenceText = (c: number) => percent(c * 100);

export const count = (n: number) => n.toLocaleString('en-US');
