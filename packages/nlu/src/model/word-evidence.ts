import { StopwordsEn } from '@nlpjs/lang-en';
import { StopwordsHi } from '@nlpjs/lang-hi';
import { stem, tokenize } from '../text/normalize.js';
import type { Language } from '../types.js';

const stopwords = { en: new StopwordsEn(), hi: new StopwordsHi() };

/**
 * Whether the message has a content word the agent was trained on, or none to judge by (stopwords, numbers and
 * entity spans do not count). A small agent's SVM gives some intent a high margin for "what is the capital of
 * mongolia" from "what is" alone; a message whose every content word is new to the agent is out of scope however
 * its function words score. Scaling by the share of known words instead cost CLINC150 a fifth of its out-of-scope
 * recall (its rare words are pruned from the vocabulary), so only the all-unknown case counts.
 */
export function hasKnownContent(
  known: { stem(stem: string): boolean; resembles?(word: string): boolean },
  text: string,
  language: Language,
  spans: { start: number; end: number }[] = [],
): boolean {
  const unknown: string[] = [];
  for (const t of tokenize(text)) {
    if (!isContent(t.text, language)) continue;
    if (spans.some((s) => t.start < s.end && t.end > s.start)) continue;
    if (known.stem(stem(t.text, language))) return true;
    unknown.push(t.text);
  }
  // A new word close in meaning to a trained one ("hey" for "hello"), or a misspelling of one, counts as known; a
  // few are checked, which bounds the work for a long message of unknown words.
  return unknown.length === 0 || (!!known.resembles && unknown.slice(0, MAX_RESEMBLANCE_CHECKS).some((w) => known.resembles!(w)));
}

const MAX_RESEMBLANCE_CHECKS = 8;

/** Request verbs say how something is asked, not what: "tell me a joke" shares nothing with "I want to cancel". */
const REQUEST_VERBS: Record<Language, Set<string>> = {
  en: new Set('tell want wants wanna need like know get make say give show let help please'.split(' ')),
  hi: new Set(),
};

const isContent = (word: string, language: Language) => !/\d/.test(word) && !stopwords[language].isStopword(word) && !REQUEST_VERBS[language].has(word);

/** The distinct content words of the training phrases, for resemblance checks. */
export function contentWords(texts: string[], language: Language): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const t of tokenize(text)) if (isContent(t.text, language)) words.add(t.text);
  return [...words].sort();
}
