import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the element carries an HTML boolean attribute (`open`, `hide-browse`), kept current. r2wc's boolean props
 * parse the attribute's text and ignore its removal, so presence is read here.
 */
export function useBooleanAttribute(element: HTMLElement | undefined, name: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!element) return () => undefined;
      const observer = new MutationObserver(changed);
      observer.observe(element, { attributes: true, attributeFilter: [name] });
      return () => observer.disconnect();
    },
    [element, name],
  );
  return useSyncExternalStore(subscribe, () => element?.hasAttribute(name) ?? false);
}

const subscribeOnline = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** `navigator.onLine`, kept current: offline the lists are not fetched (broadcast spec 8), back online they are. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}
