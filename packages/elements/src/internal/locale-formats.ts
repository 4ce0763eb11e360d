/**
 * The dates and numbers the specs leave open, in one locale: the console's (its `<html lang>`) or an element's (its
 * `lang`). Formats the specs fix ('dd MMM yyyy hh:mm a' and the like) are in dates.ts and do not follow the locale.
 * Pure (no DOM): the host's unit tests run it in Node.
 */
const OPTIONS = {
  /** '5 Jan 2024' in en-GB, 'Jan 5, 2024' in en-US. */
  day: { dateStyle: 'medium' },
  /** '5 Jan 2024, 14:30' in en-GB, 'Jan 5, 2024, 2:30 PM' in en-US. */
  dayTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** `dayTime` with seconds, for logs and reports where two events share a minute. */
  dayTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  /** `dayTime` without the year, for a moment that is near by nature (an offer's end): '5 Jan, 14:30'. */
  monthDayTime: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  /** '14:30' in en-GB, '2:30 PM' in en-US. */
  time: { timeStyle: 'short' },
  timeSeconds: { timeStyle: 'medium' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type MomentFormat = keyof typeof OPTIONS;

export interface LocaleFormats {
  readonly locale: string;
  /** An instant (ISO string or Date) in the viewer's time zone; '' for a missing or invalid one. */
  moment(value: string | Date | null | undefined, how: MomentFormat): string;
  /**
   * A calendar date ('2026-03-10', no time of day) as '10 Mar' or 'Mar 10'. Read and written in UTC: in the viewer's
   * zone, midnight UTC is the day before anywhere west of Greenwich.
   */
  dateOnly(date: string): string;
  /** A count with the locale's grouping: '12,345' in en-US, '12.345' in de. */
  number(n: number): string;
}

const cache = new Map<string, LocaleFormats>();

function build(locale: string): LocaleFormats {
  const formats = new Map<MomentFormat, Intl.DateTimeFormat>();
  const formatOf = (how: MomentFormat) => {
    let f = formats.get(how);
    if (!f) formats.set(how, (f = new Intl.DateTimeFormat(locale, OPTIONS[how])));
    return f;
  };
  const dateOnly = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const numbers = new Intl.NumberFormat(locale);
  return {
    locale,
    moment(value, how) {
      if (value === null || value === undefined || value === '') return '';
      const d = value instanceof Date ? value : new Date(value);
      return Number.isNaN(d.getTime()) ? '' : formatOf(how).format(d);
    },
    dateOnly(date) {
      const d = new Date(`${date}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? date : dateOnly.format(d);
    },
    number: (n) => numbers.format(n),
  };
}

/** The formats of a locale, built once per locale: a table of a thousand rows reuses the same Intl objects. */
export function localeFormats(locale: string): LocaleFormats {
  let formats = cache.get(locale);
  if (!formats) cache.set(locale, (formats = build(locale)));
  return formats;
}
