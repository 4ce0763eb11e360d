import { Worker } from 'node:worker_threads';
import type { CountryCode } from 'libphonenumber-js';
import type { DefinitionRow } from '../customer-definitions/queries.js';

export interface WorkerInit {
  definitions: DefinitionRow[];
  headers: string[];
  /** The file's delimiter (csv-delimiter.ts), as found at upload or chosen on the mapping screen. */
  delimiter: string;
  mapping: { src: string; des: string }[];
  country: CountryCode;
  /** Records already imported (a resumed job): checked again for their phones, not sent. */
  skip: number;
  batchRows: number;
  /** Rows of the first batch: smaller, so the database starts while the worker checks the next ones. */
  firstBatchRows: number;
}

/** One batch, checked: good rows as COPY text and rejected rows as a JSON array, in UTF-8 (see import-batch.ts), and its counts. */
export interface CheckedBatch {
  kind: 'batch';
  rows: Uint8Array;
  errors: Uint8Array;
  accepted: number;
  rejected: number;
  records: number;
}
/** A checked batch as the caller gets it: `release()` once it is written hands its memory back to the worker. */
export interface Batch extends CheckedBatch {
  release(): void;
}
export type ToWorker = { kind: 'chunk'; data: Uint8Array } | { kind: 'recycle'; data: Uint8Array } | { kind: 'end' } | { kind: 'abort' };
type FromWorker = CheckedBatch | { kind: 'taken' } | { kind: 'end' };

/** Chunks (1 MB each from the file store) handed to the worker and not yet parsed, and batches not yet written. */
const MAX_CHUNKS = 2;
const MAX_BATCHES = 2;

/**
 * The worker's objects live for a batch at most: a small young generation and a bounded old one make V8 collect
 * early, which keeps the worker's share of the server's RSS to a few tens of MB. The bound still leaves room for the
 * long text a malformed file (an unterminated quote) makes the CSV reader hold.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 };

function startWorker(init: WorkerInit): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './import-worker.ts' : './import-worker.js', import.meta.url);
  return fromSource
    ? new Worker(new URL('../nlp-runtime/worker-boot.mjs', import.meta.url), {
        workerData: { ...init, entry: entry.href },
        execArgv: ['--conditions', '@parley/source'],
      })
    : new Worker(entry, { workerData: init, resourceLimits: WORKER_LIMITS });
}

/**
 * The checked batches of a file, made by a worker thread (import-worker.ts) while the caller writes the ones before.
 * Reading waits while the worker or the caller is behind, so memory stays a few batches whatever the file's size.
 * When the read fails, the batches of what was read are still yielded, then the read's error is thrown.
 */
export async function* checkedBatches(source: AsyncIterable<Buffer | string>, init: WorkerInit): AsyncGenerator<Batch> {
  const worker = startWorker(init);
  const batches: Batch[] = [];
  let inFlight = 0;
  let ended = false;
  let failure: unknown;
  let readError: unknown;
  let wakeReader: (() => void) | undefined;
  let wakeWriter: (() => void) | undefined;
  const wake = () => {
    wakeReader?.();
    wakeWriter?.();
    wakeReader = wakeWriter = undefined;
  };
  worker.on('message', (m: FromWorker) => {
    if (m.kind === 'batch') batches.push(Object.assign(m, { release: () => recycle(m.rows) }));
    else if (m.kind === 'taken') inFlight -= 1;
    else ended = true;
    wake();
  });
  worker.on('error', (err) => {
    failure ??= err;
    ended = true;
    wake();
  });
  worker.on('exit', (code) => {
    if (!ended) failure ??= new Error(`import worker exited with code ${code}`);
    ended = true;
    wake();
  });
  /**
   * A written batch's bytes go back to the worker, which writes the next batch into them. Left to the garbage
   * collector instead, the megabyte of each batch was memory outside this thread's heap that V8 reclaims only when
   * it collects, which this thread, allocating little else, does seldom: 15-50 MB of dead batches at the peak.
   */
  const recycle = (data: Uint8Array) => {
    if (!ended) worker.postMessage({ kind: 'recycle', data } satisfies ToWorker, [data.buffer as ArrayBuffer]);
  };
  const reading = (async () => {
    try {
      for await (const chunk of source) {
        while (!ended && (inFlight >= MAX_CHUNKS || batches.length >= MAX_BATCHES)) await new Promise<void>((r) => (wakeReader = r));
        if (ended) return;
        // Moved to the worker, not copied, when the chunk is the whole of its memory (a file stream's are); a chunk
        // that shares its memory with others (a slice of Node's buffer pool) is copied first.
        const owns =
          typeof chunk !== 'string' && chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength && !(chunk.buffer instanceof SharedArrayBuffer);
        const data =
          typeof chunk === 'string' ? new Uint8Array(Buffer.from(chunk)) : owns ? new Uint8Array(chunk.buffer as ArrayBuffer) : new Uint8Array(chunk);
        inFlight += 1;
        worker.postMessage({ kind: 'chunk', data } satisfies ToWorker, [data.buffer]);
      }
      worker.postMessage({ kind: 'end' } satisfies ToWorker);
    } catch (err) {
      readError = err;
      worker.postMessage({ kind: 'abort' } satisfies ToWorker);
    }
  })();
  try {
    for (;;) {
      const batch = batches.shift();
      if (batch) {
        wake();
        yield batch;
      } else if (ended) break;
      else await new Promise<void>((r) => (wakeWriter = r));
    }
    await reading;
    if (failure) throw failure;
    if (readError) throw readError;
  } finally {
    ended = true;
    wake();
    await reading;
    await worker.terminate();
  }
}
