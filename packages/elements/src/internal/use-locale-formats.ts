import { useLocale } from '@adobe/react-spectrum/Provider';
import { localeFormats, type LocaleFormats } from './locale-formats.js';

/**
 * The formats of the locale the caller renders in: its element's `lang` (ElementRoot's Provider), or the console's
 * when the host renders it. Stable per locale, so it can sit in an effect's dependencies.
 */
export function useLocaleFormats(): LocaleFormats {
  return localeFormats(useLocale().locale);
}
