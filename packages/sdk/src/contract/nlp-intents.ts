import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { formBoolean, recordId } from './fields.js';
import { collapsed } from './nlp-agents.js';
import { pageFrom } from './paging.js';

/**
 * What one training may read, so that a design cannot make training take minutes and gigabytes: a phrase as long
 * as Dialogflow allows, and a budget for all phrases of an agent (CLINC150's 150 intents use 600,000 characters).
 * Checked when an intent is saved and again when the agent is trained.
 */
export const IntentLimits = {
  phraseChars: 768,
  phrasesPerIntent: 2000,
  responseChars: 4096,
  agentTrainingChars: 1_000_000,
} as const;

export const IntentMessages = {
  nameRequired: 'Intent name should not be empty',
  twoPhrases: 'Please give atleast two training phrases save the intent',
  emptyPhrase: 'training phrases should not be empty',
  duplicatePhrase: 'Duplication of utterance name ',
  emptyResponse: 'Responce should not be empty',
  emptyPrompt: 'prompt cannot be empty',
  duplicateIntent: 'Duplication of intent name ',
  badPosition: 'The entity position is outside the training phrase',
  entityNotFound: 'Entity not found',
  phraseTooLong: `A training phrase can be at most ${IntentLimits.phraseChars} characters`,
  tooManyPhrases: `An intent can have at most ${IntentLimits.phrasesPerIntent.toLocaleString('en')} training phrases`,
  responseTooLong: `A response can be at most ${IntentLimits.responseChars.toLocaleString('en')} characters`,
  agentTooLarge: (total: number) =>
    `The training phrases of an agent can have at most ${IntentLimits.agentTrainingChars.toLocaleString('en')} characters together (this agent: ${total.toLocaleString('en')})`,
  /** At Train: an intent saved before the limits (or written around the API) names itself and the limit it breaks. */
  intentOverLimit: (intent: string, limit: string) => `Intent "${intent}": ${limit}`,
  saved: 'Intent Saved Successfully',
  deleted: 'Intent Deleted Successfully',
} as const;

/** Where an entity parameter appears inside a phrase: [entityStartPos, entityEndPos) of the text (agent-designer 3). */
export const entityRef = z.object({
  entityId: z.string().min(1).max(100),
  entityStartPos: z.coerce.number().int().min(0),
  entityEndPos: z.coerce.number().int().min(1),
});
export type EntityRef = z.infer<typeof entityRef>;

/**
 * A training phrase as agent-designer 3 spells it: `{ utterance, entityDefined, entityRefs }`. A plain string is
 * taken as shorthand for a phrase without references. Phrases are trimmed (agent-designer 5); `entityDefined` is
 * not trusted but derived: true when the phrase has references.
 */
const utteranceObject = z.object({
  utterance: z.string({ error: IntentMessages.emptyPhrase }),
  entityDefined: formBoolean.optional(),
  entityRefs: z.array(entityRef).max(20).default([]),
});
export const utterance = z
  .preprocess((u: string | z.input<typeof utteranceObject>) => (typeof u === 'string' ? { utterance: u } : u), utteranceObject)
  .transform((u) => ({ utterance: u.utterance.trim(), entityDefined: u.entityRefs.length > 0, entityRefs: u.entityRefs }));
export type Utterance = z.output<typeof utterance>;

/** A response (agent-designer 3): `{ response }`, markdown; a plain string is taken as shorthand. */
const responseObject = z.object({
  response: z.string({ error: IntentMessages.emptyResponse }).max(IntentLimits.responseChars, { error: IntentMessages.responseTooLong }),
});
export const intentResponse = z.preprocess((r: string | z.input<typeof responseObject>) => (typeof r === 'string' ? { response: r } : r), responseObject);
export type IntentResponse = z.output<typeof intentResponse>;

/**
 * An intent parameter (the Entities panel, agent-designer 3): `id` is the entity's id (a custom entity's uuid, or a
 * system entity's name), `name` the parameter's. Prompts arrive as a list or as comma-separated text.
 * `value` is the Value column: `$name` (or empty) for the value extracted from the message, or a fixed value the
 * parameter takes when its entity is found (and the default of an optional parameter when it is not). A required
 * parameter whose entity is not in the message is always asked with its prompts.
 */
