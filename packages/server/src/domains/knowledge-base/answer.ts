import type { AnswerSourceRef } from '@parley/sdk/contract/nlp-runtime';
import type { Db } from '../../db/database.js';
import { sentencesOf } from './passages.js';
import { rankPassages, wordsMatchedPerSentence, type RankedPassage } from './queries.js';

export interface KnowledgeBaseAnswer {
  text: string;
  sources: AnswerSourceRef[];
  /** The passage holds every word of the question. */
  complete: boolean;
}

/**
 * Relevant enough to answer: every word of a one- or two-word question, otherwise at least two of its words and
 * 60 % of them. Below that the agent keeps its out-of-scope message rather than quoting a passage that merely
 * shares a word.
 */
export function answers(p: Pick<RankedPassage, 'matched' | 'asked'>): boolean {
  if (p.asked === 0) return false;
  if (p.asked <= 2) return p.matched === p.asked;
  return p.matched >= 2 && p.matched / p.asked >= 0.6;
}

/** Longest quote: the best sentence and its matching neighbours, up to about two lines of a chat bubble. */
const QUOTE_CHARS = 320;

/**
 * An extractive answer (no language model): the best passage's sentences that hold the question's words, with the
 * passage's source. Null when no passage is relevant enough.
 */
export async function answerFromKnowledgeBase(db: Db, eId: string, agentId: string, question: string): Promise<KnowledgeBaseAnswer | null> {
  const best = (await rankPassages(db, eId, agentId, question)).find(answers);
  if (!best) return null;
  const sentences = sentencesOf(best.text);
  const scores = await wordsMatchedPerSentence(db, question, sentences);
  const top = scores.indexOf(Math.max(...scores));
  const quote = [sentences[top]!];
  // A heading-like sentence ("Bases") says little alone: the next one, if it matches too, completes it.
  for (let i = top + 1; i < sentences.length && scores[i]! > 0 && quote.join(' ').length + sentences[i]!.length < QUOTE_CHARS; i++) quote.push(sentences[i]!);
  return { text: quote.join(' '), sources: [{ title: best.title, source: best.source, page: best.page }], complete: best.matched === best.asked };
}
