import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { recordId } from './fields.js';
import { collapsed } from './nlp-agents.js';
import { pageFrom } from './paging.js';

export const EntityMessages = {
  nameRequired: 'Entity name should not be empty',
  valuesRequired: 'Add at least one value',
  valueRequired: 'Value should not be empty',
  synonymsRequired: 'Add at least one synonym',
  patternsRequired: 'Add at least one pattern',
  emptySynonym: 'Empty synonyms cannot be added',
  duplicate: 'Duplication of entity name ',
  saved: 'Entity Saved Successfully',
  deleted: 'Entity Deleted Successfully',
  inUse: (intents: string[]) => `The entity is used by the intents ${intents.map((n) => `"${n}"`).join(', ')}. Remove it from them first.`,
} as const;

/** The spec's other reading spells the synonyms type and list 'synonymns' (agent-designer 3): read as 'synonyms'. */
const SYNONYMS_MISSPELT = 'synonymns';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const entityValueObject = z.object({
  value: z.string({ error: EntityMessages.valueRequired }).trim().min(1, { error: EntityMessages.valueRequired }).max(200),
  type: z.enum(['synonyms', 'pattern']),
  synonyms: z.union([z.string(), z.array(z.string())]).optional(),
  pattern: z.union([z.string().max(500), z.array(z.string().max(500))]).optional(),
});
/** A value as a request may carry it, the spelling 'synonymns' included. */
export type EntityValueRequest = Omit<z.input<typeof entityValueObject>, 'type'> & {
  type: 'synonyms' | 'pattern' | typeof SYNONYMS_MISSPELT;
  synonymns?: string | string[];
};
/**
 * An entity value (agent-designer 3): `{ value, type: 'synonyms', synonyms: [...] }` (a list, or comma-separated
 * text) or `{ value, type: 'pattern', pattern: [...] }` (a list of regular expressions, or one as text).
 */
export const entityValue = z
  .preprocess((v: EntityValueRequest) => {
    if (!isPlainObject(v)) return v;
    const out: Record<string, unknown> = { ...v };
    if (out.type === SYNONYMS_MISSPELT) out.type = 'synonyms';
    if (out.synonyms === undefined && out[SYNONYMS_MISSPELT] !== undefined) out.synonyms = out[SYNONYMS_MISSPELT];
    delete out[SYNONYMS_MISSPELT];
    return out;
  }, entityValueObject)
  .transform((v, ctx) => {
    if (v.type === 'pattern') {
      const raw = typeof v.pattern === 'string' ? [v.pattern] : (v.pattern ?? []);
      const pattern = raw.map((p) => p.trim()).filter(Boolean);
      if (!pattern.length) ctx.addIssue({ code: 'custom', path: ['pattern'], message: EntityMessages.patternsRequired });
      return { value: v.value, type: 'pattern' as const, pattern };
    }
    const raw = typeof v.synonyms === 'string' ? v.synonyms.split(',') : (v.synonyms ?? []);
    if (raw.some((s) => !s.trim()) && Array.isArray(v.synonyms)) ctx.addIssue({ code: 'custom', path: ['synonyms'], message: EntityMessages.emptySynonym });
    const synonyms = [...new Set(raw.map((s) => s.trim()).filter(Boolean))];
    if (!synonyms.length) ctx.addIssue({ code: 'custom', path: ['synonyms'], message: EntityMessages.synonymsRequired });
    return { value: v.value, type: 'synonyms' as const, synonyms };
  });
export type EntityValueInput = z.output<typeof entityValue>;

/** A value as replies carry it: exactly one of `synonyms` and `pattern`, by its type. */
export const entityValueReply = z.union([
  z.object({ value: z.string(), type: z.literal('synonyms'), synonyms: z.array(z.string()) }),
  z.object({ value: z.string(), type: z.literal('pattern'), pattern: z.array(z.string()) }),
]);
export type EntityValue = z.infer<typeof entityValueReply>;

export const entity = z.object({
  id: z.string(),
  agentId: z.string(),
  name: z.string(),
  /** When the entity was last saved; null for a system entity (the engine's, never saved). */
  updatedOn: z.string().nullable(),
  values: z.array(entityValueReply),
  /** 0 custom, 1 system (agent-designer 9). */
  type: z.union([z.literal(0), z.literal(1)]),
  description: z.string(),
});
export type Entity = z.infer<typeof entity>;

const id = recordId;

export const nlpEntitiesApi = {
  list: endpoint({
    method: 'GET',
    path: 'nlp/agent/:id/entity',
    input: z.object({
      id,
      from: pageFrom(),
      perPage: z.coerce.number().int().min(-1).max(500).default(15),
      type: z.coerce.number().int().min(0).max(1).default(0),
      searchterm: z.string().max(120).optional(),
    }),
    reply: z.object({ entities: z.array(entity), more: z.boolean() }),
  }),
  get: endpoint({ method: 'GET', path: 'nlp/agent/:id/entity/:entityId', input: z.object({ id, entityId: id }), reply: entity }),
  save: endpoint({
    method: 'POST',
    path: 'nlp/entity',
    input: z.object({
      id: id.optional(),
      agentId: id,
      name: collapsed(EntityMessages.nameRequired),
      values: z.array(entityValue, { error: EntityMessages.valuesRequired }).min(1, { error: EntityMessages.valuesRequired }).max(500),
    }),
    reply: z.object({ id: z.string() }),
  }),
  delete: endpoint({ method: 'DELETE', path: 'nlp/agent/:id/entity/:entityId', input: z.object({ id, entityId: id }), reply: z.null() }),
} as const;
