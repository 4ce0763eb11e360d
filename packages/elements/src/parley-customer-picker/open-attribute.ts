import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the element carries the `open` attribute, kept current. `open` is an HTML boolean (present or absent),
 * which r2wc's boolean props cannot express (they parse the attribute's text and ignore its removal), so the
 * component reads the attribute itself.
 */
export function useOpenAttribute(element: HTMLElement | undefined): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!element) return () => undefined;
      const observer = new MutationObserver(changed);
      observer.observe(element, { attributes: true, attributeFilter: ['open'] });
      return () => observer.disconnect();
    },
    [element],
  );
  return useSyncExternalStore(subscribe, () => element?.hasAttribute('open') ?? false);
}
