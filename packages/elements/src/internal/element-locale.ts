import { useCallback, useSyncExternalStore } from 'react';

/** A `lang` value Intl can use, or null for an empty or malformed one (`lang=""` says "unknown" in HTML). */
function usable(lang: string | null | undefined): string | null {
  const tag = lang?.trim();
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The language an element speaks, as HTML decides it: its own `lang`, else the nearest ancestor's, else the
 * browser's. Partners set `lang` on the element or the page; nothing in Parley picks a locale for them. A `lang` that
 * names a language without a region (`en`, as the console's page does) takes the reader's region when the browser
 * speaks that language: a reader in London gets '12 Nov' from an English page, one in Boston 'Nov 12'.
 */
export function localeOf(element: Element | null | undefined): string {
  const lang = usable(element?.closest('[lang]')?.getAttribute('lang'));
  const browser = usable(typeof navigator === 'undefined' ? null : navigator.language);
  if (lang && browser && sameLanguageMoreRegion(lang, browser)) return browser;
  return lang ?? browser ?? 'en-US';
}

function sameLanguageMoreRegion(lang: string, browser: string): boolean {
  const page = new Intl.Locale(lang);
  const reader = new Intl.Locale(browser);
  return !page.region && !!reader.region && page.language === reader.language;
}

/** `localeOf`, kept current when a `lang` on the element or anywhere above it changes. */
export function useElementLocale(element: Element | null | undefined): string {
  const subscribe = useCallback((changed: () => void) => {
    // Any `lang` above the element may change which one is nearest: watch them all, and only `lang`.
    const observer = new MutationObserver(changed);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
    window.addEventListener('languagechange', changed);
    return () => {
      observer.disconnect();
      window.removeEventListener('languagechange', changed);
    };
  }, []);
  return useSyncExternalStore(subscribe, () => localeOf(element));
}
