import { Worker } from 'node:worker_threads';
import type { TrainSpec } from '@parley/nlu';
import type { WorkerMessage } from './train-worker.js';

/** The design cannot be trained as it stands (no phrases, an unsafe pattern, a model type without provider). */
export class TrainingRefused extends Error {}

/**
 * Trains off the event loop: a CLINC-sized agent takes seconds of CPU, during which this process keeps answering
 * requests. Resolves with the serialised model.
 */
export function trainInWorker(spec: TrainSpec, onProgress: (fraction: number) => void): Promise<Uint8Array> {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './train-worker.ts' : './train-worker.js', import.meta.url);
  const worker = fromSource
    ? new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: { entry: entry.href, spec }, execArgv: ['--conditions', '@parley/source'] })
    : new Worker(entry, { workerData: { spec } });
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.on('message', (m: WorkerMessage) => {
      if (m.kind === 'progress') onProgress(m.fraction);
      else {
        settled = true;
        if (m.kind === 'done') resolve(m.bytes);
        else reject(new TrainingRefused(m.message));
      }
    });
    worker.on('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`training worker exited with code ${code}`));
    });
  });
}
