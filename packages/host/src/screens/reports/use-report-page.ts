import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { showRefusal } from '../../components/show-refusal.js';

/** One page of a report for the URL's search; a late reply to an older ask is dropped (the subscription ends). */
export function useReportPage<T>(load: () => Observable<{ rows: T[]; more: boolean }>, key: string) {
  const [rows, setRows] = useState<T[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    const request = load().subscribe({
      next: (page) => {
        setRows(page.rows);
        setMore(page.more);
      },
      error: (error: unknown) => {
        showRefusal(error);
        setRows([]);
        setMore(false);
        setLoading(false);
      },
      complete: () => setLoading(false),
    });
    return () => request.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` says what `load` (new on every render) reads.
  }, [key]);
  return { rows, more, loading };
}
