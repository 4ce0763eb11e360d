import { useCallback, useEffect, useMemo, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { CHANNEL_SEARCH_DEBOUNCE_MS, ChannelPageSizes } from '@parley/sdk/contract/channel-texts';
import { CHANNEL_SORTS, type Channel } from '@parley/sdk/contract/channels';
import { channelsRoutes } from '@parley/sdk/contract/routes';
import { sortKeys, sortQuery, sortSearch, tableSort, type TableSort } from '../../../components/list-search.js';
import { useListSearch, useSearchText } from '../../../components/use-list-search.js';
import { api } from '../../../stores/session-store.js';
import { parseChannelSearch } from './channel-search.js';
import { showRefusal } from '../../../components/show-refusal.js';

const PAGE = ChannelPageSizes.channels;
const SORT_KEYS = sortKeys(CHANNEL_SORTS);

/**
 * The channel list's state (customer-master 9: 20 a page, name search debounced 300 ms). Name, type, page and sort
 * live in the URL (`channel-search.ts`), so a reload or Back shows the same list; a new search or type filter goes back
 * to the first page. A reply that arrives after a newer request is dropped.
 */
export function useChannelList() {
  const [url, go] = useListSearch('/admin/channels', parseChannelSearch);
  const { name, type, from = 0, sort, dir } = url;
  const [search, setSearch] = useSearchText(name, (next) => go({ ...url, name: next, from: undefined }), CHANNEL_SEARCH_DEBOUNCE_MS);
  const [loaded, setLoaded] = useState<Channel[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    const input = { from, perPage: PAGE, ...(name ? { name } : {}), ...(type === undefined ? {} : { type }), ...sortQuery(sort, dir) };
    firstValueFrom(api.callPage(channelsRoutes.list, input))
      .then((page) => {
        if (!current) return;
        setLoaded(page.data.channels);
        setMore(page.more || page.data.more);
      })
      .catch((error: unknown) => current && showRefusal(error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [name, type, from, sort, dir, reloads]);

  const sortDescriptor = useMemo(() => tableSort({ sort, dir }), [sort, dir]);
  const toPage = (offset: number) => go({ ...url, from: Math.max(0, offset) || undefined });

  /** After a delete: the same page, or the one before when its last row went. */
  const reload = useCallback(
    (removedLastRow = false) => {
      if (removedLastRow && from > 0) go({ ...url, from: from - PAGE || undefined });
      else setReloads((n) => n + 1);
    },
    [from, go, url],
  );

  return {
    search,
    setSearch,
    type: type ?? null,
    filterType: (next: number | null) => go({ ...url, type: next ?? undefined, from: undefined }),
    rows: loaded,
    loading,
    sortDescriptor,
    sort: (next: TableSort) => go({ ...url, ...sortSearch(next, SORT_KEYS), from: undefined }),
    hasPrevious: from > 0,
    hasNext: more,
    previous: () => toPage(from - PAGE),
    next: () => toPage(from + PAGE),
    reload,
  };
}
