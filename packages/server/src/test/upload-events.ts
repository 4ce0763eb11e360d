import type { Parley } from '../app.js';
import type { ParleyEvent } from '../realtime/event-bus.js';

/** The upload as its last realtime event tells it, once its import has ended (COMPLETED or ERROR). */
export function uploadFinished(parley: Parley, uploadId: string, timeoutMs = 20_000): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`upload ${uploadId} not finished`)), timeoutMs);
    const stop = parley.events.subscribe((e: ParleyEvent) => {
      const csv = e.data.customerCSV as { uploadId: string; state: string } | undefined;
      if (e.type !== 'customer.upload' || csv?.uploadId !== uploadId || csv.state === 'WAITING') return;
      stop();
      clearTimeout(timer);
      resolve(csv);
    });
  });
}
