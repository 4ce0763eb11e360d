import { useCallback, useEffect, useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { TemplatePageSizes, type TemplateStatus } from '@parley/sdk/contract/template-texts';
import type { Template } from '@parley/sdk/contract/templates';
import { templatesRoutes } from '@parley/sdk/contract/routes';
import { api } from '../../../stores/session-store.js';
import { showRefusal } from './show-refusal.js';

const PAGE = TemplatePageSizes.templates;
/** Name search waits this long after the last key (customer-master 9). */
export const SEARCH_DEBOUNCE_MS = 300;
/** While a row is PENDING the page is read again this often, so a user sees the vendor's answer arrive. */
export const PENDING_REFRESH_MS = 3000;
/** ... and every this many reads the vendor is asked too, in case its webhook never comes. */
const SYNC_EVERY = 4;

/**
 * The template list's state: channel, name (debounced) and status filters, 20 a page; a reply that arrives after a
 * newer request is dropped. Rows waiting for the vendor refresh by themselves without the table flashing.
 */
export function useTemplateList() {
  const [channelId, setChannelId] = useState('');
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [status, setStatus] = useState<TemplateStatus | ''>('');
  const [from, setFrom] = useState(0);
  const [rows, setRows] = useState<Template[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const request = useRef(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      setName(search.trim());
      setFrom(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const input = useCallback(
    () => ({ from, perPage: PAGE, ...(name ? { name } : {}), ...(status ? { status } : {}), ...(channelId ? { channelId } : {}) }),
    [from, name, status, channelId],
  );

  const read = useCallback(
    async (quiet: boolean) => {
      const mine = ++request.current;
      if (!quiet) setLoading(true);
      try {
        const page = await firstValueFrom(api.callPage(templatesRoutes.list, input()));
        if (mine !== request.current) return;
        setRows(page.data.templates);
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

  const filter =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setFrom(0);
    };

  return {
    channelId,
    setChannelId: filter(setChannelId),
    search,
    setSearch,
    status,
    setStatus: filter(setStatus),
    rows,
    loading,
    hasPrevious: from > 0,
    hasNext: more,
    previous: () => setFrom(Math.max(0, from - PAGE)),
    next: () => setFrom(from + PAGE),
    /** After a delete: the same page, or the one before when its last row went. */
    reload: (removedLastRow = false) => (removedLastRow && from > 0 ? setFrom(Math.max(0, from - PAGE)) : setReloads((n) => n + 1)),
  };
}
