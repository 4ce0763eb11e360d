import { useEffect, useState } from 'react';
import type { Bucket } from '@parley/sdk/contract/artifacts';
import { api } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import type { Visibility } from './library-format.js';
import { messageOf } from './use-artifacts.js';

/** Every bucket of a visibility with its count ("Canned bucket list", perPage -1). */
export function useBuckets(visibility: Visibility) {
  const [buckets, setBuckets] = useState<Bucket[]>([]);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    const sub = api.artifacts.buckets({ visibility, perPage: -1 }).subscribe({
      next: (data) => setBuckets(data.list),
      error: (error: unknown) => toast(messageOf(error), 'error'),
    });
    return () => sub.unsubscribe();
  }, [visibility, reloads]);
  return { buckets, reload: () => setReloads((n) => n + 1) };
}
