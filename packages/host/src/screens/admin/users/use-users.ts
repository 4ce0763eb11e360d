import { useEffect, useState } from 'react';
import type { EnterpriseUser } from '@parley/sdk/contract/users';
import { api } from '../../../stores/session-store.js';
import { usersRoutes } from '@parley/sdk/contract/routes';
import { showRefusal } from '../channels/show-refusal.js';
import { USERS_PAGE, type UsersSearch } from './users-search.js';

/** One page of users for the URL's search; `reload` asks again after a change. A late reply to an older ask is dropped. */
export function useUsers({ name, state, from }: UsersSearch) {
  const [rows, setRows] = useState<EnterpriseUser[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    setLoading(true);
    const request = api.callPage(usersRoutes.list, { name, state, from: from ?? 0, perPage: USERS_PAGE }).subscribe({
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
  }, [name, state, from, round]);
  return { rows, more, loading, reload: () => setRound((r) => r + 1) };
}
