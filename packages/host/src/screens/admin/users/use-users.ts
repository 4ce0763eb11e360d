import type { EnterpriseUser } from '@parley/sdk/contract/users';
import { usersRoutes } from '@parley/sdk/contract/routes';
import { usePage } from '../../../components/use-page.js';
import { api } from '../../../stores/session-store.js';
import { USERS_PAGE, type UsersSearch } from './users-search.js';

/** One page of users for the URL's search; `reload` asks again after a change. A late reply to an older ask is dropped. */
export const useUsers = ({ name, state, from }: UsersSearch) =>
  usePage<EnterpriseUser>(() => api.callPage(usersRoutes.list, { name, state, from: from ?? 0, perPage: USERS_PAGE }), [name, state, from]);
