import { useCallback, useEffect, useRef, useState } from 'react';
import { connectRealtime } from '@parley/sdk/realtime-socket';
import type { CustomerCsv } from '@parley/sdk/contract/customers';
import { useMaster } from '../master-context.js';
import { fresher, inProgress } from './upload-format.js';
import { UPLOAD_EVENT } from './upload-texts.js';

/** While an import runs its upload is also polled at this pace, so progress shows where a proxy drops WebSockets. */
export const POLL_MS = 3000;

/** Calls `onUpload` with every `customer.upload` event of the realtime socket while mounted. */
function useUploadEvents(onUpload: (csv: CustomerCsv) => void) {
  const { apiBase, token } = useMaster();
  const ref = useRef(onUpload);
  ref.current = onUpload;
  useEffect(() => {
    if (!token) return;
    const base = apiBase.startsWith('http') ? apiBase : `${location.origin}${apiBase.startsWith('/') ? '' : '/'}${apiBase}`;
    const socket = connectRealtime({ url: base, token });
    const sub = socket.events$.subscribe((event) => {
      const data = event.data as { customerCSV?: CustomerCsv } | undefined;
      if (event.type === UPLOAD_EVENT && data?.customerCSV) ref.current(data.customerCSV);
    });
    return () => {
      sub.unsubscribe();
      socket.close();
    };
  }, [apiBase, token]);
}

/**
 * The given uploads as they are now: each row is replaced by the latest report on it from the socket or from the poll
 * that runs while any of them is being imported (customer-master 2: the list and the progress bar move live).
 */
export function useLiveUploads(rows: CustomerCsv[]): CustomerCsv[] {
  const { client } = useMaster();
  const [latest, setLatest] = useState<ReadonlyMap<string, CustomerCsv>>(new Map());
  const note = useCallback((csv: CustomerCsv) => {
    setLatest((map) => {
      const known = map.get(csv.uploadId);
      const next = known ? fresher(known, csv) : csv;
      return next === known ? map : new Map(map).set(csv.uploadId, next);
    });
  }, []);
  useUploadEvents(note);

  const live = rows.map((row) => {
    const known = latest.get(row.uploadId);
    return known ? fresher(row, known) : row;
  });
  const running = live
    .filter(inProgress)
    .map((u) => u.uploadId)
    .join(' ');
  useEffect(() => {
    if (!running) return;
    const ids = running.split(' ');
    const timer = setInterval(() => {
      for (const uploadId of ids) client.customers.getUpload({ uploadId }).subscribe({ next: (r) => note(r.customerCSV), error: () => undefined });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, client, note]);
  return live;
}
