import { trashRoutes } from '@parley/sdk/contract/routes';
import { TRASH_PAGE } from '@parley/sdk/contract/trash-texts';
import type { TrashItem } from '@parley/sdk/contract/trash';
import { usePage } from '../../../components/use-page.js';
import { api } from '../../../stores/session-store.js';
import type { TrashSearch } from './trash-search.js';

/** One page of the trash for the URL's search; `reload` asks again after a restore or a delete. */
export const useTrash = ({ type, name, from }: TrashSearch) =>
  usePage<TrashItem>(() => api.callPage(trashRoutes.list, { type, name, from: from ?? 0, perPage: TRASH_PAGE }), [type, name, from]);
