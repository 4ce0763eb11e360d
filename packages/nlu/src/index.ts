// The public API of @parley/nlu: train a model from an agent's spec, predict on a message, and the helpers the
// conversation runtime and the designer need. Everything else is internal.
export type {
  CustomEntitySpec,
  EntityMatch,
  EntityValue,
  IntentSpec,
  Language,
  ModelType,
  Prediction,
  TrainingPhrase,
  TrainOptions,
  TrainSpec,
} from './types.js';
export { train, predict, classify, classifyByEmbedding, extractEntities, TrainingError, type AgentModel } from './model/agent-model.js';
export { semanticIndex, rankBySimilarity, type SemanticIndex } from './model/semantic-index.js';
export { serializeModel, deserializeModel } from './model/serialize.js';
export { SYSTEM_ENTITIES, type SystemEntityName } from './entities/system-entities.js';
export { UnsafePatternError } from './entities/pattern-matcher.js';
export { fillSlots, type SlotParameter, type SlotState, type SlotStep } from './slot-filling.js';
export { detectEmotion } from './emotions/emotion-model.js';
export { offlineParaphraseGenerator, type ParaphraseGenerator } from './paraphrase/offline-generator.js';
export { normalize } from './text/normalize.js';
