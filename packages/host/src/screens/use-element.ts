import { useEffect, useRef, useState } from 'react';

/**
 * Loads an element's code when its screen opens (`define` registers the tag) and routes its `parley-navigate`
 * events: the host cancels each one and moves the URL, which comes back to the element as `view`.
 */
export function useElement(define: () => Promise<unknown>, navigateTo?: (path: string) => void) {
  const ref = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void define().then(() => live && setReady(true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: the loader is the same module for the screen's whole life.
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el || !navigateTo) return;
    const onNavigate = (e: Event) => {
      e.preventDefault();
      navigateTo((e as CustomEvent<{ path: string }>).detail.path);
    };
    el.addEventListener('parley-navigate', onNavigate);
    return () => el.removeEventListener('parley-navigate', onNavigate);
  }, [ready, navigateTo]);
  return { ref, ready };
}
