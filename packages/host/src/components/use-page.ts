import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { Page } from '@parley/sdk/transport';
import { showRefusal } from './show-refusal.js';
import type { Paged } from './PagerNav.js';

/**
 * One page of a list from the API. It asks again when `deps` (what `load` reads) change or `reload` is called; the
 * older request is unsubscribed, so a late reply to it never replaces a newer page. A refusal is shown as a toast and
 * leaves the rows as they were.
 */
export function usePage<T>(load: () => Observable<Page<T[]>>, deps: readonly unknown[]) {
  const [rows, setRows] = useState<T[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    setLoading(true);
    const request = load().subscribe({
      next: (page) => {
        setRows(page.data);
        setMore(page.more);
      },
      error: (error: unknown) => {
        showRefusal(error);
        setLoading(false);
      },
      complete: () => setLoading(false),
    });
    return () => request.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's `deps` say what `load` (new on every render) reads.
  }, [...deps, round]);
  return { rows, more, loading, reload: () => setRound((r) => r + 1) };
}

/** Previous / Next for a list whose offset lives in the component rather than in the URL. */
export function useLocalPaging(pageSize: number) {
  const [from, setFrom] = useState(0);
  const pager = (page: { more: boolean; loading: boolean }): Paged => ({
    hasPrevious: from > 0,
    hasNext: page.more,
    loading: page.loading,
    previous: () => setFrom((f) => Math.max(0, f - pageSize)),
    next: () => setFrom((f) => f + pageSize),
  });
  return { from, pager };
}
