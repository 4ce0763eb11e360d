import { useCallback, useEffect, useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { BROADCAST_SEARCH_DEBOUNCE_MS, BroadcastPageSizes } from '@parley/sdk/contract/broadcast-texts';
import type { BroadcastListItem } from '@parley/sdk/contract/broadcasts';
import { broadcastsRoutes } from '@parley/sdk/contract/routes';
import { api } from '../../stores/session-store.js';
import { showRefusal } from '../admin/channels/show-refusal.js';
import { defaultRange, rangeQuery, type DayRange } from './history-range.js';

const PAGE = BroadcastPageSizes.history;
/** A burst of events about broadcasts not on the page reloads it at most this often. */
const RELOAD_GAP_MS = 1000;

/**
 * The history's state (customer-master-and-broadcast 2 and 9): the name search applies 300 ms after typing, the date
 * range on Submit; either goes back to the first page, 20 a page. A reply that arrives after a newer request is dropped.
 */
export function useBroadcastHistory() {
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  /** The pickers' days, and the days the list was last asked for (Submit copies one to the other). */
  const [picked, setPicked] = useState<DayRange>(() => defaultRange());
  const [range, setRange] = useState<DayRange>(picked);
  const [from, setFrom] = useState(0);
  const [rows, setRows] = useState<BroadcastListItem[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** A reload the socket asked for replaces the rows without the table's spinner. */
  const quiet = useRef(false);
  useEffect(() => () => clearTimeout(pending.current), []);

  useEffect(() => {
    const timer = setTimeout(() => {
      setName(search.trim());
      setFrom(0);
    }, BROADCAST_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    let current = true;
    if (!quiet.current) setLoading(true);
    quiet.current = false;
    const input = { from, perPage: PAGE, ...(name ? { name } : {}), ...rangeQuery(range) };
    firstValueFrom(api.callPage(broadcastsRoutes.list, input))
      .then((page) => {
        if (!current) return;
        setRows(page.data.broadcastList);
        setMore(page.more || page.data.more);
      })
      .catch((error: unknown) => current && showRefusal(error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [name, range, from, reloads]);

  const submit = useCallback(() => {
    setRange({ ...picked });
    setFrom(0);
  }, [picked]);

  /**
   * A status the realtime socket reported: a row on the page takes it at once; a broadcast not on the first page
   * (one just sent, here or elsewhere) reloads that page, so it shows up without a refresh.
   */
  const onStatus = useCallback(
    (id: string, status: BroadcastListItem['status']) => {
      if (rowsRef.current.some((b) => b.id === id)) {
        setRows((list) => list.map((b) => (b.id === id && b.status !== status ? { ...b, status } : b)));
        return;
      }
      if (from !== 0 || pending.current) return;
      pending.current = setTimeout(() => {
        pending.current = undefined;
        quiet.current = true;
        setReloads((n) => n + 1);
      }, RELOAD_GAP_MS);
    },
    [from],
  );

  return {
    search,
    setSearch,
    picked,
    setPicked,
    submit,
    rows,
    loading,
    onStatus,
    hasPrevious: from > 0,
    hasNext: more,
    previous: () => setFrom(Math.max(0, from - PAGE)),
    next: () => setFrom(from + PAGE),
  };
}
