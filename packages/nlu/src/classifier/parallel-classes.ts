import { Worker } from 'node:worker_threads';
import { solveClass, type PackedSamples, type SolverParams } from './class-solver.js';

/** control[0]: the next class to take; control[1]: how many are finished. */
const FINISHED = 1;
/** status[k] is 1 once class k is trained, 2 when training it threw (it is trained again on the calling thread). */
const DONE = 1;

interface Shared {
  data: PackedSamples;
  params: SolverParams;
  weights: Float32Array;
  bias: Float32Array;
  control: Int32Array;
  status: Int32Array;
}

/**
 * Takes classes from the shared counter until none is left. Runs on the calling thread and, from its source text,
 * in each worker; so, like solveClass, it names nothing from outside but solveClass (defined beside it there).
 */
export function takeClasses(shared: Shared, onFinished: ((finished: number) => void) | null): void {
  const { data, params, weights, bias, control, status } = shared;
  for (;;) {
    const k = Atomics.add(control, 0, 1);
    if (k >= data.classes) return;
    let outcome = 1;
    try {
      solveClass(data, k, params, weights, bias);
    } catch {
      outcome = 2;
    }
    Atomics.store(status, k, outcome);
    const finished = Atomics.add(control, 1, 1) + 1;
    Atomics.notify(control, 1);
    if (onFinished) onFinished(finished);
  }
}

// An eval'd worker needs no file of its own, so it works the same from src (tsx, vitest) and from dist.
const WORKER_SOURCE = `
const __name = (f) => f;
const { workerData } = require('node:worker_threads');
const solveClass = ${solveClass.toString()};
const takeClasses = ${takeClasses.toString()};
takeClasses(workerData, null);
`;

/** Copies a typed array onto shared memory (workers read it without a copy of their own). */
export function shared<T extends Float32Array | Float64Array | Int32Array | Uint8Array>(
  make: (b: SharedArrayBuffer, n: number) => T,
  bytesPer: number,
  n: number,
): T {
  return make(new SharedArrayBuffer(Math.max(1, n * bytesPer)), n);
}

/**
 * Trains every class, on `threads` threads: this one and threads - 1 workers. It blocks until all classes are done,
 * so training stays a plain synchronous call; `onFinished` is called on this thread as classes complete.
 */
export function solveAllClasses(data: PackedSamples, params: SolverParams, threads: number, onFinished?: (finished: number) => void) {
  const s: Shared = {
    data,
    params,
    weights: shared((b, n) => new Float32Array(b, 0, n), 4, data.dimension * data.classes),
    bias: shared((b, n) => new Float32Array(b, 0, n), 4, data.classes),
    control: shared((b, n) => new Int32Array(b, 0, n), 4, 2),
    status: shared((b, n) => new Int32Array(b, 0, n), 4, data.classes),
  };
  const workers = Array.from({ length: threads - 1 }, () => new Worker(WORKER_SOURCE, { eval: true, workerData: s }));
  // A worker that fails to start has taken no class; this thread then takes them all.
  for (const w of workers) w.on('error', () => {});
  takeClasses(s, onFinished ?? null);
  for (let f = Atomics.load(s.control, FINISHED); f < data.classes; f = Atomics.load(s.control, FINISHED)) {
    Atomics.wait(s.control, FINISHED, f, 1000);
  }
  for (const w of workers) void w.terminate();
  for (let k = 0; k < data.classes; k++) {
    if (Atomics.load(s.status, k) !== DONE) solveClass(data, k, params, s.weights, s.bias);
  }
  // Plain copies: the model outlives the shared buffers and is serialised from ordinary arrays.
  return { weights: Float32Array.from(s.weights), bias: Float32Array.from(s.bias) };
}
