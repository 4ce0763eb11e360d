import { LlmConfigurationMessages } from '@parley/sdk/contract/nlp-genai';

/** agent-designer 9: LLM options 1 (OpenAI) and 2 (GPT). */
export const LLM_TYPES = [
  { id: '1', name: 'OpenAI' },
  { id: '2', name: 'GPT' },
] as const;

/** The integration form's messages (agent-designer 5), as the server words them too. */
export const IntegrationMessages = LlmConfigurationMessages;
