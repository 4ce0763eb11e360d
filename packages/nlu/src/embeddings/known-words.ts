import { wordVectors } from './word-vectors.js';

/** The most frequent words are generic ("good", "much", "time"); their vectors resemble too many others to judge by. */
const GENERIC_RANKS = 250;
/**
 * Two words both this frequent share too many contexts for their cosine to mean the same thing: "point" ~ "close"
 * 0.72, "far" ~ "today" 0.73, "away" ~ "move" 0.72 (ranks 340-450), while a rarer word keeps its near-synonym
 * among frequent ones ("cash" 1,373 ~ "money" 281: 0.85).
 */
const COMMON_PAIR_RANKS = 500;
/** Cosine above which a new word counts as one the agent knows: "hey"~"hello" 0.72, "cash"~"money" 0.85, while "capital"~"outside" 0.64. */
export const RESEMBLANCE = 0.7;
/** The agent's training words as unit vectors, to tell whether a word it never saw means one it did. */
export class KnownWords {
  private readonly matrix: Float32Array;
  private readonly count: number;
  private readonly ranks: Int32Array;
  private checked = new Map<string, boolean>();

  constructor(words: string[]) {
    const table = wordVectors();
    const n = table.dimensions;
    const rows = words.map((w) => table.rowOf(w)).filter((r): r is number => r !== undefined && r >= GENERIC_RANKS);
    this.count = rows.length;
    this.ranks = Int32Array.from(rows);
    this.matrix = new Float32Array(rows.length * n);
    const v = new Float64Array(n);
    rows.forEach((row, i) => {
      v.fill(0);
      table.addTo(row, 1, v);
      const norm = Math.hypot(...v) || 1;
      for (let d = 0; d < n; d++) this.matrix[i * n + d] = v[d]! / norm;
    });
  }

  resembles(word: string): boolean {
    const cached = this.checked.get(word);
    if (cached !== undefined) return cached;
    const table = wordVectors();
    const row = table.rowOf(word);
    let found = false;
    if (row !== undefined && row >= GENERIC_RANKS) {
      const n = table.dimensions;
      const v = new Float64Array(n);
      table.addTo(row, 1, v);
      const norm = Math.hypot(...v) || 1;
      const common = row < COMMON_PAIR_RANKS;
      for (let i = 0; i < this.count && !found; i++) {
        if (common && this.ranks[i]! < COMMON_PAIR_RANKS) continue;
        let dot = 0;
        for (let d = 0; d < n; d++) dot += this.matrix[i * n + d]! * v[d]!;
        found = dot / norm >= RESEMBLANCE;
      }
    }
    if (this.checked.size < 10_000) this.checked.set(word, found);
    return found;
  }
}
