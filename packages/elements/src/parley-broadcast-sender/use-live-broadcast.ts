import { useCallback, useEffect, useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { BroadcastPageSizes, type MessageStatus } from '@parley/sdk/contract/broadcast-texts';
import type { BroadcastDetail, MessageItem } from '@parley/sdk/contract/broadcasts';
import { connectRealtime } from '@parley/sdk/realtime-socket';
import { messageOf } from '../internal/use-call.js';
import type { SenderClient } from './sender-client.js';

/** Realtime events the server publishes for broadcasts (issue 20). */
export const BROADCAST_EVENTS = ['broadcast.status', 'broadcast.message'] as const;
/** While anything is still moving, the view is also polled at this pace: a proxy may drop the socket. */
export const POLL_MS = 2000;
/** Socket events arrive in bursts; the page is reloaded at most this often because of them. */
const EVENT_COALESCE_MS = 300;

/** Statuses after which a message no longer moves on its own soon (READ may still follow DELIVERED, by socket). */
const SETTLED: readonly MessageStatus[] = ['DELIVERED', 'READ', 'FAILED'];
const moving = (detail: BroadcastDetail | undefined, rows: readonly MessageItem[]) =>
  !detail || detail.status === 'QUEUED' || detail.status === 'SENDING' || rows.some((m) => !SETTLED.includes(m.currentDeliveryStatus));

export interface LiveBroadcast {
  detail: BroadcastDetail | undefined;
  rows: MessageItem[];
  more: boolean;
  page: number;
  setPage(page: number): void;
  /** The first load's refusal (not found, no permission). */
  error: string | undefined;
  loading: boolean;
}

const absolute = (apiBase: string) => (apiBase.startsWith('http') ? apiBase : `${location.origin}${apiBase.startsWith('/') ? '' : '/'}${apiBase}`);

/**
 * A sent broadcast and one page of its messages, kept current: every `broadcast.status` / `broadcast.message` event of
 * the realtime socket for this broadcast reloads them, and while anything is still moving they are polled every 2 s
 * as well, so statuses arrive with or without the socket. Reloads replace the data quietly (no spinner).
 */
export function useLiveBroadcast(client: SenderClient, apiBase: string, token: string | undefined, id: string): LiveBroadcast {
  const [detail, setDetail] = useState<BroadcastDetail>();
  const [page, setPage] = useState(0);
  const [messages, setMessages] = useState<{ page: number; rows: MessageItem[]; more: boolean }>();
  const [error, setError] = useState<string>();
  const latest = useRef({ page, busy: false, again: false });
  latest.current.page = page;

  const refresh = useCallback(async () => {
    const state = latest.current;
    if (state.busy) {
      state.again = true;
      return;
    }
    state.busy = true;
    // A loop rather than a call of `refresh` from inside itself, which a memoized callback cannot name.
    do {
      state.again = false;
      try {
        const at = state.page;
        const [got, list] = await Promise.all([
          firstValueFrom(client.broadcasts.get({ id })),
          firstValueFrom(client.broadcasts.messages({ id, from: at * BroadcastPageSizes.messages, perPage: BroadcastPageSizes.messages })),
        ]);
        setDetail(got.data);
        if (at === latest.current.page) setMessages({ page: at, rows: list.message, more: list.more });
        setError(undefined);
      } catch (e) {
        setError(messageOf(e));
      }
    } while (state.again);
    state.busy = false;
  }, [client, id]);

  useEffect(() => {
    void refresh();
  }, [refresh, page]);

  useEffect(() => {
    if (!token) return;
    const socket = connectRealtime({ url: absolute(apiBase), token });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sub = socket.events$.subscribe((event) => {
      const data = event.data as { broadcastId?: string } | undefined;
      if (!(BROADCAST_EVENTS as readonly string[]).includes(event.type) || data?.broadcastId !== id) return;
      timer ??= setTimeout(() => {
        timer = undefined;
        void refresh();
      }, EVENT_COALESCE_MS);
    });
    return () => {
      clearTimeout(timer);
      sub.unsubscribe();
      socket.close();
    };
  }, [apiBase, token, id, refresh]);

  const rows = messages?.page === page ? messages.rows : [];
  const live = moving(detail, rows);
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [live, refresh]);

  return { detail, rows, more: messages?.page === page ? messages.more : false, page, setPage, error, loading: messages?.page !== page && !error };
}
