import { semanticIndex, type SemanticIndex, type TrainSpec } from '@parley/nlu';
import type { LlmClient } from '../../llm/llm-client.js';

/** Phrases per embeddings request: well under OpenAI's 2048 inputs, and small enough for local servers. */
const BATCH = 128;

/** Every training phrase embedded by the configuration's embeddings model, in batches, as the Semantic index. */
export async function embedTrainingPhrases(llm: LlmClient, embeddingModel: string, spec: TrainSpec): Promise<SemanticIndex> {
  const phrases = spec.intents.flatMap((intent) =>
    intent.phrases
      .map((p) => p.text.trim())
      .filter(Boolean)
      .map((text) => ({ intent: intent.name, text })),
  );
  const vectors: number[][] = [];
  for (let i = 0; i < phrases.length; i += BATCH) {
    const batch = phrases.slice(i, i + BATCH);
    const res = await llm.embed(batch.map((p) => p.text));
    if (res.vectors.length !== batch.length) throw new Error(`The embeddings model answered ${res.vectors.length} vectors for ${batch.length} phrases`);
    vectors.push(...res.vectors);
  }
  return semanticIndex(
    embeddingModel,
    spec.intents.map((intent) => ({ name: intent.name, vectors: vectors.filter((_, i) => phrases[i]!.intent === intent.name) })),
  );
}
