import { parseDate } from '@internationalized/date';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { BROADCAST_SEARCH_DEBOUNCE_MS, BroadcastPageSizes } from '@parley/sdk/contract/broadcast-texts';
import { BROADCAST_SORTS, type BroadcastListItem } from '@parley/sdk/contract/broadcasts';
import { broadcastsRoutes } from '@parley/sdk/contract/routes';
import { sortKeys, sortQuery, sortSearch, tableSort, type TableSort } from '../../components/list-search.js';
import { useListSearch, useSearchText } from '../../components/use-list-search.js';
import { api } from '../../stores/session-store.js';
import { showRefusal } from '../../components/show-refusal.js';
import { parseBroadcastSearch } from './broadcast-search.js';
import { defaultRange, rangeQuery, type DayRange } from './history-range.js';

const PAGE = BroadcastPageSizes.history;
/** A burst of events about broadcasts not on the page reloads it at most this often. */
const RELOAD_GAP_MS = 1000;
const SORT_KEYS = sortKeys(BROADCAST_SORTS);

/** The URL's days, or the default last 7 days when it has none. */
const rangeOf = (start: string | undefined, end: string | undefined): DayRange =>
  start && end ? { start: parseDate(start), end: parseDate(end) } : defaultRange();

/**
 * The history's state (customer-master-and-broadcast 2 and 9): the name search applies 300 ms after typing, the date
 * range on Submit; either goes back to the first page, 20 a page. Name, submitted range, page and sort live in the URL
 * (`broadcast-search.ts`), so a reload or Back shows the same list. A reply that arrives after a newer request is dropped.
 */
export function useBroadcastHistory() {
  const [url, go] = useListSearch('/campaigns/broadcast', parseBroadcastSearch);
  const { name, start, end, from = 0, sort, dir } = url;
  const [search, setSearch] = useSearchText(name, (next) => go({ ...url, name: next, from: undefined }), BROADCAST_SEARCH_DEBOUNCE_MS);
  const range = useMemo(() => rangeOf(start, end), [start, end]);
  /** The pickers' days: the URL's until changed; Submit puts them in the URL. */
  const [picked, setPicked] = useState<DayRange>(range);
  useEffect(() => setPicked(range), [range]);
  const [loaded, setLoaded] = useState<BroadcastListItem[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const rowsRef = useRef(loaded);
  rowsRef.current = loaded;
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** A reload the socket asked for replaces the rows without the table's spinner. */
  const quiet = useRef(false);
  useEffect(() => () => clearTimeout(pending.current), []);

  useEffect(() => {
    let current = true;
    if (!quiet.current) setLoading(true);
    quiet.current = false;
    const input = { from, perPage: PAGE, ...(name ? { name } : {}), ...rangeQuery(range), ...sortQuery(sort, dir) };
    firstValueFrom(api.callPage(broadcastsRoutes.list, input))
      .then((page) => {
        if (!current) return;
        setLoaded(page.data.broadcastList);
        setMore(page.more || page.data.more);
      })
      .catch((error: unknown) => current && showRefusal(error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [name, range, from, sort, dir, reloads]);

  const submit = () => go({ ...url, start: picked.start.toString(), end: picked.end.toString(), from: undefined });

  /**
   * A status the realtime socket reported: a row on the page takes it at once; a broadcast not on the first page
   * (one just sent, here or elsewhere) reloads that page, so it shows up without a refresh.
   */
  const onStatus = useCallback(
    (id: string, status: BroadcastListItem['status']) => {
      if (rowsRef.current.some((b) => b.id === id)) {
        setLoaded((list) => list.map((b) => (b.id === id && b.status !== status ? { ...b, status } : b)));
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

  const sortDescriptor = useMemo(() => tableSort({ sort, dir }), [sort, dir]);
  const toPage = (offset: number) => go({ ...url, from: Math.max(0, offset) || undefined });

  return {
    search,
    setSearch,
    picked,
    setPicked,
    submit,
    rows: loaded,
    loading,
    onStatus,
    sortDescriptor,
    sort: (next: TableSort) => go({ ...url, ...sortSearch(next, SORT_KEYS), from: undefined }),
    hasPrevious: from > 0,
    hasNext: more,
    previous: () => toPage(from - PAGE),
    next: () => toPage(from + PAGE),
  };
}
