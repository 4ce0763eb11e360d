import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { TemplatePageSizes, type TemplateStatus } from '@parley/sdk/contract/template-texts';
import { TEMPLATE_SORTS, type Template } from '@parley/sdk/contract/templates';
import { templatesRoutes } from '@parley/sdk/contract/routes';
import { sortKeys, sortQuery, sortSearch, tableSort, type TableSort } from '../../../components/list-search.js';
import { useListSearch, useSearchText } from '../../../components/use-list-search.js';
import { api } from '../../../stores/session-store.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { parseTemplateSearch } from './template-search.js';

const PAGE = TemplatePageSizes.templates;
/** Name search waits this long after the last key (customer-master 9). */
export const SEARCH_DEBOUNCE_MS = 300;
/** While a row is PENDING the page is read again this often, so a user sees the vendor's answer arrive. */
export const PENDING_REFRESH_MS = 3000;
/** ... and every this many reads the vendor is asked too, in case its webhook never comes. */
const SYNC_EVERY = 4;
const SORT_KEYS = sortKeys(TEMPLATE_SORTS);

/**
 * The template list's state: channel, name (debounced) and status filters, 20 a page, all in the URL with the sort
 * (`template-search.ts`), so a reload or Back shows the same list; a reply that arrives after a newer request is
 * dropped. Rows waiting for the vendor refresh by themselves without the table flashing.
 */
export function useTemplateList() {
  const [url, go] = useListSearch('/admin/messageTemplate/whatsapp', parseTemplateSearch);
  const { channelId = '', name, status = '', from = 0, sort, dir } = url;
  const [search, setSearch] = useSearchText(name, (next) => go({ ...url, name: next, from: undefined }), SEARCH_DEBOUNCE_MS);
  const [loaded, setLoaded] = useState<Template[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const request = useRef(0);

  const input = useCallback(
    () => ({ from, perPage: PAGE, ...(name ? { name } : {}), ...(status ? { status } : {}), ...(channelId ? { channelId } : {}), ...sortQuery(sort, dir) }),
    [from, name, status, channelId, sort, dir],
  );

  const read = useCallback(
    async (quiet: boolean) => {
      const mine = ++request.current;
      if (!quiet) setLoading(true);
      try {
        const page = await firstValueFrom(api.callPage(templatesRoutes.list, input()));
        if (mine !== request.current) return;
        setLoaded(page.data.templates);
        setMore(page.more || page.data.more);
      } catch (error) {
        if (mine === request.current && !quiet) showRefusal(error);
      } finally {
        if (mine === request.current && !quiet) setLoading(false);
      }
    },
    [input],
  );

  useEffect(() => {
    void read(false);
  }, [read, reloads]);

  const sortDescriptor = useMemo(() => tableSort({ sort, dir }), [sort, dir]);
  const rows = loaded;
  const toPage = (offset: number) => go({ ...url, from: Math.max(0, offset) || undefined });

  const pendingChannels = [...new Set(rows.filter((t) => t.status === 'PENDING').map((t) => t.channelId))].sort().join(',');
  useEffect(() => {
    if (!pendingChannels) return;
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      const asked =
        ticks % SYNC_EVERY === 0
          ? Promise.allSettled(pendingChannels.split(',').map((id) => firstValueFrom(api.templates.sync({ channelId: id }))))
          : Promise.resolve();
      void asked.then(() => read(true));
    }, PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pendingChannels, read]);

  return {
    channelId,
    setChannelId: (next: string) => go({ ...url, channelId: next || undefined, from: undefined }),
    search,
    setSearch,
    status,
    setStatus: (next: TemplateStatus | '') => go({ ...url, status: next || undefined, from: undefined }),
    rows,
    loading,
    sortDescriptor,
    sort: (next: TableSort) => go({ ...url, ...sortSearch(next, SORT_KEYS), from: undefined }),
    hasPrevious: from > 0,
    hasNext: more,
    previous: () => toPage(from - PAGE),
    next: () => toPage(from + PAGE),
    /** After a delete: the same page, or the one before when its last row went. */
    reload: (removedLastRow = false) => (removedLastRow && from > 0 ? toPage(from - PAGE) : setReloads((n) => n + 1)),
  };
}
