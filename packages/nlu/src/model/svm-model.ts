import { scores, trainLinearSvm, type LinearModel } from '../classifier/linear-svm.js';
import { embeddingFor, Vectorizer, type VectorizerState } from '../features/vectorizer.js';
import { contentWords, hasKnownContent } from './word-evidence.js';
import { KnownWords } from '../embeddings/known-words.js';
import { wordVectors } from '../embeddings/word-vectors.js';
import { Spelling } from '../text/spelling.js';
import { addPrototypeEvidence, fitPrototypes, type Prototypes } from './prototypes.js';
import type { TrainOptions, TrainSpec } from '../types.js';
import { calibrate, fitCalibration, gaps, type Calibration, type CalibrationSample, type FitOptions } from './calibration.js';

/**
 * Confidence of an intent in a model stored before calibration (calibration.ts): sigmoid(SLOPE x its one-vs-rest
 * margin), a Platt scaling with a fixed slope, 0.5 at the SVM's own decision boundary. Kept for those models.
 */
export const SLOPE = 4;
/** From this many training phrases an agent is CLINC-sized: it drops features seen once and needs no unknown-word guard. */
const LARGE_AGENT = 2000;
const minDfFor = (examples: number) => (examples >= LARGE_AGENT ? 2 : 1);

export interface SvmModel {
  kind: 'SVM';
  version: 1;
  threshold: number;
  slope: number;
  intents: string[];
  vectorizer: VectorizerState;
  linear: LinearModel;
  /** Training content words, for the unknown-word guard of a model with word vectors (word-evidence.ts). */
  contentWords?: string[];
  /**
   * False for a large agent: with a hundred phrases per intent the SVM has learnt that "what is" alone decides
   * nothing, and the guard mostly caught in-scope questions with a rare word (CLINC150 val: 18 in-scope against 4
   * out-of-scope queries; joint val accuracy 92.7% -> 92.9% without it). Absent (on) in models stored before.
   */
  unknownWordGuard?: false;
  /**
   * Each intent's prototype meanings (prototypes.ts), for a large agent with word vectors. A small agent's phrases
   * are too few to show the ways an intent is asked, and a typo (no word vector) would then cost a message its
   * confidence: "cancle my ordr" fell from 0.45 to 0.05 in the five-intent test agent.
   */
  prototypes?: Prototypes;
  /**
   * The agent's own map from margins to confidence (calibration.ts), fitted at training; absent in models stored
   * before it, which keep sigmoid(slope × margin).
   */
  calibration?: Calibration;
}

const denseTail = (x: { val: Float32Array }, n: number) => x.val.subarray(x.val.length - n);

/** Settings of the intent model; the defaults are the shipped ones (experiments vary them). */
export interface SvmSettings {
  c?: number;
  /** null trains on TF-IDF alone (how models were built before word vectors shipped). */
  embedding?: { id: string; weight: number } | null;
  /** Training threads (default: linear-svm.ts's choice). */
  threads?: number;
  /** Prototypes for every agent size, overriding the large-agent rule (experiments). */
  prototypes?: { perIntent: number; weight: number } | null;
  /** Extra training phrases per intent (paraphrases), with their intent index. */
  extra?: { text: string; label: number }[];
  /** False: no calibration (the sub-models that gather its evidence); default true. */
  calibrate?: boolean;
  /** The size rules of an agent of this many phrases (a sub-model follows its parent's). */
  sizeOf?: number;
  /** Receives the calibration evidence (experiments). */
  onEvidence?: (samples: CalibrationSample[]) => void;
  /** Calibration fit options (experiments). */
  fit?: FitOptions;
}

