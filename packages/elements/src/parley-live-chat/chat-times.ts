import { useLocale } from '@adobe/react-spectrum/Provider';
import { useMemo } from 'react';

/** The inbox's times, in the element's locale (its `lang`): the specs leave their format to it. */
export interface ChatTimes {
  /** A bubble's time: '10:32 AM' in en-US, '10:32' in en-GB. */
  clock(iso: string): string;
  /** A list row's time: the clock today, the day before that ('Nov 12' in en-US, '12 Nov' in en-GB), as chat apps do. */
  row(iso: string, now?: Date): string;
  /** The full moment, for a time's tooltip. */
  moment(iso: string): string;
}

const dateOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

export function chatTimes(locale: string): ChatTimes {
  const clock = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const format = (iso: string, how: Intl.DateTimeFormat) => {
    const d = dateOf(iso);
    return d ? how.format(d) : '';
  };
  return {
    clock: (iso) => format(iso, clock),
    row(iso, now = new Date()) {
      const d = dateOf(iso);
      if (!d) return '';
      return d.toDateString() === now.toDateString() ? clock.format(d) : day.format(d);
    },
    moment: (iso) => format(iso, full),
  };
}

/** `chatTimes` in the locale of the element the caller renders in. */
export function useChatTimes(): ChatTimes {
  const { locale } = useLocale();
  return useMemo(() => chatTimes(locale), [locale]);
}
