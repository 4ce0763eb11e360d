import { useEffect, useRef } from 'react';
import { BROADCAST_STATUSES, type BroadcastStatus } from '@parley/sdk/contract/broadcast-texts';
import { realtimeEvents$ } from '../../stores/realtime.js';

/** What the server publishes as a broadcast moves (issue 20): `{ broadcastId, status, counts }`. */
export const BROADCAST_STATUS_EVENT = 'broadcast.status';

/** Calls `onStatus` for every `broadcast.status` event of the console's realtime socket while mounted. */
export function useBroadcastStatus(onStatus: (broadcastId: string, status: BroadcastStatus) => void) {
  const ref = useRef(onStatus);
  ref.current = onStatus;
  useEffect(() => {
    const sub = realtimeEvents$.subscribe((event) => {
      const data = event.data as { broadcastId?: unknown; status?: unknown } | undefined;
      if (event.type !== BROADCAST_STATUS_EVENT || typeof data?.broadcastId !== 'string') return;
      if (BROADCAST_STATUSES.includes(data.status as BroadcastStatus)) ref.current(data.broadcastId, data.status as BroadcastStatus);
    });
    return () => sub.unsubscribe();
  }, []);
}
