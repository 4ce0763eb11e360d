import { readFileSync } from 'node:fs';
import { classify, train } from '../model/agent-model.js';
import { datasetsDir } from './datasets.js';

const CORPORA = ['ChatbotCorpus', 'AskUbuntuCorpus', 'WebApplicationsCorpus'];

interface Sentence {
  text: string;
  intent: string;
  training: boolean;
}

/**
 * Braun et al. 2017: `training: true` sentences train, the others test; `None` is an intent like the others.
 * With one label per sentence, micro F1 equals accuracy.
 */
export function braun(threshold: 'ranking' | 'default' = 'ranking') {
  const rows = CORPORA.map((name) => {
    const { sentences } = JSON.parse(readFileSync(`${datasetsDir()}/braun2017/${name}.json`, 'utf8')) as { sentences: Sentence[] };
    const byIntent = new Map<string, { text: string }[]>();
    for (const s of sentences.filter((s) => s.training)) byIntent.set(s.intent, [...(byIntent.get(s.intent) ?? []), { text: s.text }]);
    const intents = [...byIntent].map(([n, phrases]) => ({ name: n, phrases }));
    const test = sentences.filter((s) => !s.training);
    // 'ranking': the top intent whatever its confidence. 'default': the agent's default threshold (0.5); an
    // out-of-scope answer is right only for a `None` sentence.
    const model = train({ language: 'en', intents, ...(threshold === 'ranking' && { confidenceThreshold: 0 }) });
    const correct = test.filter((s) => {
      const r = classify(model, s.text);
      return threshold === 'ranking' ? r.ranking[0]?.intent === s.intent : r.intent === s.intent || (r.outOfScope && s.intent === 'None');
    }).length;
    return { corpus: name, test: test.length, correct, f1: correct / test.length };
  });
  const test = rows.reduce((n, r) => n + r.test, 0);
  const correct = rows.reduce((n, r) => n + r.correct, 0);
  return { rows, overall: correct / test };
}
