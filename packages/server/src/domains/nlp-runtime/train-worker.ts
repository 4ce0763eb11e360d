import { parentPort, workerData } from 'node:worker_threads';
import { serializeModel, train, TrainingError, type TrainSpec } from '@parley/nlu';

/** Posts back progress, then the serialised model or the reason the design cannot be trained. */
export type WorkerMessage = { kind: 'progress'; fraction: number; stage: string } | { kind: 'done'; bytes: Uint8Array } | { kind: 'failed'; message: string };

const port = parentPort!;
const post = (m: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

try {
  let last = -1;
  const model = train((workerData as { spec: TrainSpec }).spec, {
    onProgress: (fraction, stage) => {
      // Every percent would flood the database with progress writes; twenty steps read as smooth.
      if (fraction - last < 0.05 && fraction < 1) return;
      last = fraction;
      post({ kind: 'progress', fraction, stage });
    },
  });
  const bytes = serializeModel(model);
  post({ kind: 'done', bytes }, [bytes.buffer as ArrayBuffer]);
} catch (err) {
  if (!(err instanceof TrainingError)) throw err;
  post({ kind: 'failed', message: err.message });
}
