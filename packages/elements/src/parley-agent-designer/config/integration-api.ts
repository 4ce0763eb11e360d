import { Codes, type Envelope } from '@parley/sdk/contract/envelope';
import { ParleyError } from '@parley/sdk/parley-error';
import { joinUrl } from '@parley/sdk/request-encoding';

/** agent-designer 9: LLM options 1 (OpenAI) and 2 (GPT); a saved LLM configuration has authType 5. */
export const LLM_TYPES = [
  { id: '1', name: 'OpenAI' },
  { id: '2', name: 'GPT' },
] as const;
export const LLM_AUTH_TYPE = 5;

export const IntegrationMessages = {
  nameRequired: 'Configuration name should not be empty',
  apiKeyRequired: 'API Key should not be empty',
  llmRequired: 'LLM Type should not be empty',
  // Not in the spec (the admin service's own message is shown when it sends one); worded in the same voice.
  created: 'Configuration Created Successfully',
} as const;

export interface NewLlmConfiguration {
  name: string;
  llm: 1 | 2;
  apikey: string;
}

/**
 * Where an LLM configuration is created. The SDK contract has no such endpoint yet (the integrations feature that
 * stores them has not landed; `GET nlp/genai/config` lists them and answers an empty list until then), so the path
 * is the list's own, as a create beside its list. When the contract gains the endpoint, call it through the client
 * instead and delete this file.
 */
export const CREATE_LLM_CONFIGURATION_PATH = 'nlp/genai/config';

/**
 * Creates an LLM configuration (spec 3: name, authType 5, llm, apikey); resolves with the server's message and the
 * new configuration's id. The key travels once, in the body; it is never read back.
 */
export async function createLlmConfiguration(
  apiBase: string,
  token: string | null,
  input: NewLlmConfiguration,
  signal?: AbortSignal,
): Promise<{ id: string | null; message: string }> {
  const body = new URLSearchParams({ name: input.name, authType: String(LLM_AUTH_TYPE), llm: String(input.llm), apikey: input.apikey });
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
  if (token) headers['authentication-token'] = token;
  let response: Response;
  try {
    response = await fetch(joinUrl(apiBase, CREATE_LLM_CONFIGURATION_PATH), { method: 'POST', headers, body, signal });
  } catch (cause) {
    throw ParleyError.network(cause);
  }
  let envelope: Envelope<{ id?: string; _id?: string } | null>;
  try {
    envelope = (await response.json()) as Envelope<{ id?: string; _id?: string } | null>;
  } catch (cause) {
    throw ParleyError.network(cause);
  }
  if (!envelope.status) throw new ParleyError(envelope.code ?? Codes.INTERNAL, envelope.message, envelope.errors ?? [], response.status);
  return { id: envelope.data?.id ?? envelope.data?._id ?? null, message: envelope.message || IntegrationMessages.created };
}
