import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { jsonText, recordId } from './fields.js';
import { trainingStatus } from './nlp-agents.js';

export const RuntimeMessages = {
  trainingStarted: 'Please wait while we are building the knowledge base!!',
  trained: 'Agent Trained Successfully',
  notTrained: 'The agent is not trained yet. Train the agent, then try it.',
  emptyMessage: 'Message should not be empty',
  selectPhrase: 'Select at least one training phrase',
  paraphraseCount: 'The number of paraphrases must be 10 or 5',
} as const;

/** Realtime event pushed to the enterprise while an agent trains and when it ends. */
export const TRAINING_EVENT = 'nlp.training';

/** The Try-it message (agent-designer 3): the text is what matters; the rest is the channel's bookkeeping. */
export const tryItMessage = z.object({
  type: z.string().max(20).default('text'),
  suggestionId: z.string().max(100).optional(),
  text: z
    .string({ error: RuntimeMessages.emptyMessage })
    .max(10_000)
    .refine((t) => t.trim().length > 0, { error: RuntimeMessages.emptyMessage }),
  lnCode: z.string().max(10).default('en'),
});

/** 'prompt': a prompt agent's reply through its LLM; 'prompt-unavailable': its LLM could not be asked (the reply says so). */
export const predictOutputSource = z.enum(['intent', 'prompt-parameter', 'out-of-scope', 'gave-up', 'knowledge-base', 'prompt', 'prompt-unavailable']);

/** A prompt agent's variables (promptConfig.userData) by name: the value collected so far, or null while missing. */
export const collectedUserData = z.record(z.string(), z.string().nullable());

/** Where a knowledge-base answer comes from: a document's name and page, or a page's title and link. */
export const answerSourceRef = z.object({ title: z.string(), source: z.string(), page: z.number().nullable(), url: z.string().optional() });
export type AnswerSourceRef = z.infer<typeof answerSourceRef>;

export const predictReply = z.object({
  sessionId: z.string(),
  /**
   * `sources` only with source 'knowledge-base' (issue 38): what the answer quotes. `userData` only for a prompt agent
   * that collects data (extractData): every variable of its promptConfig.userData, collected so far in this session.
   */
  output: z.object({
    text: z.string(),
    source: predictOutputSource,
    sources: z.array(answerSourceRef).optional(),
    userData: collectedUserData.optional(),
  }),
  intent: z.string().nullable(),
  confidence: z.number(),
  outOfScope: z.boolean(),
  entities: z.array(z.object({ name: z.string(), value: z.string(), text: z.string(), start: z.number(), end: z.number(), source: z.string() })),
  /** Parameters filled so far in this conversation for the current intent. */
  parameters: z.record(z.string(), z.string()),
  emotion: z.string(),
  /**
   * How the agent's model type answered (issue 38): `fallback` says why the SVM classified instead (OpenAi, Semantic)
   * or the response was sent as written (GPT2): the provider failed, answered an unknown intent, or dropped a fact.
   */
  model: z.object({ type: z.enum(['SVM', 'OpenAi', 'GPT2', 'Semantic']), fallback: z.string().optional() }).optional(),
});
export type PredictReply = z.infer<typeof predictReply>;

const id = recordId;

export const nlpRuntimeApi = {
  /** Enqueues a training and answers at once; progress arrives as TRAINING_EVENT and through `training`. */
  train: endpoint({
    method: 'GET',
    path: 'nlp/agent/:id/train',
    effect: 'write',
    input: z.object({ id }),
    reply: z.object({ jobId: z.string(), training: trainingStatus }),
  }),
  training: endpoint({ method: 'GET', path: 'nlp/agent/:id/training', input: z.object({ id }), reply: trainingStatus }),
  predictIntent: endpoint({
    method: 'POST',
    path: 'nlp/predictIntent',
    // It writes the conversation log, but it is the chat itself: every turn is already in that log, and auditing each
    // turn too would double the writes on the hottest path.
    effect: 'read',
    input: z.object({
      message: jsonText(tryItMessage),
      sessionId: z.string().max(100).optional(),
      agentId: id,
      metadata: jsonText(
        z.object({ senderId: z.string().max(200).optional(), timeZone: z.string().max(100).optional(), appId: z.string().max(200).optional() }),
      ).optional(),
    }),
    reply: predictReply,
  }),
  /** Auto Generate: paraphrases of the selected phrases, `num_return_sequences` per phrase (10 or 5). */
  paraphrase: endpoint({
    method: 'POST',
    path: 'nlp/paraphrase',
    // It only computes suggestions; nothing is stored until the user saves the intent.
    effect: 'read',
    input: z.object({
      text: z
        .union([z.string(), z.array(z.string())])
        .transform((t) => (typeof t === 'string' ? t.split('\n') : t).map((x) => x.trim()).filter(Boolean))
        .refine((t) => t.length > 0, { error: RuntimeMessages.selectPhrase })
        .refine((t) => t.length <= 50 && t.every((x) => x.length <= 500), { error: 'Select at most 50 phrases of up to 500 characters' }),
      num_return_sequences: z.coerce
        .number()
        .refine((n) => n === 10 || n === 5, { error: RuntimeMessages.paraphraseCount })
        .default(10),
      // Beyond the spec (issue 38): the agent whose Gen AI configuration writes the paraphrases; none, or no model
      // reachable: the offline generator.
      agentId: id.optional(),
    }),
    reply: z.object({
      paraphrases: z.array(z.string()),
      byPhrase: z.array(z.object({ text: z.string(), paraphrases: z.array(z.string()) })),
      /** Who wrote them: the agent's LLM configuration, or the offline WordNet generator. */
      generator: z.enum(['llm', 'offline']).default('offline'),
    }),
  }),
} as const;

/**
 * predictIntent as server-sent events, for Try-it: `event: delta` with `{ text }` for each piece of a prompt agent's
 * reply as its LLM writes it, then one `event: reply` with the envelope predictIntent would have answered (`data`
 * is its PredictReply). An NLP agent's reply comes whole, in the `reply` event. A refused call (permission,
 * validation, unknown agent) answers the JSON envelope as predictIntent does, never a stream. Kept out of
 * nlpRuntimeApi: the SDK's JSON client does not bind it (parley-try-it reads it with fetch).
 */
export const nlpRuntimeStreamApi = {
  predictIntentStream: endpoint({
    method: 'POST',
    path: 'nlp/predictIntent/stream',
    effect: 'read',
    input: nlpRuntimeApi.predictIntent.input,
    reply: predictReply,
  }),
} as const;
