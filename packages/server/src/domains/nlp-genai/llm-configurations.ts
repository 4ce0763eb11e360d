import { asc, eq } from 'drizzle-orm';
import { LlmConfigurationMessages } from '@parley/sdk/contract/nlp-genai';
import type { Db } from '../../db/database.js';
import { llmConfigurations } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import { isUniqueViolation } from '../nlp-agents/queries.js';

/**
 * The enterprise's LLM integration configurations (agent-designer "Integration form (LLM)"): what the gen-AI and
 * prompt screens choose from. The key is sealed before it is stored and no call ever returns it.
 */
export class LlmConfigurationService {
  constructor(
    private readonly db: Db,
    private readonly sealed: SealedBox,
  ) {}

  async list(auth: AuthContext) {
    return this.db
      .select({ id: llmConfigurations.id, name: llmConfigurations.name })
      .from(llmConfigurations)
      .where(eq(llmConfigurations.eId, auth.eId))
      .orderBy(asc(llmConfigurations.name));
  }

  async create(
    auth: AuthContext,
    input: { name: string; authType: number; llm: number; apikey: string; baseUrl: string; model: string; embeddingModel: string },
  ) {
    try {
      const [row] = await this.db
        .insert(llmConfigurations)
        .values({
          eId: auth.eId,
          name: input.name,
          authType: input.authType,
          llm: input.llm,
          apiKeySealed: this.sealed.seal(input.apikey),
          baseUrl: input.baseUrl,
          model: input.model,
          embeddingModel: input.embeddingModel,
          createdBy: auth.uId,
        })
        .returning({ id: llmConfigurations.id, name: llmConfigurations.name });
      return { id: row!.id, _id: row!.id, name: row!.name };
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(LlmConfigurationMessages.duplicate, 'name');
      throw err;
    }
  }
}
