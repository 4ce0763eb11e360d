import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { agents, llmConfigurations } from '../db/schema.js';
import type { SealedBox } from '../secrets/sealed-box.js';

/** The LLM configuration every demo generative feature can use without a key: the server's own sandbox LLM. */
export const DEMO_SANDBOX_LLM = {
  name: 'Parley sandbox (no key needed)',
  // The sandbox accepts any bearer key; OpenAI's client insists on one.
  apiKey: 'sandbox',
  model: 'parley-sandbox',
  embeddingModel: 'parley-sandbox-embeddings',
} as const;

export const DEMO_PROMPT_AGENT = {
  name: 'Demo Order Desk',
  description: 'A prompt agent that collects the customer name and order number (answers from the sandbox LLM)',
  prompt:
    'You are the order desk of Demo Pizza. Greet the customer warmly, help with questions about an existing order, and keep every answer short and friendly.',
  userData: [
    { name: 'name', description: "customer's name" },
    { name: 'orderNumber', description: 'order number' },
  ],
} as const;

/**
 * The sandbox LLM configuration (`{publicUrl}/sandbox/openai/v1`, sandbox/openai/routes.ts) and a prompt agent using
 * it that collects the customer's name and order number, so that Try-it shows a prompt agent at work after
 * `npm start`. Each is created only when the enterprise has none of that name: running it again changes nothing.
 */
export async function seedDemoPromptAgent(
  db: Db,
  sealed: SealedBox,
  eId: string,
  adminId: string,
  sandboxBaseUrl: string,
): Promise<{ configId: string; agentId: string }> {
  let [config] = await db
    .select({ id: llmConfigurations.id })
    .from(llmConfigurations)
    .where(and(eq(llmConfigurations.eId, eId), eq(llmConfigurations.name, DEMO_SANDBOX_LLM.name)));
  config ??= (
    await db
      .insert(llmConfigurations)
      .values({
        eId,
        name: DEMO_SANDBOX_LLM.name,
        authType: 5,
        llm: 1,
        apiKeySealed: sealed.seal(DEMO_SANDBOX_LLM.apiKey),
        baseUrl: sandboxBaseUrl,
        model: DEMO_SANDBOX_LLM.model,
        embeddingModel: DEMO_SANDBOX_LLM.embeddingModel,
        createdBy: adminId,
      })
      .returning({ id: llmConfigurations.id })
  )[0]!;
  let [agent] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.eId, eId), eq(agents.name, DEMO_PROMPT_AGENT.name)));
  agent ??= (
    await db
      .insert(agents)
      .values({
        eId,
        name: DEMO_PROMPT_AGENT.name,
        description: DEMO_PROMPT_AGENT.description,
        type: 'prompt',
        promptConfig: {
          openaiKey: config.id,
          prompt: DEMO_PROMPT_AGENT.prompt,
          extractData: true,
          userData: DEMO_PROMPT_AGENT.userData.map((v) => ({ ...v })),
        },
        createdBy: adminId,
      })
      .returning({ id: agents.id })
  )[0]!;
  return { configId: config.id, agentId: agent.id };
}
