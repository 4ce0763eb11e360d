import { DotRows } from '../classifier/dense-dots.js';
/**
 * A few prototype meanings per intent: each intent's training phrases, as unit word-vector features, clustered by
 * spherical k-means. The SVM draws one straight boundary per intent; an intent asked in a few different ways ("what
 * is my credit score" / "has my score gone up") is several clouds, and closeness to the nearest of them is evidence
 * the boundary misses. Two per intent and a weight of 1 were chosen on CLINC150 val (2, 4, 8 x 0.5, 1, 1.5).
 */
export interface Prototypes {
  /** Prototypes of each intent, in intent order. */
  counts: number[];
  dimension: number;
  /** Unit vectors, counts.reduce(+) x dimension. */
  vectors: Float32Array;
  /** Margin added per unit of cosine. */
  weight: number;
  /** Mean cosine of the training phrases to their intent's nearest prototype: the cosine that adds nothing. */
  offset: number;
}

export const PROTOTYPES_PER_INTENT = 2;
/** Chosen on CLINC150 val with the number of prototypes. */
export const PROTOTYPE_WEIGHT = 1;
const ITERATIONS = 10;

function unit(v: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(v);
  let norm = 0;
  for (const x of out) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < out.length; d++) out[d] = out[d]! / norm;
  return out;
}

function dot(a: ArrayLike<number>, aOffset: number, b: ArrayLike<number>, n: number): number {
  let s = 0;
  for (let d = 0; d < n; d++) s += a[aOffset + d]! * b[d]!;
  return s;
}

/**
 * Deterministic spherical k-means of one intent's phrases: the first centre is the phrase nearest their mean, each
 * next one the phrase farthest from the centres so far; an intent with fewer phrases keeps each as its own.
 */
function cluster(points: Float64Array[], k: number, n: number): Float64Array[] {
  if (points.length <= k) return points;
  const mean = unit(points.reduce((acc, p) => acc.map((x, d) => x + p[d]!), new Float64Array(n)));
  let centres = [points.reduce((best, p) => (dot(p, 0, mean, n) > dot(best, 0, mean, n) ? p : best))];
  while (centres.length < k) {
    const nearest = (p: Float64Array) => Math.max(...centres.map((c) => dot(p, 0, c, n)));
    centres.push(points.reduce((far, p) => (nearest(p) < nearest(far) ? p : far)));
  }
  for (let it = 0; it < ITERATIONS; it++) {
    const sums = centres.map(() => new Float64Array(n));
    for (const p of points) {
      let best = 0;
      for (let c = 1; c < centres.length; c++) if (dot(p, 0, centres[c]!, n) > dot(p, 0, centres[best]!, n)) best = c;
      sums[best]!.forEach((x, d) => (sums[best]![d] = x + p[d]!));
    }
    // A centre that lost all its phrases keeps its place.
    centres = sums.map((s, c) => (s.some((x) => x !== 0) ? unit(s) : centres[c]!));
  }
  return centres;
}

export function fitPrototypes(
  dense: ArrayLike<number>[],
  labels: number[],
  classes: number,
  perIntent = PROTOTYPES_PER_INTENT,
  weight = PROTOTYPE_WEIGHT,
): Prototypes {
  const dimension = dense[0]?.length ?? 0;
  const byIntent: Float64Array[][] = Array.from({ length: classes }, () => []);
  dense.forEach((v, i) => byIntent[labels[i]!]!.push(unit(v)));
  const centres = byIntent.map((points) => cluster(points, perIntent, dimension));
  const vectors = new Float32Array(centres.reduce((m, c) => m + c.length, 0) * dimension);
  let row = 0;
  for (const c of centres.flat()) vectors.set(c, row++ * dimension);
  const counts = centres.map((c) => c.length);
  let total = 0;
  byIntent.forEach((points, k) => points.forEach((q) => (total += Math.max(...centres[k]!.map((c) => dot(q, 0, c, dimension))))));
  return { counts, dimension, vectors, weight, offset: total / Math.max(1, dense.length) };
}

const rows = new WeakMap<Prototypes, DotRows>();

function rowsOf(p: Prototypes): DotRows {
  let r = rows.get(p);
  if (!r) {
    const { vectors, dimension: n } = p;
    r = new DotRows(vectors.length / n, n, (row, d) => vectors[row * n + d]!);
    rows.set(p, r);
  }
  return r;
}

/**
 * Adds weight x (cosine to the intent's nearest prototype - offset) to each intent's margin: nothing for a message
 * as close as the intent's own phrases are on average, more for a closer one, less for a farther one.
 */
export function addPrototypeEvidence(p: Prototypes, dense: ArrayLike<number>, margins: Float64Array): void {
  const v = unit(dense);
  const { counts, weight, offset } = p;
  const cosines = new Float64Array(p.vectors.length / p.dimension);
  rowsOf(p).addDots(v, 0, cosines);
  let row = 0;
  for (let k = 0; k < counts.length; k++) {
    let best = -1;
    for (let r = 0; r < counts[k]!; r++, row++) if (cosines[row]! > best) best = cosines[row]!;
    margins[k] = margins[k]! + weight * (best - offset);
  }
}
