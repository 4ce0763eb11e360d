import { useCallback, useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { CHANNEL_SEARCH_DEBOUNCE_MS, ChannelPageSizes } from '@parley/sdk/contract/channel-texts';
import type { Channel } from '@parley/sdk/contract/channels';
import { channelsRoutes } from '@parley/sdk/contract/routes';
import { api } from '../../../stores/session-store.js';
import { showRefusal } from './show-refusal.js';

const PAGE = ChannelPageSizes.channels;

/**
 * The channel list's state (customer-master 9: 20 a page, name search debounced 300 ms): a new search or type filter
 * goes back to the first page; a reply that arrives after a newer request is dropped.
 */
export function useChannelList() {
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState<number | null>(null);
  const [from, setFrom] = useState(0);
  const [rows, setRows] = useState<Channel[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      setName(search.trim());
      setFrom(0);
    }, CHANNEL_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    let current = true;
    setLoading(true);
    const input = { from, perPage: PAGE, ...(name ? { name } : {}), ...(type === null ? {} : { type }) };
    firstValueFrom(api.callPage(channelsRoutes.list, input))
      .then((page) => {
        if (!current) return;
        setRows(page.data.channels);
        setMore(page.more || page.data.more);
      })
      .catch((error: unknown) => current && showRefusal(error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [name, type, from, reloads]);

  const filterType = useCallback((next: number | null) => {
    setType(next);
    setFrom(0);
  }, []);

  /** After a delete: the same page, or the one before when its last row went. */
  const reload = useCallback(
    (removedLastRow = false) => {
      if (removedLastRow && from > 0) setFrom(Math.max(0, from - PAGE));
      else setReloads((n) => n + 1);
    },
    [from],
  );

  return {
    search,
    setSearch,
    type,
    filterType,
    rows,
    loading,
    hasPrevious: from > 0,
    hasNext: more,
    previous: () => setFrom(Math.max(0, from - PAGE)),
    next: () => setFrom(from + PAGE),
    reload,
  };
}
