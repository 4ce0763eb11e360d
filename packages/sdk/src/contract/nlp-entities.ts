import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { recordId } from './fields.js';
import { collapsed } from './nlp-agents.js';

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

/** A value with its synonyms (comma-separated text or a list) or its patterns. */
export const entityValue = z
  .object({
    value: z.string({ error: EntityMessages.valueRequired }).trim().min(1, { error: EntityMessages.valueRequired }).max(200),
    type: z.enum(['synonyms', 'pattern']),
    synonyms: z.union([z.string(), z.array(z.string())]).optional(),
    patterns: z.array(z.string().max(500)).optional(),
  })
  .transform((v, ctx) => {
    if (v.type === 'pattern') {
      const patterns = (v.patterns ?? []).map((p) => p.trim()).filter(Boolean);
      if (!patterns.length) ctx.addIssue({ code: 'custom', path: ['patterns'], message: EntityMessages.patternsRequired });
      return { value: v.value, type: 'pattern' as const, patterns };
    }
    const raw = typeof v.synonyms === 'string' ? v.synonyms.split(',') : (v.synonyms ?? []);
    if (raw.some((s) => !s.trim()) && Array.isArray(v.synonyms)) ctx.addIssue({ code: 'custom', path: ['synonyms'], message: EntityMessages.emptySynonym });
    const synonyms = [...new Set(raw.map((s) => s.trim()).filter(Boolean))];
    if (!synonyms.length) ctx.addIssue({ code: 'custom', path: ['synonyms'], message: EntityMessages.synonymsRequired });
    return { value: v.value, type: 'synonyms' as const, synonyms };
  });
export type EntityValueInput = z.output<typeof entityValue>;

export const entity = z.object({
  id: z.string(),
  agentId: z.string(),
  name: z.string(),
  /** 0 custom, 1 system (agent-designer 9). */
  type: z.union([z.literal(0), z.literal(1)]),
  description: z.string(),
  values: z.array(z.object({ value: z.string(), type: z.enum(['synonyms', 'pattern']), synonyms: z.array(z.string()).optional(), patterns: z.array(z.string()).optional() })),
});
export type Entity = z.infer<typeof entity>;

const id = recordId;

export const nlpEntitiesApi = {
  list: endpoint({
    method: 'GET',
    path: 'nlp/agent/:id/entity',
    input: z.object({
      id,
      from: z.coerce.number().int().min(0).default(0),
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
