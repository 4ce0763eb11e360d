export { formatListDate as formatSentDate } from '../internal/dates.js';

/** Spec 2: statuses in title case ('DELIVERED' → 'Delivered'). */
export const titleCase = (status: string) =>
  status.toLowerCase().replace(/(^|[\s_-])(\p{L})/gu, (_, gap: string, c: string) => `${gap === '_' ? ' ' : gap}${c.toUpperCase()}`);
