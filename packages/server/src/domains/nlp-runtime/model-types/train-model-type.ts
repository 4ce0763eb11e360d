import type { TrainSpec } from '@parley/nlu';
import { LlmUnavailable } from '../../llm/llm-client.js';
import type { RuntimeData } from '../runtime-data.js';
import { TrainingRefused } from '../train-in-worker.js';
import { configIdsFor, ModelTypeMessages, type ModelLlms } from './chosen-llm.js';
import { embedTrainingPhrases } from './semantic-training.js';

/**
 * Train's language-model step, before the SVM trains: the model types other than SVM need an LLM configuration
 * (the agent's, else the server's OPENAI_BASE_URL), which the runtime data records; Semantic embeds every training
 * phrase now, so a turn embeds only the message. Refuses with the reason shown as the training's error.
 */
export async function prepareModelType(
  llms: ModelLlms | undefined,
  owner: { eId: string; agentId: string },
  agentConfig: Record<string, unknown>,
  spec: TrainSpec,
  runtime: RuntimeData,
) {
  const type = spec.modelType ?? 'SVM';
  if (type === 'SVM') return;
  const llm = await llms?.choose(owner.eId, configIdsFor(type, agentConfig), { agentId: owner.agentId, purpose: 'embed' });
  if (!llm) throw new TrainingRefused(ModelTypeMessages.noLlm(type));
  runtime.modelLlmConfigId = llm.configId;
  if (type !== 'Semantic') return;
  if (!llm.embeddingModel) throw new TrainingRefused(ModelTypeMessages.noEmbeddings);
  try {
    spec.semantic = await embedTrainingPhrases(llm.client, llm.embeddingModel, spec);
  } catch (err) {
    if (err instanceof LlmUnavailable) throw new TrainingRefused(ModelTypeMessages.unreachable(err.message));
    throw err;
  }
}
