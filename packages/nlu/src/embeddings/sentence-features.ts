import type { WordVectorTable } from './word-vectors.js';

/** SIF's a (Arora et al. 2017): with Zipf frequencies, "the" weighs 0.09 and a word of rank 1,000 weighs 0.9. */
const SIF_A = 1e-3;
const zipf = (rank: number) => 0.1 / (rank + 10);

/**
 * Dense features of a sentence from word vectors, three L2-normalised blocks: the SIF-weighted mean (frequent words
 * count less), and the per-dimension max and min (concatenated power means, Rücklé et al. 2018), which keep what a
 * single distinctive word says even in a long sentence. Scaled so that together they weigh `weight` against the
 * unit-length TF-IDF part. Words without a vector are skipped; a sentence with none gives zeros.
 */
export function sentenceFeatures(table: WordVectorTable, words: string[], weight: number): Float64Array {
  const n = table.dimensions;
  const out = new Float64Array(3 * n);
  const mean = out.subarray(0, n);
  const max = out.subarray(n, 2 * n).fill(-Infinity);
  const min = out.subarray(2 * n).fill(Infinity);
  let found = 0;
  for (const w of words) {
    const row = table.rowOf(w);
    if (row === undefined) continue;
    found++;
    table.addTo(row, SIF_A / (SIF_A + zipf(row)), mean);
    for (let d = 0; d < n; d++) {
      const v = table.at(row, d);
      if (v > max[d]!) max[d] = v;
      if (v < min[d]!) min[d] = v;
    }
  }
  if (!found) return out.fill(0);
  for (const block of [mean, max, min]) {
    let norm = 0;
    for (let d = 0; d < n; d++) norm += block[d]! * block[d]!;
    const scale = weight / Math.sqrt(3) / (Math.sqrt(norm) || 1);
    for (let d = 0; d < n; d++) block[d] = block[d]! * scale;
  }
  return out;
}
