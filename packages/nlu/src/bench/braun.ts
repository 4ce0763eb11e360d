import { readFileSync } from 'node:fs';
import { classify, train } from '../model/agent-model.js';
import { datasetsDir, SMOKE } from './datasets.js';

const CORPORA = SMOKE ? ['ChatbotCorpus'] : ['ChatbotCorpus', 'AskUbuntuCorpus', 'WebApplicationsCorpus'];

interface Sentence {
  text: string;
  intent: string;
  training: boolean;
}

/**
 * Braun et al. 2017: `training: true` sentences train, the others test; `None` is an intent like the others.
 * With one label per sentence, micro F1 equals accuracy.
 */
function load(name: string) {
  const { sentences } = JSON.parse(readFileSync(`${datasetsDir()}/braun2017/${name}.json`, 'utf8')) as { sentences: Sentence[] };
  return sentences;
}

function specOf(training: Sentence[]) {
  const byIntent = new Map<string, { text: string }[]>();
  for (const s of training) byIntent.set(s.intent, [...(byIntent.get(s.intent) ?? []), { text: s.text }]);
  return { language: 'en' as const, intents: [...byIntent].map(([n, phrases]) => ({ name: n, phrases })) };
}

/**
 * Braun 2017 has no validation split: settings are compared by 5-fold cross-validation on its training sentences
 * (every fifth sentence held out in turn), at the default threshold, an out-of-scope answer right only for `None`.
 */
export function braunCrossValidation(folds = 5) {
  const rows = CORPORA.map((name) => {
    const training = load(name).filter((s) => s.training);
    let correct = 0;
    let top = 0;
    for (let f = 0; f < folds; f++) {
      const held = training.filter((_, i) => i % folds === f);
      const model = train(specOf(training.filter((_, i) => i % folds !== f)));
      for (const s of held) {
        const r = classify(model, s.text);
        if (r.ranking[0]?.intent === s.intent) top++;
        if (r.intent === s.intent || (r.outOfScope && s.intent === 'None')) correct++;
      }
    }
    return { corpus: name, sentences: training.length, top: top / training.length, atDefault: correct / training.length };
  });
  const n = rows.reduce((k, r) => k + r.sentences, 0);
  return { rows, top: rows.reduce((k, r) => k + r.top * r.sentences, 0) / n, atDefault: rows.reduce((k, r) => k + r.atDefault * r.sentences, 0) / n };
}

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
