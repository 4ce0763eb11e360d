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
export function hasKnownContent(knows: (stem: string) => boolean, text: string, language: Language, spans: { start: number; end: number }[] = []): boolean {
  let content = 0;
  for (const t of tokenize(text)) {
    if (/\d/.test(t.text) || stopwords[language].isStopword(t.text)) continue;
    if (spans.some((s) => t.start < s.end && t.end > s.start)) continue;
    if (knows(stem(t.text, language))) return true;
    content++;
  }
  return content === 0;
}
