import { localeOf } from '@parley/elements/internal/element-locale';
import { localeFormats, type LocaleFormats, type MomentFormat } from '@parley/elements/internal/locale-formats';

let decided: string | undefined;

/**
 * The console's one locale, decided on first use: the `<html lang>` index.html sets, else the browser's language,
 * else en-US (as an element decides its own). Spectrum's Provider gets the same one, so its date pickers and our
 * tables agree. Nothing in the console changes `lang` afterwards.
 */
export function consoleLocale(): string {
  if (decided) return decided;
  // Node (the unit tests) has no document, and before Node 21 no navigator either.
  if (typeof document !== 'undefined') decided = localeOf(document.documentElement);
  else if (typeof navigator !== 'undefined') decided = localeOf(null);
  else decided = 'en-US';
  return decided;
}

const formats = (): LocaleFormats => localeFormats(consoleLocale());

/** An instant as the console writes it: see `MomentFormat` for the shapes. */
export const formatMoment = (value: string | Date | null | undefined, how: MomentFormat) => formats().moment(value, how);

/** A calendar date with no time of day ('2026-03-10'), as a chart's day label: '10 Mar' or 'Mar 10'. */
export const formatDateOnly = (date: string) => formats().dateOnly(date);

export const formatCount = (n: number) => formats().number(n);
