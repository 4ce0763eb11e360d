import type { SemanticIndex } from './model/semantic-index.js';

/** The model types of the agent configuration (agent-designer spec); the server adds the language-model parts. */
export type ModelType = 'SVM' | 'OpenAi' | 'GPT2' | 'Semantic';
export type Language = 'en' | 'hi';

export interface TrainingPhrase {
  text: string;
  /** Entity references inside the phrase: which entity spans [entityStartPos, entityEndPos). */
  entities?: { entityId: string; entityStartPos: number; entityEndPos: number }[];
}

export interface IntentSpec {
  name: string;
  phrases: TrainingPhrase[];
}

export type EntityValue = { value: string; synonyms: string[] } | { value: string; patterns: string[] };

export interface CustomEntitySpec {
  id: string;
  name: string;
  values: EntityValue[];
}

export interface TrainSpec {
  language: Language;
  modelType?: ModelType;
  /** 0-1; a best confidence below it is out of scope. Default 0.5. */
  confidenceThreshold?: number;
  intents: IntentSpec[];
  entities?: CustomEntitySpec[];
  /** Names from SYSTEM_ENTITIES that the agent uses. */
  systemEntities?: string[];
  /** Semantic: the training phrases' embeddings (required for that model type). */
  semantic?: SemanticIndex;
}

export interface EntityMatch {
  name: string;
  value: string;
  text: string;
  start: number;
  end: number;
  /** `model`: extracted by the agent's language model (OpenAi model type). */
  source: 'synonyms' | 'pattern' | 'system' | 'model';
}

export interface Prediction {
  intent: string | null;
  confidence: number;
  ranking: { intent: string; confidence: number }[];
  entities: EntityMatch[];
  outOfScope: boolean;
  emotion: { label: string; score: number };
}

export interface TrainOptions {
  onProgress?: (fraction: number, stage: string) => void;
}
