import { useEffect, useState } from 'react';

const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * A module an element needs only once the user opens something (a dialog's body), fetched with `import()` right
 * after the element first renders: a partner page downloads the element without it, the tag is defined sooner, and
 * the body has normally arrived before anyone opens it. null until then. Not React.lazy: a Suspense boundary holds
 * revealed content back for a moment (React 19 batches reveals), which would show an empty modal on the first open.
 * `load` must be a module-level function: it is also the key that lets every instance share one fetch.
 */
export function useDeferredModule<T>(load: () => Promise<T>): T | null {
  const [module, setModule] = useState<T | null>(() => (loaded.get(load) as T | undefined) ?? null);
  useEffect(() => {
    if (module) return;
    let mounted = true;
    load().then(
      (m) => {
        loaded.set(load, m);
        if (mounted) setModule(() => m);
      },
      (error: unknown) => console.error('Parley: a part of this element could not be loaded', error),
    );
    return () => {
      mounted = false;
    };
  }, [load, module]);
  return module;
}
