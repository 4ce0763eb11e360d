import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { recordId } from './fields.js';
import { Messages } from './messages.js';

export const ConfigMessages = {
  retries: 'Entity extract retries value cannot be less than 1',
  threshold: 'Confidence Threshold value should be between zero and 1.',
  saved: 'Configuration Updated Successfully',
} as const;

/** agent-designer 9: config and prompt updates answer with the success code as the string '100'. */
export const CONFIG_SUCCESS_CODE = '100';

export const modelConfig = z.object({
  entityExtractRetries: z.coerce.number({ error: Messages.mandatory }).int({ error: ConfigMessages.retries }).min(1, { error: ConfigMessages.retries }).max(10),
  outOfScopeMessage: z.string().trim().max(1000).default("Sorry, I didn't get that. Could you say it another way?"),
  modelType: z.enum(['SVM', 'OpenAi', 'GPT2', 'Semantic'], { error: Messages.mandatory }),
  confidenceThreshold: z.coerce
    .number({ error: ConfigMessages.threshold })
    .min(0, { error: ConfigMessages.threshold })
    .max(1, { error: ConfigMessages.threshold })
    .default(0.5),
  language: z.enum(['en', 'hi'], { error: Messages.mandatory }),
});
export type ModelConfig = z.infer<typeof modelConfig>;

/** What an agent starts with: the built-in SVM, English, threshold 0.5, two retries. */
export const DEFAULT_MODEL_CONFIG: ModelConfig = {
  entityExtractRetries: 2,
  outOfScopeMessage: "Sorry, I didn't get that. Could you say it another way?",
  modelType: 'SVM',
  confidenceThreshold: 0.5,
  language: 'en',
};

/**
 * The Entities Configuration form (agent-designer 7): the model configuration plus `openaiKey`, the Open AI
 * configuration chosen when the model type is OpenAi (kept with the agent; the built-in engine does not read it).
 */
export const agentModelConfigForm = modelConfig.extend({ openaiKey: z.string().trim().max(200).default('') });
export type AgentModelConfigForm = z.infer<typeof agentModelConfigForm>;

const id = recordId;

export const nlpConfigApi = {
  get: endpoint({ method: 'GET', path: 'nlp/agent/:id/config', input: z.object({ id }), reply: agentModelConfigForm }),
  update: endpoint({ method: 'POST', path: 'nlp/agent/:id/config', input: agentModelConfigForm.extend({ id }), reply: agentModelConfigForm }),
} as const;
