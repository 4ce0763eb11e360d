import { availableParallelism } from 'node:os';
import type { SparseVector } from '../features/vectorizer.js';
import type { PackedSamples } from './class-solver.js';
import { shared, solveAllClasses } from './parallel-classes.js';

export interface LinearModel {
  classes: number;
  dimension: number;
  /** Feature-major: weights[f * classes + k], so a sparse input touches contiguous memory. */
  weights: Float32Array;
  bias: Float32Array;
}

export interface SvmOptions {
  c?: number;
  maxEpochs?: number;
  tolerance?: number;
  seed?: number;
  /** Called as classes complete, with how many are done. */
  onClass?: (finished: number) => void;
  /** Multi-label data: the classes of each sample (labels are then ignored). */
  multiLabels?: number[][];
  /** Threads to train on; by default every core when the work is large enough to pay for starting a worker. */
  threads?: number;
}

/** Below this many feature visits per epoch over all classes, a worker costs more than it saves. */
const PARALLEL_WORK = 20_000_000;

/**
 * Training threads from PARLEY_TRAIN_THREADS, else the machine's cores up to DEFAULT_MAX_THREADS: one training
 * should not take a large server's every core from the trainings and requests beside it.
 */
const DEFAULT_MAX_THREADS = 8;
function defaultThreads(work: number) {
  if (work < PARALLEL_WORK) return 1;
  const configured = Number(process.env.PARLEY_TRAIN_THREADS);
  return Number.isInteger(configured) && configured > 0 ? configured : Math.min(DEFAULT_MAX_THREADS, availableParallelism());
}

function pack(xs: SparseVector[], labels: Int32Array, classes: number, dimension: number, multiLabels?: number[][]): PackedSamples {
  const n = xs.length;
  const offsets = shared((b, m) => new Int32Array(b, 0, m), 4, n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i]! + xs[i]!.idx.length;
  const nnz = offsets[n]!;
  const idx = shared((b, m) => new Int32Array(b, 0, m), 4, nnz);
  const val = shared((b, m) => new Float32Array(b, 0, m), 4, nnz);
  const norms = shared((b, m) => new Float64Array(b, 0, m), 8, n);
  xs.forEach((x, i) => {
    idx.set(x.idx, offsets[i]!);
    val.set(x.val, offsets[i]!);
    let s = 1;
    for (const v of x.val) s += v * v;
    norms[i] = s;
  });
  let targets: Uint8Array | null = null;
  if (multiLabels) {
    targets = shared((b, m) => new Uint8Array(b, 0, m), 1, n * classes);
    multiLabels.forEach((ks, i) => ks.forEach((k) => (targets![i * classes + k] = 1)));
  }
  const sharedLabels = shared((b, m) => new Int32Array(b, 0, m), 4, n);
  sharedLabels.set(labels);
  return { offsets, idx, val, norms, labels: sharedLabels, targets, classes, dimension };
}

/**
 * One-vs-rest linear SVM (class-solver.ts), the classes trained in parallel on the machine's cores. Deterministic:
 * the same data gives the same weights whatever the number of threads.
 */
export function trainLinearSvm(xs: SparseVector[], labels: Int32Array, classes: number, dimension: number, opts: SvmOptions = {}): LinearModel {
  const data = pack(xs, labels, classes, dimension, opts.multiLabels);
  const params = { c: opts.c ?? 1, maxEpochs: opts.maxEpochs ?? 50, tolerance: opts.tolerance ?? 0.1, seed: opts.seed ?? 42 };
  const threads = Math.max(1, Math.min(classes, opts.threads ?? defaultThreads(data.offsets[xs.length]! * classes)));
  const { weights, bias } = solveAllClasses(data, params, threads, opts.onClass);
  return { classes, dimension, weights, bias };
}

/** Decision values of every class for one input. */
export function scores(model: LinearModel, x: SparseVector, out = new Float64Array(model.classes)): Float64Array {
  const { classes, weights, bias } = model;
  for (let k = 0; k < classes; k++) out[k] = bias[k]!;
  for (let j = 0; j < x.idx.length; j++) {
    const base = x.idx[j]! * classes;
    const v = x.val[j]!;
    for (let k = 0; k < classes; k++) out[k] = out[k]! + weights[base + k]! * v;
  }
  return out;
}
