import { and, eq, sql } from 'drizzle-orm';
import { IntentLimits, IntentMessages } from '@parley/sdk/contract/nlp-intents';
import type { Db } from '../../db/database.js';
import { intents } from '../../db/schema.js';

/**
 * The size of each intent of an agent as stored, measured by the database so that a large agent is not read into
 * memory to be measured. PostgreSQL counts code points, never more than the UTF-16 length the contract counted at
 * save, so an intent saved within the limits always passes them at Train.
 */
async function intentSizes(db: Db, eId: string, agentId: string) {
  const rows = await db
    .select({
      id: intents.id,
      name: intents.name,
      phrases: sql<number>`jsonb_array_length(${intents.utterances})::int`,
      chars: sql<number>`(SELECT coalesce(sum(char_length(u->>'text')), 0) FROM jsonb_array_elements(${intents.utterances}) u)::bigint`,
      longestPhrase: sql<number>`(SELECT coalesce(max(char_length(u->>'text')), 0) FROM jsonb_array_elements(${intents.utterances}) u)::int`,
      longestResponse: sql<number>`(SELECT coalesce(max(char_length(r)), 0) FROM jsonb_array_elements_text(${intents.responses}) r)::int`,
    })
    .from(intents)
    .where(and(eq(intents.agentId, agentId), eq(intents.eId, eId)));
  return rows.map((r) => ({
    ...r,
    phrases: Number(r.phrases),
    chars: Number(r.chars),
    longestPhrase: Number(r.longestPhrase),
    longestResponse: Number(r.longestResponse),
  }));
}

/** The characters the agent's training would read once `intentId` (new when undefined) holds `phraseChars`. */
export async function agentTrainingCharsWith(db: Db, eId: string, agentId: string, intentId: string | undefined, phraseChars: number) {
  const others = (await intentSizes(db, eId, agentId)).filter((i) => i.id !== intentId);
  return others.reduce((sum, i) => sum + i.chars, phraseChars);
}

/**
 * Why the agent must not be trained as it stands, or null. Saving enforces the same limits; this catches intents
 * saved before they existed, rows written around the API, and concurrent saves that each fit alone.
 */
export async function trainingLimitProblem(db: Db, eId: string, agentId: string): Promise<string | null> {
  const sizes = await intentSizes(db, eId, agentId);
  for (const i of sizes) {
    if (i.phrases > IntentLimits.phrasesPerIntent) return IntentMessages.intentOverLimit(i.name, IntentMessages.tooManyPhrases);
    if (i.longestPhrase > IntentLimits.phraseChars) return IntentMessages.intentOverLimit(i.name, IntentMessages.phraseTooLong);
    if (i.longestResponse > IntentLimits.responseChars) return IntentMessages.intentOverLimit(i.name, IntentMessages.responseTooLong);
  }
  const total = sizes.reduce((sum, i) => sum + i.chars, 0);
  return total > IntentLimits.agentTrainingChars ? IntentMessages.agentTooLarge(total) : null;
}
