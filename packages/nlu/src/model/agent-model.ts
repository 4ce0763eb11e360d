import { PatternMatcher } from '../entities/pattern-matcher.js';
import { SynonymMatcher } from '../entities/synonym-matcher.js';
import { extractSystemEntities, SYSTEM_ENTITIES } from '../entities/system-entities.js';
import { detectEmotion } from '../emotions/emotion-model.js';
import type { CustomEntitySpec, EntityMatch, Language, ModelType, Prediction, TrainOptions, TrainSpec } from '../types.js';
import { rankBySimilarity, type SemanticIndex } from './semantic-index.js';
import { rankIntents, trainSvm, type SvmModel } from './svm-model.js';

export interface AgentModel {
  kind: 'agent';
  language: Language;
  modelType: ModelType;
  threshold: number;
  classifier: SvmModel;
  entities: CustomEntitySpec[];
  systemEntities: string[];
  /** Semantic: the training phrases' embeddings, which choose the intent instead of the SVM. */
  semantic?: SemanticIndex;
}

export class TrainingError extends Error {}

/**
 * Every model type trains the SVM: it extracts entities for all of them, classifies for SVM and GPT2, and is the
 * fallback of OpenAi. The language-model parts (the provider calls) belong to the server; Semantic brings its phrase
 * embeddings in the spec.
 */
const MODEL_TYPES: Record<ModelType, (spec: TrainSpec, o: TrainOptions) => SvmModel> = {
  SVM: (spec, o) => trainSvm(spec, o),
  OpenAi: (spec, o) => trainSvm(spec, o),
  GPT2: (spec, o) => trainSvm(spec, o),
  Semantic: (spec, o) => trainSvm(spec, o),
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
  check(spec);
  if (modelType === 'Semantic' && !spec.semantic?.owners.length)
    throw new TrainingError('The Semantic model type needs the embeddings of the training phrases.');
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
    ...(spec.semantic ? { semantic: spec.semantic } : {}),
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

/** Semantic: the intents ranked by the message's embedding (made by `model.semantic.model`), judged by the threshold. */
export function classifyByEmbedding(model: AgentModel, embedding: ArrayLike<number>) {
  if (!model.semantic) throw new Error('The model has no phrase embeddings');
  const ranking = rankBySimilarity(model.semantic, embedding);
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
