import { PatternMatcher } from '../entities/pattern-matcher.js';
import { SynonymMatcher } from '../entities/synonym-matcher.js';
import { extractSystemEntities, SYSTEM_ENTITIES } from '../entities/system-entities.js';
import { detectEmotion } from '../emotions/emotion-model.js';
import type { CustomEntitySpec, EntityMatch, Language, ModelType, Prediction, TrainOptions, TrainSpec } from '../types.js';
import { rankIntents, trainSvm, type SvmModel } from './svm-model.js';

export interface AgentModel {
  kind: 'agent';
  language: Language;
  modelType: ModelType;
  threshold: number;
  classifier: SvmModel;
  entities: CustomEntitySpec[];
  systemEntities: string[];
}

export class TrainingError extends Error {}

/** Only SVM is built in; the generative types arrive with the generative-AI provider behind this same table. */
const MODEL_TYPES: Record<ModelType, ((spec: TrainSpec, o: TrainOptions) => SvmModel) | string> = {
  SVM: (spec, o) => trainSvm(spec, o),
  OpenAi: 'The OpenAi model type needs a generative-AI provider, which is not configured.',
  GPT2: 'The GPT2 model type needs a generative-AI provider, which is not configured.',
  Semantic: 'The Semantic model type needs a generative-AI provider, which is not configured.',
};

function check(spec: TrainSpec) {
  if (!spec.intents.length) throw new TrainingError('The agent has no intents to train.');
  for (const intent of spec.intents) {
    if (!intent.phrases.some((p) => p.text.trim())) throw new TrainingError(`Intent "${intent.name}" has no training phrases.`);
  }
  const threshold = spec.confidenceThreshold ?? 0.5;
  if (!(threshold >= 0 && threshold <= 1)) throw new TrainingError('The confidence threshold must be between 0 and 1.');
  const known = new Set<string>(SYSTEM_ENTITIES.map((e) => e.name));
  for (const name of spec.systemEntities ?? []) if (!known.has(name)) throw new TrainingError(`Unknown system entity "${name}".`);
  // Compiling the matchers here refuses unsafe patterns at training, not at the first message.
  new PatternMatcher(spec.entities ?? []);
}

export function train(spec: TrainSpec, options: TrainOptions = {}): AgentModel {
  const modelType = spec.modelType ?? 'SVM';
  const trainer = MODEL_TYPES[modelType];
  if (typeof trainer === 'string') throw new TrainingError(trainer);
  check(spec);
  const intents = spec.intents.map((i) => ({ ...i, phrases: i.phrases.filter((p) => p.text.trim()) }));
  const classifier = trainer({ ...spec, intents }, options);
  options.onProgress?.(1, 'done');
  return {
    kind: 'agent',
    language: spec.language,
    modelType,
    threshold: spec.confidenceThreshold ?? 0.5,
    classifier,
    entities: spec.entities ?? [],
    systemEntities: spec.systemEntities ?? [],
  };
}

const matchers = new WeakMap<AgentModel, { synonyms: SynonymMatcher; patterns: PatternMatcher }>();

/** Longer inputs are classified on their first part: chat messages are short, and work must stay bounded. */
export const MAX_INPUT = 2000;

/** `entitySpans`: parts of the text that entities recognised, which count as understood words. */
export function classify(model: AgentModel, text: string, entitySpans: { start: number; end: number }[] = []) {
  const input = text.slice(0, MAX_INPUT);
  const ranking = input.trim() ? rankIntents(model.classifier, input, entitySpans, 5) : [];
  const best = ranking[0];
  const outOfScope = !best || best.confidence < model.threshold;
  return { intent: outOfScope ? null : best.intent, confidence: best?.confidence ?? 0, ranking, outOfScope };
}

export async function extractEntities(model: AgentModel, text: string): Promise<EntityMatch[]> {
  let m = matchers.get(model);
  if (!m) {
    m = { synonyms: new SynonymMatcher(model.entities), patterns: new PatternMatcher(model.entities) };
    matchers.set(model, m);
  }
  const input = text.slice(0, MAX_INPUT);
  const all = [...m.synonyms.match(input), ...m.patterns.match(input), ...(await extractSystemEntities(input, model.language, model.systemEntities))];
  return all.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
}

export async function predict(model: AgentModel, text: string): Promise<Prediction> {
  const entities = await extractEntities(model, text);
  return { ...classify(model, text, entities), entities, emotion: detectEmotion(text) };
}
