import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { scores } from '../classifier/linear-svm.js';
import { Vectorizer } from '../features/vectorizer.js';
import { decodeEmotionModel, type EmotionModel } from './emotion-file.js';

/** Committed with the package (models/), so the product needs no dataset at run time; works from src and dist. */
export const EMOTION_MODEL_FILE = fileURLToPath(new URL('../../models/emotions.bin.gz', import.meta.url));

let loaded: { model: EmotionModel; vectorizer: Vectorizer } | undefined;

function load() {
  if (!loaded) {
    const model = decodeEmotionModel(new Uint8Array(gunzipSync(readFileSync(EMOTION_MODEL_FILE))));
    loaded = { model, vectorizer: new Vectorizer(model.vectorizer) };
  }
  return loaded;
}

/** Labels whose margin clears their threshold, best first; empty when none is confident. */
export function emotionMargins(model: EmotionModel, vectorizer: Vectorizer, text: string) {
  const s = scores(model.linear, vectorizer.transform(text));
  return model.labels.map((label, k) => ({ label, margin: s[k]! - model.thresholds[k]!, raw: s[k]! })).sort((a, b) => b.margin - a.margin);
}

/** One of the 28 GoEmotions labels with a 0-1 score; neutral when nothing is confident. */
export function detectEmotion(text: string): { label: string; score: number } {
  if (!text.trim()) return { label: 'neutral', score: 1 };
  const { model, vectorizer } = load();
  const best = emotionMargins(model, vectorizer, text.slice(0, 2000))[0]!;
  const score = 1 / (1 + Math.exp(-4 * best.raw));
  return best.margin > 0 ? { label: best.label, score } : { label: 'neutral', score: 1 - score };
}
