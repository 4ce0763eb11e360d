import type { LinearModel } from '../classifier/linear-svm.js';
import type { VectorizerState } from '../features/vectorizer.js';
import { pack, unpack } from '../model/float-pack.js';

export interface EmotionModel {
  labels: string[];
  /** Per-label margin thresholds, tuned on GoEmotions dev for F1. */
  thresholds: number[];
  vectorizer: VectorizerState;
  linear: LinearModel;
}

interface Header {
  labels: string[];
  thresholds: number[];
  vocab: string[];
  language: VectorizerState['language'];
  classes: number;
  dimension: number;
}

/** No magic tag: the file is the model file shipped in models/ and nothing else is read from there. */
const MAGIC = '';

export function encodeEmotionModel(m: EmotionModel): Uint8Array {
  const header: Header = {
    labels: m.labels,
    thresholds: m.thresholds,
    vocab: m.vectorizer.vocab,
    language: m.vectorizer.language,
    classes: m.linear.classes,
    dimension: m.linear.dimension,
  };
  return pack(MAGIC, header, [m.linear.weights, m.linear.bias, m.vectorizer.idf]);
}

export function decodeEmotionModel(bytes: Uint8Array): EmotionModel {
  const { header: h, take } = unpack<Header>(MAGIC, bytes);
  const weights = take(h.classes * h.dimension);
  const bias = take(h.classes);
  const idf = take(h.vocab.length);
  return {
    labels: h.labels,
    thresholds: h.thresholds,
    vectorizer: { language: h.language, vocab: h.vocab, idf },
    linear: { classes: h.classes, dimension: h.dimension, weights, bias },
  };
}
