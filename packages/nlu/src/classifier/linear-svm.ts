import type { SparseVector } from '../features/vectorizer.js';
import { seededRandom, shuffleInPlace } from './seeded-random.js';

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
  onClass?: (k: number) => void;
  /** Multi-label data: whether sample i belongs to class k (default: labels[i] === k). */
  positive?: (i: number, k: number) => boolean;
}

/**
 * One-vs-rest L2-regularised L2-loss linear SVM, solved in the dual by coordinate descent with shrinking
 * (Hsieh et al. 2008, the LIBLINEAR default). The bias is a constant feature of value 1.
 */
export function trainLinearSvm(xs: SparseVector[], labels: Int32Array, classes: number, dimension: number, opts: SvmOptions = {}): LinearModel {
  const c = opts.c ?? 1;
  const maxEpochs = opts.maxEpochs ?? 50;
  const eps = opts.tolerance ?? 0.1;
  const n = xs.length;
  const diag = 0.5 / c;
  const qd = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 1 + diag;
    for (const v of xs[i]!.val) s += v * v;
    qd[i] = s;
  }
  const weights = new Float32Array(dimension * classes);
  const bias = new Float32Array(classes);
  const w = new Float64Array(dimension);
  const alpha = new Float64Array(n);
  const random = seededRandom(opts.seed ?? 42);
  const order = Array.from({ length: n }, (_, i) => i);

  for (let k = 0; k < classes; k++) {
    w.fill(0);
    alpha.fill(0);
    let b = 0;
    let active = n;
    let pgMaxOld = Infinity;
    for (let i = 0; i < n; i++) order[i] = i;
    for (let epoch = 0; epoch < maxEpochs; epoch++) {
      shuffleInPlace(order.slice(0, active), random).forEach((v, i) => (order[i] = v));
      let pgMax = -Infinity;
      let pgMin = Infinity;
      for (let s = 0; s < active; s++) {
        const i = order[s]!;
        const { idx, val } = xs[i]!;
        const y = (opts.positive ? opts.positive(i, k) : labels[i] === k) ? 1 : -1;
        let dot = b;
        for (let j = 0; j < idx.length; j++) dot += w[idx[j]!]! * val[j]!;
        const g = y * dot - 1 + diag * alpha[i]!;
        let pg = g;
        if (alpha[i] === 0) {
          if (g > pgMaxOld) {
            // Shrinking: a point already outside the margin leaves the active set.
            active--;
            order[s] = order[active]!;
            order[active] = i;
            s--;
            continue;
          }
          pg = Math.min(g, 0);
        }
        pgMax = Math.max(pgMax, pg);
        pgMin = Math.min(pgMin, pg);
        if (Math.abs(pg) > 1e-12) {
          const old = alpha[i]!;
          const next = Math.max(old - g / qd[i]!, 0);
          alpha[i] = next;
          const d = (next - old) * y;
          for (let j = 0; j < idx.length; j++) w[idx[j]!] = w[idx[j]!]! + d * val[j]!;
          b += d;
        }
      }
      if (pgMax - pgMin <= eps) {
        if (active === n) break;
        // Converged on the active set: check everything once more before stopping.
        active = n;
        pgMaxOld = Infinity;
        continue;
      }
      pgMaxOld = pgMax <= 0 ? Infinity : pgMax;
    }
    for (let f = 0; f < dimension; f++) weights[f * classes + k] = w[f]!;
    bias[k] = b;
    opts.onClass?.(k);
  }
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
