import { availableParallelism } from 'node:os';
import type { SparseVector } from '../features/vectorizer.js';
import type { PackedSamples } from './class-solver.js';
import { DotRows } from './dense-dots.js';
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

/** The weights of a model's trailing dense block, class by class, for dense-dots (made once per model). */
const denseRows = new WeakMap<LinearModel, DotRows>();

function denseRowsOf(model: LinearModel, n: number): DotRows {
  let rows = denseRows.get(model);
  if (rows?.n !== n) {
    const { classes, weights, dimension } = model;
    rows = new DotRows(classes, n, (k, d) => weights[(dimension - n + d) * classes + k]!);
    denseRows.set(model, rows);
  }
  return rows;
}

/**
 * Decision values of every class for one input. `denseTail`: the input ends with the model's last `denseTail`
 * features, every one of them in order (the word-vector block), which is then read class by class from a transposed
 * copy (dense-dots.ts). Every class's sum takes the same additions in the same order either way, so the values are
 * bit for bit those of the plain feature-by-feature loop; what changes is how the work is laid out: four features
 * share a pass over the classes, and the dense block runs in WebAssembly SIMD.
 */
export function scores(model: LinearModel, x: SparseVector, out = new Float64Array(model.classes), denseTail = 0): Float64Array {
  const { classes, weights, bias } = model;
  const { idx, val } = x;
  for (let k = 0; k < classes; k++) out[k] = bias[k]!;
  const sparse = idx.length - denseTail;
  if (denseTail > 0 && idx[sparse] !== model.dimension - denseTail) throw new Error('scores: the input does not end with the dense block');
  let j = 0;
  for (; j + 3 < sparse; j += 4) {
    const a = idx[j]! * classes;
    const b = idx[j + 1]! * classes;
    const c = idx[j + 2]! * classes;
    const d = idx[j + 3]! * classes;
    const va = val[j]!;
    const vb = val[j + 1]!;
    const vc = val[j + 2]!;
    const vd = val[j + 3]!;
    for (let k = 0; k < classes; k++) out[k] = out[k]! + weights[a + k]! * va + weights[b + k]! * vb + weights[c + k]! * vc + weights[d + k]! * vd;
  }
  for (; j < sparse; j++) {
    const a = idx[j]! * classes;
    const va = val[j]!;
    for (let k = 0; k < classes; k++) out[k] = out[k]! + weights[a + k]! * va;
  }
  if (denseTail > 0) denseRowsOf(model, denseTail).addDots(val, sparse, out);
  return out;
}
