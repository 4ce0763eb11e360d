import type { Invitation } from '@parley/sdk/contract/invitations';
import { invitationsRoutes } from '@parley/sdk/contract/routes';
import { useLocalPaging, usePage } from '../../../components/use-page.js';
import { api } from '../../../stores/session-store.js';

export const INVITATIONS_PAGE = 15;

/** One page of the enterprise's invitations, newest first; `reload` after a change. */
export function useInvitations() {
  const { from, pager } = useLocalPaging(INVITATIONS_PAGE);
  const page = usePage<Invitation>(() => api.callPage(invitationsRoutes.list, { from, perPage: INVITATIONS_PAGE }), [from]);
  return { rows: page.rows, loading: page.loading, reload: page.reload, pager: pager(page) };
}
