/**
 * The training data of a linear SVM in flat typed arrays, on shared memory so that worker threads read it without a
 * copy (parallel-classes.ts). Sample i's features are idx/val[offsets[i] .. offsets[i + 1]).
 */
export interface PackedSamples {
  offsets: Int32Array;
  idx: Int32Array;
  val: Float32Array;
  /** 1 + the squared norm of each sample (the bias feature): the diagonal of the dual's Hessian. */
  norms: Float64Array;
  /** Single-label data: each sample's class. */
  labels: Int32Array;
  /** Multi-label data, when not null: targets[i * classes + k] is 1 when sample i belongs to class k. */
  targets: Uint8Array | null;
  classes: number;
  dimension: number;
}

export interface SolverParams {
  c: number;
  maxEpochs: number;
  tolerance: number;
  seed: number;
}

/**
 * Trains class k against the rest: L2-regularised L2-loss linear SVM, solved in the dual by coordinate descent with
 * shrinking (Hsieh et al. 2008, the LIBLINEAR default); the bias is a constant feature of value 1. Writes column k
 * of `weights` (feature-major, weights[f * classes + k]) and bias[k].
 *
 * Worker threads run this function from its source text, so it must stay self-contained: no imports, no names from
 * outside its body, no nested named functions (a transpiler may wrap those in a helper the worker lacks). Each class
 * has its own random sequence, so the result does not depend on which thread trains which class.
 */
export function solveClass(data: PackedSamples, k: number, params: SolverParams, weights: Float32Array, bias: Float32Array): void {
  const { offsets, idx, val, norms, labels, targets, classes, dimension } = data;
  const n = labels.length;
  const diag = 0.5 / params.c;
  const w = new Float64Array(dimension);
  const alpha = new Float64Array(n);
  const y = new Int8Array(n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    y[i] = (targets ? targets[i * classes + k] === 1 : labels[i] === k) ? 1 : -1;
    order[i] = i;
  }
  // mulberry32, seeded per class.
  let state = (params.seed + k * 0x9e3779b1) >>> 0;
  let b = 0;
  let active = n;
  let pgMaxOld = Infinity;
  for (let epoch = 0; epoch < params.maxEpochs; epoch++) {
    for (let s = active - 1; s > 0; s--) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const j = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (s + 1));
      const swap = order[s]!;
      order[s] = order[j]!;
      order[j] = swap;
    }
    let pgMax = -Infinity;
    let pgMin = Infinity;
    for (let s = 0; s < active; s++) {
      const i = order[s]!;
      const from = offsets[i]!;
      const to = offsets[i + 1]!;
      let dot = b;
      for (let j = from; j < to; j++) dot += w[idx[j]!]! * val[j]!;
      const g = y[i]! * dot - 1 + diag * alpha[i]!;
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
      if (pg > pgMax) pgMax = pg;
      if (pg < pgMin) pgMin = pg;
      if (Math.abs(pg) > 1e-12) {
        const old = alpha[i]!;
        const next = Math.max(old - g / (norms[i]! + diag), 0);
        alpha[i] = next;
        const d = (next - old) * y[i]!;
        for (let j = from; j < to; j++) w[idx[j]!] = w[idx[j]!]! + d * val[j]!;
        b += d;
      }
    }
    if (pgMax - pgMin <= params.tolerance) {
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
}
