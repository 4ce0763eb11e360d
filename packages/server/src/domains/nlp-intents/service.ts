import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { SYSTEM_ENTITIES } from '@parley/nlu/entities/system-entity-list';
import type { FieldError } from '@parley/sdk/contract/envelope';
import type { Intent, IntentInput, IntentParameter, Utterance } from '@parley/sdk/contract/nlp-intents';
import { IntentLimits, IntentMessages } from '@parley/sdk/contract/nlp-intents';
import type { Db } from '../../db/database.js';
import { entities, intents, stories } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { findAgent, isUniqueViolation, markDesignChanged } from '../nlp-agents/queries.js';
import { containing } from '../../db/like-pattern.js';
import { agentTrainingCharsWith } from './training-limits.js';

type IntentRow = typeof intents.$inferSelect;

/**
 * The wire speaks agent-designer 3 (`{ utterance, entityDefined, entityRefs }`, `{ response }`, parameters keyed by
 * `id`); the rows keep the shape the NLU trains from (`{ text, entities }`, plain response text, `entityId`). Mapping
 * here, rather than migrating the rows, leaves every stored agent, the training-limit queries, the entity-in-use check
 * and the trained models' snapshots exactly as they were.
 */
const shape = (r: IntentRow): Intent => ({
  id: r.id,
  agentId: r.agentId,
  storyId: r.storyId,
  name: r.name,
  utterances: r.utterances.map((u) => ({ utterance: u.text, entityDefined: u.entities.length > 0, entityRefs: u.entities })),
  responses: r.responses.map((response) => ({ response })),
  entities: r.parameters.map((p) => ({ id: p.entityId, name: p.name, required: p.required, value: p.value ?? '', prompts: p.prompts })),
  updatedOn: r.updatedAt.toISOString(),
});

/** The request's spec shapes as the row keeps them. */
const stored = (input: IntentInput) => ({
  utterances: input.utterances.filter((u) => u.utterance).map((u) => ({ text: u.utterance, entities: u.entityRefs })),
  responses: input.responses.map((r) => r.response.trim()),
  parameters: input.entities.map((p) => ({ name: p.name, entityId: p.id, required: p.required, prompts: p.prompts, ...(p.value ? { value: p.value } : {}) })),
});

const SYSTEM_NAMES = new Set<string>(SYSTEM_ENTITIES.map((e) => e.name));
// Custom entity ids are uuids; anything else cannot be one, and must not reach a uuid column as a query value.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class IntentService {
  constructor(private readonly db: Db) {}

  /** The story must belong to the agent, and the agent to the caller's enterprise. */
  private async storyOf(auth: AuthContext, agentId: string, storyId: string) {
    if (!(await findAgent(this.db, auth.eId, agentId))) throw ApiError.notFound();
    const [story] = await this.db
      .select()
      .from(stories)
      .where(and(eq(stories.id, storyId), eq(stories.agentId, agentId), eq(stories.eId, auth.eId)));
    if (!story) throw ApiError.notFound();
    return story;
  }

  /**
   * Every entity an intent names, as a parameter or in a phrase, is a system entity or a custom entity of the same
   * agent: another agent's or enterprise's id would train into nothing, and reveal nothing if refused the same way.
   */
  private async refuseUnknownEntities(auth: AuthContext, agentId: string, parameters: IntentParameter[], utterances: Utterance[]) {
    const refs = [
      ...parameters.map((p, i) => ({ field: `entities.${i}.id`, id: p.id })),
      ...utterances.flatMap((u, i) => u.entityRefs.map((e, j) => ({ field: `utterances.${i}.entityRefs.${j}.entityId`, id: e.entityId }))),
    ].filter((r) => !SYSTEM_NAMES.has(r.id));
    const candidates = [...new Set(refs.map((r) => r.id).filter((id) => UUID.test(id)))];
    const found = candidates.length
      ? await this.db
          .select({ id: entities.id })
          .from(entities)
          .where(and(inArray(entities.id, candidates), eq(entities.agentId, agentId), eq(entities.eId, auth.eId)))
      : [];
    // Compared as the database spells them: training looks entities up by that exact text.
    const known = new Set(found.map((e) => e.id));
    const errors: FieldError[] = refs.filter((r) => !known.has(r.id)).map((r) => ({ field: r.field, message: IntentMessages.entityNotFound }));
    if (errors.length) throw ApiError.validation(errors);
  }

  async save(auth: AuthContext, input: IntentInput) {
    await this.storyOf(auth, input.agentId, input.storyId);
    await this.refuseUnknownEntities(auth, input.agentId, input.entities, input.utterances);
    const phraseChars = input.utterances.reduce((sum, u) => sum + u.utterance.length, 0);
    const total = await agentTrainingCharsWith(this.db, auth.eId, input.agentId, input.id, phraseChars);
    if (total > IntentLimits.agentTrainingChars) throw ApiError.field('utterances', IntentMessages.agentTooLarge(total));
    const values = {
      name: input.name,
      storyId: input.storyId,
      ...stored(input),
      updatedAt: new Date(),
    };
    try {
      if (input.id) {
        const [row] = await this.db
          .update(intents)
          .set(values)
          .where(and(eq(intents.id, input.id), eq(intents.agentId, input.agentId), eq(intents.eId, auth.eId)))
          .returning({ id: intents.id });
        if (!row) throw ApiError.notFound();
        await markDesignChanged(this.db, input.agentId);
        return row;
      }
      const [row] = await this.db
        .insert(intents)
        .values({ ...values, eId: auth.eId, agentId: input.agentId })
        .returning({ id: intents.id });
      await markDesignChanged(this.db, input.agentId);
      return row!;
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(IntentMessages.duplicateIntent, 'name');
      throw err;
    }
  }

  async list(auth: AuthContext, q: { agentId: string; storyId: string; name?: string | undefined; from: number; perPage: number }) {
    await this.storyOf(auth, q.agentId, q.storyId);
    const limit = q.perPage === -1 ? 10_000 : q.perPage;
    const rows = await this.db
      .select({
        id: intents.id,
        name: intents.name,
        storyId: intents.storyId,
        phrases: sql<number>`jsonb_array_length(${intents.utterances})::int`,
        updatedAt: intents.updatedAt,
      })
      .from(intents)
      .where(and(eq(intents.storyId, q.storyId), eq(intents.eId, auth.eId), q.name?.trim() ? ilike(intents.name, containing(q.name.trim())) : undefined))
      .orderBy(asc(intents.createdAt), asc(intents.id))
      .limit(limit + 1)
      .offset(q.from);
    return {
      intents: rows
        .slice(0, limit)
        .map((r) => ({ id: r.id, name: r.name, storyId: r.storyId, phrases: Number(r.phrases), updatedOn: r.updatedAt.toISOString() })),
      more: rows.length > limit,
    };
  }

  async get(auth: AuthContext, agentId: string, storyId: string, intentId: string) {
    await this.storyOf(auth, agentId, storyId);
    const [row] = await this.db
      .select()
      .from(intents)
      .where(and(eq(intents.id, intentId), eq(intents.storyId, storyId), eq(intents.eId, auth.eId)));
    if (!row) throw ApiError.notFound();
    return shape(row);
  }

  async delete(auth: AuthContext, agentId: string, storyId: string, intentId: string) {
    await this.storyOf(auth, agentId, storyId);
    const [row] = await this.db
      .delete(intents)
      .where(and(eq(intents.id, intentId), eq(intents.storyId, storyId), eq(intents.eId, auth.eId)))
      .returning({ id: intents.id });
    if (!row) throw ApiError.notFound();
    await markDesignChanged(this.db, agentId);
  }
}
