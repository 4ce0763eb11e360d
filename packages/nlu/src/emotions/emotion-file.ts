import type { LinearModel } from '../classifier/linear-svm.js';
import type { VectorizerState } from '../features/vectorizer.js';

export interface EmotionModel {
  labels: string[];
  /** Per-label margin thresholds, tuned on GoEmotions dev for F1. */
  thresholds: number[];
  vectorizer: VectorizerState;
  linear: LinearModel;
}

/** A compact binary file: JSON header (labels, thresholds, vocabulary) and Float32 weights, bias and idf. */
export function encodeEmotionModel(m: EmotionModel): Uint8Array {
  const head = new TextEncoder().encode(
    JSON.stringify({ labels: m.labels, thresholds: m.thresholds, vocab: m.vectorizer.vocab, language: m.vectorizer.language, classes: m.linear.classes, dimension: m.linear.dimension }),
  );
  const arrays = [m.linear.weights, m.linear.bias, m.vectorizer.idf];
  const out = new Uint8Array(4 + head.length + arrays.reduce((n, a) => n + a.byteLength, 0));
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, 4);
  let offset = 4 + head.length;
  for (const a of arrays) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), offset);
    offset += a.byteLength;
  }
  return out;
}

export function decodeEmotionModel(bytes: Uint8Array): EmotionModel {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
  const h = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  let offset = bytes.byteOffset + 4 + length;
  const take = (n: number) => {
    const a = new Float32Array(bytes.buffer.slice(offset, offset + n * 4));
    offset += n * 4;
    return a;
  };
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
