import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the element carries an HTML boolean attribute (`open`, `hide-browse`), kept current. Such an attribute is
 * on when present and off when absent, which r2wc's boolean props cannot express (they parse the attribute's text and
 * ignore its removal), so the component reads the attribute itself.
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
