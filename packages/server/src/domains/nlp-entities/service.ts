import { and, asc, eq, ilike } from 'drizzle-orm';
import { compileSafePattern, UnsafePatternError } from '@parley/nlu/entities/pattern-matcher';
import { SYSTEM_ENTITIES } from '@parley/nlu/entities/system-entity-list';
import { EntityMessages, type Entity, type EntityValue, type EntityValueInput } from '@parley/sdk/contract/nlp-entities';
import { Codes } from '@parley/sdk/contract/envelope';
import type { Db } from '../../db/database.js';
import { entities, intents } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { findAgent, isUniqueViolation, markDesignChanged } from '../nlp-agents/queries.js';
import { containing } from '../../db/like-pattern.js';

type EntityRow = typeof entities.$inferSelect;
type StoredValue = EntityRow['values'][number];

/**
 * The wire speaks agent-designer 3 (a pattern value lists its expressions under `pattern`); the rows keep the NLU's
 * `patterns`. Mapping here, rather than migrating the rows, leaves stored agents and trained models as they were.
 */
const wireValue = (v: StoredValue): EntityValue =>
  v.type === 'pattern' ? { value: v.value, type: 'pattern', pattern: v.patterns ?? [] } : { value: v.value, type: 'synonyms', synonyms: v.synonyms ?? [] };
const storedValue = (v: EntityValueInput): StoredValue =>
  v.type === 'pattern' ? { value: v.value, type: 'pattern', patterns: v.pattern } : { value: v.value, type: 'synonyms', synonyms: v.synonyms };
const shape = (r: EntityRow): Entity => ({
  id: r.id,
  agentId: r.agentId,
  name: r.name,
  updatedOn: r.updatedAt.toISOString(),
  values: r.values.map(wireValue),
  type: 0,
  description: '',
});

export class EntityService {
  constructor(private readonly db: Db) {}

  private async agent(auth: AuthContext, agentId: string) {
    if (!(await findAgent(this.db, auth.eId, agentId))) throw ApiError.notFound();
  }

  /** Custom entities from the database (type 0), or the engine's system entities (type 1, the System tab). */
  async list(auth: AuthContext, q: { id: string; from: number; perPage: number; type: number; searchterm?: string | undefined }) {
    await this.agent(auth, q.id);
    const limit = q.perPage === -1 ? 10_000 : q.perPage;
    const term = q.searchterm?.trim().toLowerCase() ?? '';
    if (q.type === 1) {
      const all = SYSTEM_ENTITIES.filter((e) => e.name.includes(term)).map((e) => ({
        id: e.name,
        agentId: q.id,
        name: e.name,
        updatedOn: null,
        values: [],
        type: 1 as const,
        description: e.description,
      }));
      return { entities: all.slice(q.from, q.from + limit), more: q.from + limit < all.length };
    }
    const rows = await this.db
      .select()
      .from(entities)
      .where(and(eq(entities.agentId, q.id), eq(entities.eId, auth.eId), term ? ilike(entities.name, containing(term)) : undefined))
      .orderBy(asc(entities.name), asc(entities.id))
      .limit(limit + 1)
      .offset(q.from);
    return { entities: rows.slice(0, limit).map(shape), more: rows.length > limit };
  }

  async get(auth: AuthContext, agentId: string, entityId: string) {
    await this.agent(auth, agentId);
    const [row] = await this.db
      .select()
      .from(entities)
      .where(and(eq(entities.id, entityId), eq(entities.agentId, agentId), eq(entities.eId, auth.eId)));
    if (!row) throw ApiError.notFound();
    return shape(row);
  }

  async save(auth: AuthContext, input: { id?: string | undefined; agentId: string; name: string; values: EntityValueInput[] }) {
    await this.agent(auth, input.agentId);
    // The engine compiles these at training; refusing them here tells the user while the form is still open.
    input.values.forEach((v, i) => {
      for (const p of v.type === 'pattern' ? v.pattern : []) {
        try {
          compileSafePattern(p);
        } catch (e) {
          if (e instanceof UnsafePatternError) throw ApiError.field(`values.${i}.pattern`, e.message);
          throw e;
        }
      }
    });
    try {
      if (input.id) {
        const [row] = await this.db
          .update(entities)
          .set({ name: input.name, values: input.values.map(storedValue), updatedAt: new Date() })
          .where(and(eq(entities.id, input.id), eq(entities.agentId, input.agentId), eq(entities.eId, auth.eId)))
          .returning({ id: entities.id });
        if (!row) throw ApiError.notFound();
        await markDesignChanged(this.db, input.agentId);
        return row;
      }
      const [row] = await this.db
        .insert(entities)
        .values({ eId: auth.eId, agentId: input.agentId, name: input.name, values: input.values.map(storedValue) })
        .returning({ id: entities.id });
      await markDesignChanged(this.db, input.agentId);
      return row!;
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(EntityMessages.duplicate, 'name');
      throw err;
    }
  }

  /** Refused while an intent uses the entity as a parameter or in a phrase, naming those intents. */
  async delete(auth: AuthContext, agentId: string, entityId: string) {
    await this.get(auth, agentId, entityId);
    const using = (
      await this.db
        .select({ name: intents.name, parameters: intents.parameters, utterances: intents.utterances })
        .from(intents)
        .where(eq(intents.agentId, agentId))
    )
      .filter((i) => i.parameters.some((p) => p.entityId === entityId) || i.utterances.some((u) => u.entities.some((e) => e.entityId === entityId)))
      .map((i) => i.name);
    if (using.length) throw new ApiError(Codes.CONFLICT, EntityMessages.inUse(using), 409);
    await this.db.delete(entities).where(and(eq(entities.id, entityId), eq(entities.eId, auth.eId)));
    await markDesignChanged(this.db, agentId);
  }
}
