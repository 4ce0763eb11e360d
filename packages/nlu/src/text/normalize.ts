import { StemmerEn } from '@nlpjs/lang-en';
import { StemmerHi } from '@nlpjs/lang-hi';
import type { Language } from '../types.js';

/**
 * Case-, accent- and punctuation-insensitive form of a text. Only Latin combining marks are dropped: Devanagari
 * vowel signs are combining marks too, and removing them would change Hindi words.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

export interface Token {
  text: string;
  /** Offsets in the original text, end exclusive. */
  start: number;
  end: number;
}

/** Words with their positions in the original text (entities need them). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    tokens.push({ text: normalize(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return tokens.filter((t) => t.text.length > 0);
}

const stemmers = { en: new StemmerEn(), hi: new StemmerHi() };
const cache = new Map<string, string>();

export function stem(word: string, language: Language): string {
  const key = `${language}:${word}`;
  let s = cache.get(key);
  if (s === undefined) {
    s = /^\d+$/.test(word) ? word : stemmers[language].stem(word) || word;
    if (cache.size < 200_000) cache.set(key, s);
  }
  return s;
}