export function trainSvm(spec: TrainSpec, options: TrainOptions = {}, settings: SvmSettings = {}): SvmModel {
  const c = settings.c ?? 2;
  const texts: string[] = [];
  const labels: number[] = [];
  spec.intents.forEach((intent, k) => {
    for (const p of intent.phrases) {
      texts.push(p.text);
      labels.push(k);
    }
  });
  for (const e of settings.extra ?? []) {
    texts.push(e.text);
    labels.push(e.label);
  }
  options.onProgress?.(0, 'features');
  const vectorizer = Vectorizer.fit(
    texts,
    spec.language,
    minDfFor(texts.length),
    settings.embedding === undefined ? embeddingFor(spec.language) : settings.embedding,
  );
  const xs = texts.map((t) => vectorizer.transform(t));
  const classes = spec.intents.length;
  const large = (settings.sizeOf ?? texts.length) >= LARGE_AGENT;
  const linear = trainLinearSvm(xs, Int32Array.from(labels), classes, vectorizer.dimension, {
    c,
    ...(settings.threads && { threads: settings.threads }),
    onClass: (finished) => options.onProgress?.(finished / classes, 'classifier'),
  });
  let calibration: Calibration | undefined;
  if (settings.calibrate !== false) {
    options.onProgress?.(1, 'calibration');
    const evidence = calibrationEvidence(spec, settings, settings.sizeOf ?? texts.length);
    settings.onEvidence?.(evidence);
    calibration = fitCalibration(evidence, settings.fit);
  }
  return {
    kind: 'SVM',
    version: 1,
    threshold: spec.confidenceThreshold ?? 0.5,
    slope: SLOPE,
    intents: spec.intents.map((i) => i.name),
    vectorizer: vectorizer.state,
    linear,
    ...(large
      ? {
          unknownWordGuard: false as const,
          ...(vectorizer.denseDimension && {
            prototypes: fitPrototypes(
              xs.map((x) => denseTail(x, vectorizer.denseDimension)),
              labels,
              classes,
            ),
          }),
        }
      : vectorizer.state.embedding && { contentWords: contentWords(texts, spec.language) }),
    ...(settings.prototypes !== undefined && { prototypes: undefined }),
    ...(settings.prototypes &&
      vectorizer.denseDimension && {
        prototypes: fitPrototypes(
          xs.map((x) => denseTail(x, vectorizer.denseDimension)),
          labels,
          classes,
          settings.prototypes.perIntent,
          settings.prototypes.weight,
        ),
      }),
    ...(calibration && { calibration }),
  };
}

/** Agents of up to this many intents hold out each intent in turn; larger ones hold out a share at a time. */
const LEAVE_ONE_OUT_INTENTS = 6;
/** Out-of-scope evidence taken from each held-out intent (its phrases evenly spread), which bounds the scoring work. */
const OOS_PER_INTENT = 20;

