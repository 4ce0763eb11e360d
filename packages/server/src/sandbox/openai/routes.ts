import type { FastifyInstance } from 'fastify';
import { sandboxProvider } from '../../domains/llm/sandbox-provider.js';

/** Where the sandbox LLM answers: `{publicUrl}/sandbox/openai/v1` is the demo's "Parley sandbox" LLM configuration. */
export const SANDBOX_OPENAI_PREFIX = '/sandbox/openai/v1';

/** Bodies the sandbox reads; a conversation's history stays far below this. */
const BODY_LIMIT = 1024 * 1024;

/**
 * The built-in sandbox LLM: OpenAI's Chat Completions (streaming included, JSON-schema output) and Embeddings wire
 * format, answered by rules rather than a language model (sandbox-model.ts) so that generative features can be seen
 * without a key. Every reply says it comes from the "Parley sandbox model". It holds no data and calls nothing.
 */
export async function sandboxOpenAiRoutes(app: FastifyInstance) {
  const answer = sandboxProvider();
  await app.register(
    async (scope) => {
      for (const path of ['/chat/completions', '/embeddings']) {
        scope.post(path, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
          reply.hijack();
          const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
          await answer(request.raw, reply.raw, `${SANDBOX_OPENAI_PREFIX}${path}`, body);
        });
      }
    },
    { prefix: SANDBOX_OPENAI_PREFIX },
  );
}
