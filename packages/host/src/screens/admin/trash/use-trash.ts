import { useEffect, useState } from 'react';
import { trashRoutes } from '@parley/sdk/contract/routes';
import { TRASH_PAGE } from '@parley/sdk/contract/trash-texts';
import type { TrashItem } from '@parley/sdk/contract/trash';
import { api } from '../../../stores/session-store.js';
import { showRefusal } from '../channels/show-refusal.js';
import type { TrashSearch } from './trash-search.js';

/** One page of the trash for the URL's search; `reload` asks again after a restore or a delete. */
export function useTrash({ type, name, from }: TrashSearch) {
  const [rows, setRows] = useState<TrashItem[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    setLoading(true);
    const request = api.callPage(trashRoutes.list, { type, name, from: from ?? 0, perPage: TRASH_PAGE }).subscribe({
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
  }, [type, name, from, round]);
  return { rows, more, loading, reload: () => setRound((r) => r + 1) };
}
