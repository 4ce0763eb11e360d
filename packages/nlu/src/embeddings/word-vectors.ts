import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { decodeWordVectors, type WordVectors } from './word-vectors-file.js';

/** GloVe 6B 100-d, the 50,000 most frequent words (build-word-vectors.ts); works from src and dist. */
export const WORD_VECTORS_FILE = fileURLToPath(new URL('../../models/word-vectors.bin.gz', import.meta.url));
/** Changes whenever the file does, so a model trained against other vectors is never scored with these. */
export const WORD_VECTORS_ID = 'glove-6b-100d-50k-int8';

export interface WordVectorTable {
  dimensions: number;
  /** Row of a word (its frequency rank), or undefined. */
  rowOf(word: string): number | undefined;
  /** Adds weight x the word's vector into out. */
  addTo(row: number, weight: number, out: Float64Array): void;
  /** Component d of the word's vector. */
  at(row: number, d: number): number;
}

let table: WordVectorTable | undefined;

function open(v: WordVectors): WordVectorTable {
  const rows = new Map(v.words.map((w, i) => [w, i]));
  const { dimensions: n, scales, values } = v;
  return {
    dimensions: n,
    rowOf: (word) => rows.get(word),
    addTo(row, weight, out) {
      const s = scales[row]! * weight;
      for (let d = 0; d < n; d++) out[d] = out[d]! + values[row * n + d]! * s;
    },
    at: (row, d) => values[row * n + d]! * scales[row]!,
  };
}

/** Loaded once per process (5 MB), on the first model that uses it. */
export function wordVectors(): WordVectorTable {
  table ??= open(decodeWordVectors(new Uint8Array(gunzipSync(readFileSync(WORD_VECTORS_FILE)))));
  return table;
}
