import { tokenize } from '../text/normalize.js';
import type { CustomEntitySpec, EntityMatch } from '../types.js';

interface Entry {
  words: string[];
  entity: string;
  value: string;
}

/**
 * Synonym entities: case-, accent- and punctuation-insensitive, multi-word, longest match wins, and the canonical
 * value is returned whatever synonym was said.
 */
export class SynonymMatcher {
  private readonly byFirstWord = new Map<string, Entry[]>();

  constructor(entities: CustomEntitySpec[]) {
    for (const entity of entities) {
      for (const v of entity.values) {
        if (!('synonyms' in v)) continue;
        for (const phrase of new Set([v.value, ...v.synonyms])) {
          const words = tokenize(phrase).map((t) => t.text);
          if (!words.length) continue;
          const list = this.byFirstWord.get(words[0]!) ?? [];
          list.push({ words, entity: entity.name, value: v.value });
          this.byFirstWord.set(words[0]!, list);
        }
      }
    }
    for (const list of this.byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  }

  match(text: string): EntityMatch[] {
    const tokens = tokenize(text);
    const found: EntityMatch[] = [];
    for (let i = 0; i < tokens.length;) {
      const hit = this.byFirstWord.get(tokens[i]!.text)?.find((e) => e.words.every((w, k) => tokens[i + k]?.text === w));
      if (!hit) {
        i++;
        continue;
      }
      const start = tokens[i]!.start;
      const end = tokens[i + hit.words.length - 1]!.end;
      found.push({ name: hit.entity, value: hit.value, text: text.slice(start, end), start, end, source: 'synonyms' });
      i += hit.words.length;
    }
    return found;
  }
}
