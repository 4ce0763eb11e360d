import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Vectorizer } from '../features/vectorizer.js';
import { decodeEmotionModel } from '../emotions/emotion-file.js';
import { EMOTION_MODEL_FILE, emotionMargins } from '../emotions/emotion-model.js';
import { readGoEmotions } from '../emotions/train-emotions.js';
import { SMOKE } from './datasets.js';

/** Macro F1 over the 28 labels on test.tsv, multi-label: every label over its threshold, else the best one. */
export function goEmotions() {
  const model = decodeEmotionModel(new Uint8Array(gunzipSync(readFileSync(EMOTION_MODEL_FILE))));
  const vectorizer = new Vectorizer(model.vectorizer);
  const examples = readGoEmotions('test').examples.slice(0, SMOKE ? 300 : undefined);
  const counts = model.labels.map(() => ({ tp: 0, fp: 0, fn: 0 }));
  for (const e of examples) {
    const margins = emotionMargins(model, vectorizer, e.text);
    const over = margins.filter((m) => m.margin > 0).map((m) => model.labels.indexOf(m.label));
    const predicted = new Set(over.length ? over : [model.labels.indexOf(margins[0]!.label)]);
    model.labels.forEach((_, k) => {
      const gold = e.labels.includes(k);
      if (predicted.has(k) && gold) counts[k]!.tp++;
      else if (predicted.has(k)) counts[k]!.fp++;
      else if (gold) counts[k]!.fn++;
    });
  }
  const f1s = counts.map(({ tp, fp, fn }) => (tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn)));
  return { macroF1: f1s.reduce((a, b) => a + b, 0) / f1s.length, examples: examples.length, modelBytes: readFileSync(EMOTION_MODEL_FILE).length };
}
