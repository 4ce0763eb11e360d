/**
 * Tells a misspelling of a known word ("oroginally", "affirmitive", "subract") from a new word. Users type fast; the
 * out-of-scope guard (word-evidence.ts) must not take a typo for a word the agent never saw.
 */
export class Spelling {
  /** Known words by first letter: typos rarely change it, and it keeps each check to a few hundred words. */
  private readonly byStart = new Map<string, string[]>();

  constructor(words: Iterable<string>) {
    for (const w of words) {
      if (w.length < MIN_LENGTH - 1) continue;
      const list = this.byStart.get(w[0]!) ?? [];
      list.push(w);
      this.byStart.set(w[0]!, list);
    }
  }

  /** Whether the word is within a typo or two of a known word (one for words up to 7 letters, two beyond). */
  isTypoOf(word: string): boolean {
    if (word.length < MIN_LENGTH) return false;
    const limit = word.length < 8 ? 1 : 2;
    return (this.byStart.get(word[0]!) ?? []).some((w) => Math.abs(w.length - word.length) <= limit && editDistance(word, w, limit) <= limit);
  }
}

/** Shorter words are too easily one letter from another ("joke", "poke"). */
const MIN_LENGTH = 5;

/** Optimal string alignment distance (a swap of neighbours counts as one edit), abandoned once it exceeds limit. */
export function editDistance(a: string, b: string, limit: number): number {
  const n = b.length;
  let before = new Int32Array(n + 1);
  let previous = Int32Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Int32Array(n + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[n]!;
}
