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
  known: { stem(stem: string): boolean; resembles?(word: string): boolean; inLanguage?(word: string): boolean },
  text: string,
  language: Language,
  spans: { start: number; end: number }[] = [],
): boolean {
  const unknown: string[] = [];
  let framed = false;
  for (const t of tokenize(text)) {
    if (spans.some((s) => t.start < s.end && t.end > s.start)) continue;
    if (!known.inLanguage || known.inLanguage(t.text)) framed = true;
    if (!isContent(t.text, language)) continue;
    if (known.stem(stem(t.text, language))) return true;
    unknown.push(t.text);
  }
  if (unknown.length === 0) return true;
  // A word the language itself does not know (no word vector among its 50,000 most frequent words) is a name:
  // a station, a product, a street ("how do i get from oez to hbf"). No agent can have seen every name, so names
  // say nothing of whether a message is in scope; like entity spans they are set aside. What is left must still be
  // judged, and a message of names alone is judged only when some word of the language frames it ("garching to
  // laim"): a string of unknown tokens ("xqzt vlorp") stays out of scope.
  const inLanguage = known.inLanguage;
  // A new word close in meaning to a trained one ("hey" for "hello"), or a misspelling of one, stands in for it; a
  // few are checked, which bounds the work for a long message of unknown words. Stand-ins must be at least half of
  // the message's words of the language: vector cosine measures relatedness, not synonymy, so a question on another
  // topic often has one word near a trained one ("boiling point of mercury": "point" ~ "close" 0.72; "who wrote war
  // and peace": "wrote" ~ "book" 0.79) among words foreign to the agent, while a paraphrase in new words is mostly
  // stand-ins ("how much cash do i have", "what is my acount balanse").
  const checked = unknown.slice(0, MAX_RESEMBLANCE_CHECKS);
  if (known.resembles) {
    let standIns = 0;
    let foreign = 0;
    for (const w of checked) {
      if (known.resembles(w)) standIns++;
      else if (!inLanguage || inLanguage(w)) foreign++;
    }
    if (standIns > 0 && standIns >= foreign) return true;
  }
  return !!inLanguage && framed && unknown.every((w) => !inLanguage(w));
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