export const intentParameter = z.object({
  id: z.string({ error: IntentMessages.entityNotFound }).min(1, { error: IntentMessages.entityNotFound }).max(100),
  name: collapsed('Parameter name should not be empty'),
  required: formBoolean.default(false),
  value: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  prompts: z
    .union([z.string(), z.array(z.string())])
    .transform((p) => (typeof p === 'string' ? p.split(',') : p).map((x) => x.trim()))
    .refine((p) => p.every((x) => x.length > 0), { error: IntentMessages.emptyPrompt }),
});
export type IntentParameter = z.output<typeof intentParameter>;

const id = recordId;

const intentBody = z
  .object({
    id: id.optional(),
    agentId: id,
    storyId: id,
    name: collapsed(IntentMessages.nameRequired),
    utterances: z.array(utterance).max(IntentLimits.phrasesPerIntent, { error: IntentMessages.tooManyPhrases }),
    responses: z.array(intentResponse).max(50).default([]),
    entities: z.array(intentParameter).max(50).default([]),
  })
  .superRefine((intent, ctx) => {
    const fail = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const seen = new Set<string>();
    intent.utterances.forEach((u, i) => {
      const at = ['utterances', i, 'utterance'];
      if (!u.utterance) return fail(at, IntentMessages.emptyPhrase);
      if (u.utterance.length > IntentLimits.phraseChars) return fail(at, IntentMessages.phraseTooLong);
      const key = u.utterance.toLowerCase().replace(/\s+/g, ' ');
      if (seen.has(key)) fail(at, IntentMessages.duplicatePhrase);
      seen.add(key);
      u.entityRefs.forEach((e, j) => {
        if (e.entityEndPos > u.utterance.length || e.entityStartPos >= e.entityEndPos) fail(['utterances', i, 'entityRefs', j], IntentMessages.badPosition);
      });
    });
    if (intent.utterances.filter((u) => u.utterance).length < 2) fail(['utterances'], IntentMessages.twoPhrases);
    intent.responses.forEach((r, i) => {
      if (!r.response.trim()) fail(['responses', i, 'response'], IntentMessages.emptyResponse);
    });
    // A required parameter missing from the message is asked for with its prompts: without one it could never be.
    intent.entities.forEach((p, i) => {
      if (p.required && !p.prompts.length) fail(['entities', i, 'prompts'], IntentMessages.emptyPrompt);
    });
  });
export type IntentInput = z.output<typeof intentBody>;

export const intentSummary = z.object({ id: z.string(), name: z.string(), storyId: z.string(), phrases: z.number(), updatedOn: z.string() });
export const intent = z.object({
  id: z.string(),
  agentId: z.string(),
  storyId: z.string(),
  name: z.string(),
  utterances: z.array(z.object({ utterance: z.string(), entityDefined: z.boolean(), entityRefs: z.array(entityRef) })),
  responses: z.array(z.object({ response: z.string() })),
  entities: z.array(z.object({ id: z.string(), name: z.string(), required: z.boolean(), value: z.string(), prompts: z.array(z.string()) })),
  updatedOn: z.string(),
});
export type Intent = z.infer<typeof intent>;

export const nlpIntentsApi = {
  save: endpoint({ method: 'POST', path: 'nlp/intent', input: intentBody, reply: z.object({ id: z.string() }) }),
  list: endpoint({
    method: 'GET',
    path: 'nlp/v2/agent/:agentId/story/:storyId/intent',
    input: z.object({
      agentId: id,
      storyId: id,
      name: z.string().max(120).optional(),
      from: pageFrom(),
      perPage: z.coerce.number().int().min(-1).max(1000).default(200),
    }),
    reply: z.object({ intents: z.array(intentSummary), more: z.boolean() }),
  }),
  get: endpoint({
    method: 'GET',
    path: 'nlp/agent/:agentId/story/:storyId/intent/:intentId',
    input: z.object({ agentId: id, storyId: id, intentId: id }),
    reply: intent,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: 'nlp/agent/:agentId/story/:storyId/intent/:intentId',
    input: z.object({ agentId: id, storyId: id, intentId: id }),
    reply: z.null(),
  }),
} as const;
