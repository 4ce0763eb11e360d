import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { formBoolean, recordId } from './fields.js';
import { collapsed } from './nlp-agents.js';

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

/** Where an entity parameter appears inside a phrase: [entityStartPos, entityEndPos) of the text. */
export const phraseEntity = z.object({
  entityId: z.string().min(1).max(100),
  entityStartPos: z.coerce.number().int().min(0),
  entityEndPos: z.coerce.number().int().min(1),
});

/** A training phrase: a string, or the text with its entity references. Phrases are trimmed (agent-designer 5). */
export const utterance = z
  .union([z.string(), z.object({ text: z.string(), entities: z.array(phraseEntity).max(20).default([]) })])
  .transform((u) => (typeof u === 'string' ? { text: u.trim(), entities: [] } : { text: u.text.trim(), entities: u.entities }));
export type Utterance = z.output<typeof utterance>;

/** An intent parameter (the Entities panel): prompts arrive as a list or as comma-separated text. */
export const intentParameter = z.object({
  name: collapsed('Parameter name should not be empty'),
  entityId: z.string().min(1).max(100),
  required: formBoolean.default(false),
  prompts: z
    .union([z.string(), z.array(z.string())])
    .transform((p) => (typeof p === 'string' ? p.split(',') : p).map((x) => x.trim()))
    .refine((p) => p.every((x) => x.length > 0), { error: IntentMessages.emptyPrompt }),
  value: z.string().max(200).optional(),
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
    responses: z.array(z.string().max(IntentLimits.responseChars, { error: IntentMessages.responseTooLong })).max(50).default([]),
    entities: z.array(intentParameter).max(50).default([]),
  })
  .superRefine((intent, ctx) => {
    const fail = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const seen = new Set<string>();
    intent.utterances.forEach((u, i) => {
      if (!u.text) return fail(['utterances', i], IntentMessages.emptyPhrase);
      if (u.text.length > IntentLimits.phraseChars) return fail(['utterances', i], IntentMessages.phraseTooLong);
      const key = u.text.toLowerCase().replace(/\s+/g, ' ');
      if (seen.has(key)) fail(['utterances', i], IntentMessages.duplicatePhrase);
      seen.add(key);
      for (const e of u.entities) if (e.entityEndPos > u.text.length || e.entityStartPos >= e.entityEndPos) fail(['utterances', i], IntentMessages.badPosition);
    });
    if (intent.utterances.filter((u) => u.text).length < 2) fail(['utterances'], IntentMessages.twoPhrases);
    intent.responses.forEach((r, i) => {
      if (!r.trim()) fail(['responses', i], IntentMessages.emptyResponse);
    });
  });

export const intentSummary = z.object({ id: z.string(), name: z.string(), storyId: z.string(), phrases: z.number(), updatedOn: z.string() });
export const intent = z.object({
  id: z.string(),
  agentId: z.string(),
  storyId: z.string(),
  name: z.string(),
  utterances: z.array(z.object({ text: z.string(), entities: z.array(phraseEntity) })),
  responses: z.array(z.string()),
  entities: z.array(z.object({ name: z.string(), entityId: z.string(), required: z.boolean(), prompts: z.array(z.string()), value: z.string().optional() })),
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
      from: z.coerce.number().int().min(0).default(0),
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
