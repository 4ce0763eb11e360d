import { useEffect, useState } from 'react';
import type { Invitation } from '@parley/sdk/contract/invitations';
import { invitationsRoutes } from '@parley/sdk/contract/routes';
import { api } from '../../../stores/session-store.js';
import { showRefusal } from '../channels/show-refusal.js';

export const INVITATIONS_PAGE = 15;

/** One page of the enterprise's invitations, newest first; `reload` after a change. */
export function useInvitations() {
  const [from, setFrom] = useState(0);
  const [rows, setRows] = useState<Invitation[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    setLoading(true);
    const request = api.callPage(invitationsRoutes.list, { from, perPage: INVITATIONS_PAGE }).subscribe({
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
  }, [from, round]);
  return {
    rows,
    loading,
    reload: () => setRound((r) => r + 1),
    pager: {
      hasPrevious: from > 0,
      hasNext: more,
      loading,
      previous: () => setFrom((f) => Math.max(0, f - INVITATIONS_PAGE)),
      next: () => setFrom((f) => f + INVITATIONS_PAGE),
    },
  };
}
