import { scores, trainLinearSvm, type LinearModel } from '../classifier/linear-svm.js';
import { Vectorizer, type VectorizerState } from '../features/vectorizer.js';
import type { TrainOptions, TrainSpec } from '../types.js';

/**
 * Confidence of an intent = sigmoid(SLOPE x its one-vs-rest margin), a Platt scaling with a fixed slope. A
 * confidence of 0.5 is then exactly the SVM's own decision boundary, so the agent's default threshold (0.5) means
 * "the classifier says yes", and a message unlike any intent stays below it however few intents there are (a
 * softmax over margins would always crown one of them).
 */
export const SLOPE = 4;
/** CLINC-sized agents drop features seen once; small agents keep every feature. */
const minDfFor = (examples: number) => (examples >= 2000 ? 2 : 1);

export interface SvmModel {
  kind: 'SVM';
  version: 1;
  threshold: number;
  slope: number;
  intents: string[];
  vectorizer: VectorizerState;
  linear: LinearModel;
}

export function trainSvm(spec: TrainSpec, options: TrainOptions = {}, c = 2): SvmModel {
  const texts: string[] = [];
  const labels: number[] = [];
  spec.intents.forEach((intent, k) => {
    for (const p of intent.phrases) {
      texts.push(p.text);
      labels.push(k);
    }
  });
  options.onProgress?.(0, 'features');
  const vectorizer = Vectorizer.fit(texts, spec.language, minDfFor(texts.length));
  const xs = texts.map((t) => vectorizer.transform(t));
  const classes = spec.intents.length;
  const linear = trainLinearSvm(xs, Int32Array.from(labels), classes, vectorizer.dimension, {
    c,
    onClass: (k) => options.onProgress?.((k + 1) / classes, 'classifier'),
  });
  return {
    kind: 'SVM',
    version: 1,
    threshold: spec.confidenceThreshold ?? 0.5,
    slope: SLOPE,
    intents: spec.intents.map((i) => i.name),
    vectorizer: vectorizer.state,
    linear,
  };
}

const vectorizers = new WeakMap<SvmModel, Vectorizer>();

/** Confidences of every intent, highest first. */
export function rankIntents(model: SvmModel, text: string): { intent: string; confidence: number }[] {
  let vectorizer = vectorizers.get(model);
  if (!vectorizer) {
    vectorizer = new Vectorizer(model.vectorizer);
    vectorizers.set(model, vectorizer);
  }
  const margins = scores(model.linear, vectorizer.transform(text));
  return model.intents
    .map((intent, k) => ({ intent, confidence: 1 / (1 + Math.exp(-model.slope * margins[k]!)) }))
    .sort((a, b) => b.confidence - a.confidence);
}