/** A deterministic shuffle (mulberry32), so that held-out intents are not neighbours in the agent's order. */
function shuffled(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let state = seed >>> 0;
  for (let i = n - 1; i > 0; i--) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const j = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * Evidence for the calibration, from sub-models trained on part of the agent: each leaves out a fold of intents,
 * whose phrases are then out of scope for it, and a fold of the other intents' phrases, which are in scope and
 * unseen. Folds: every intent in turn for a small agent, a third at a time for a mid-sized one, a half for a large
 * one (training time). An agent of two intents gets none (a sub-model of one intent tells nothing apart) and keeps
 * the prior. Messages the unknown-word guard turns away are left out: the guard sets their confidence.
 */
function calibrationEvidence(spec: TrainSpec, settings: SvmSettings, size: number): CalibrationSample[] {
  const n = spec.intents.length;
  const folds = n <= LEAVE_ONE_OUT_INTENTS ? n : size >= LARGE_AGENT ? 2 : 3;
  const foldOf = new Int32Array(n);
  shuffled(n, 7).forEach((k, position) => (foldOf[k] = position % folds));
  const samples: CalibrationSample[] = [];
  for (let f = 0; f < folds; f++) {
    const kept: { name: string; phrases: { text: string }[] }[] = [];
    const inScope: { text: string; label: number }[] = [];
    const outOfScope: string[] = [];
    spec.intents.forEach((intent, k) => {
      const phrases = intent.phrases;
      if (foldOf[k] === f) {
        const count = Math.min(phrases.length, OOS_PER_INTENT);
        for (let i = 0; i < count; i++) outOfScope.push(phrases[Math.floor((i * phrases.length) / count)]!.text);
        return;
      }
      const period = Math.min(5, phrases.length);
      const train = phrases.filter((_, j) => period < 2 || j % period !== f % period);
      for (const [j, p] of phrases.entries()) if (period >= 2 && j % period === f % period) inScope.push({ text: p.text, label: kept.length });
      kept.push({ name: intent.name, phrases: train });
    });
    // A sub-model of one intent has nothing to tell it from: no evidence from it.
    if (kept.length < 2) continue;
    const sub = trainSvm({ ...spec, intents: kept }, {}, { ...settings, calibrate: false, sizeOf: size, extra: [], onEvidence: undefined });
    const add = (text: string, label: number) => {
      const { margins, evidence } = rawScores(sub, text);
      if (evidence < 1) return;
      let top = 0;
      for (let k = 1; k < margins.length; k++) if (margins[k]! > margins[top]!) top = k;
      samples.push({ margin: margins[top]!, gap: gaps(margins)[top]!, inScope: label >= 0, correct: label === top });
    };
    for (const s of inScope) add(s.text, s.label);
    for (const text of outOfScope) add(text, -1);
  }
  return samples;
}

const loaded = new WeakMap<SvmModel, { vectorizer: Vectorizer; words: KnownWords | undefined; spelling: Spelling | undefined }>();

function open(model: SvmModel) {
  let l = loaded.get(model);
  if (!l) {
    l = {
      vectorizer: new Vectorizer(model.vectorizer),
      words: model.contentWords && new KnownWords(model.contentWords),
      spelling: model.contentWords && new Spelling(model.contentWords),
    };
    loaded.set(model, l);
  }
  return l;
}

/** Every intent's margin, and 1, or 0.05 when none of the message's words are known (hasKnownContent). */
export function rawScores(model: SvmModel, text: string, entitySpans: { start: number; end: number }[] = []) {
  const { vectorizer, words, spelling } = open(model);
  const x = vectorizer.transform(text);
  const margins = scores(model.linear, x, undefined, vectorizer.denseDimension);
  if (model.prototypes) addPrototypeEvidence(model.prototypes, denseTail(x, vectorizer.denseDimension), margins);
  const known = {
    stem: (s: string) => vectorizer.knowsWord(s),
    ...(words &&
      spelling && { resembles: (w: string) => spelling.isTypoOf(w) || words.resembles(w), inLanguage: (w: string) => wordVectors().rowOf(w) !== undefined }),
  };
  // The floor keeps the ranking meaningful for a message of unknown words while it stays far below any threshold.
  // A message sharing no feature with the training phrases (not even a character n-gram: "🙂🙂🙂") is judged by
  // the biases alone, which a calibrated offset can lift over 0.5: it is out of scope (entity spans aside, which
  // count as understood).
  const anyKnown = x.idx.length > vectorizer.denseDimension || entitySpans.length > 0;
  const evidence =
    (anyKnown || !model.calibration) && (model.unknownWordGuard === false || hasKnownContent(known, text, model.vectorizer.language, entitySpans)) ? 1 : 0.05;
  return { margins, evidence };
}

/**
 * Confidences of the `limit` most confident intents (all by default), highest first, the first of equals first; damped
 * when none of the message's words are known (hasKnownContent).
 */
export function rankIntents(
  model: SvmModel,
  text: string,
  entitySpans: { start: number; end: number }[] = [],
  limit = Infinity,
): { intent: string; confidence: number }[] {
  const { margins, evidence } = rawScores(model, text, entitySpans);
  const c = model.calibration;
  const gap = c && gaps(margins);
  const n = model.intents.length;
  const confidence = new Float64Array(n);
  for (let k = 0; k < n; k++) confidence[k] = evidence * (c ? calibrate(c, margins[k]!, gap![k]!) : 1 / (1 + Math.exp(-model.slope * margins[k]!)));
  if (limit >= n) return model.intents.map((intent, k) => ({ intent, confidence: confidence[k]! })).sort((a, b) => b.confidence - a.confidence);
  // A chat turn wants the top five of 150 intents: picked one by one, not every intent sorted.
  const out: { intent: string; confidence: number }[] = [];
  const taken = new Uint8Array(n);
  while (out.length < limit) {
    let best = -1;
    for (let k = 0; k < n; k++) if (!taken[k] && (best < 0 || confidence[k]! > confidence[best]!)) best = k;
    taken[best] = 1;
    out.push({ intent: model.intents[best]!, confidence: confidence[best]! });
  }
  return out;
}
