import { fillSlots, normalize, type Prediction, type SlotState } from '@parley/nlu';
import type { PredictReply } from '@parley/sdk/contract/nlp-runtime';
import type { RuntimeData, RuntimeIntent } from './runtime-data.js';

/** Dialog state kept on the session between turns. */
export interface DialogState {
  slots?: SlotState;
  turns: number;
}

export interface Turn {
  reply: Pick<PredictReply, 'output' | 'intent' | 'parameters'>;
  state: DialogState;
  /** The intent the turn was attributed to (a slot answer counts for the intent that asked). */
  intent: RuntimeIntent | null;
  scoped: boolean;
}

/**
 * Which of an intent's phrases hold each word, and how many distinct words each phrase has; made once per loaded
 * model. Every logged turn looks up five intents' closest phrases, and an intent may have hundreds of phrases: the
 * message's few words find the phrases that share them instead of every phrase being compared with the message.
 */
interface PhraseIndex {
  sizes: Int32Array;
  holding: Map<string, number[]>;
  /** Shared-word counts of the call in progress, all zero between calls (closestPhrase runs synchronously). */
  shared: Int32Array;
}
const phraseIndexes = new WeakMap<RuntimeIntent, PhraseIndex>();

function phraseIndex(intent: RuntimeIntent): PhraseIndex {
  let index = phraseIndexes.get(intent);
  if (!index) {
    const sizes = new Int32Array(intent.phrases.length);
    const holding = new Map<string, number[]>();
    intent.phrases.forEach((p, i) => {
      const words = messageWords(p);
      sizes[i] = words.size;
      for (const w of words) {
        const list = holding.get(w);
        if (list) list.push(i);
        else holding.set(w, [i]);
      }
    });
    index = { sizes, holding, shared: new Int32Array(intent.phrases.length) };
    phraseIndexes.set(intent, index);
  }
  return index;
}

/**
 * The message's longer words (four letters or more: "gluten", not "is" or "the") that none of the intent's phrases
 * holds: what the intent was never trained on. The knowledge base may answer a question whose specifics are there.
 */
export function wordsNewTo(intent: RuntimeIntent, words: ReadonlySet<string>): string[] {
  const { holding } = phraseIndex(intent);
  return [...words].filter((w) => w.length >= 4 && !holding.has(w));
}

/** The distinct words of a message as closestPhrase compares them; a turn makes them once for all its lookups. */
export const messageWords = (message: string): Set<string> => new Set(normalize(message).split(' '));

/**
 * The intent's training phrase closest to the message by shared words (Jaccard; the first of equals): the
 * report's "Training Phrase".
 */
export function closestPhrase(intent: RuntimeIntent, message: string | ReadonlySet<string>): string | null {
  const words = typeof message === 'string' ? messageWords(message) : message;
  const { sizes, holding, shared } = phraseIndex(intent);
  const touched: number[] = [];
  for (const w of words) {
    for (const i of holding.get(w) ?? []) {
      if (shared[i] === 0) touched.push(i);
      shared[i] = shared[i]! + 1;
    }
  }
  // A phrase sharing no word scores 0, below any that shares one: without any, the first phrase is the closest.
  let best = touched.length ? -1 : 0;
  let bestScore = 0;
  for (const i of touched) {
    const score = shared[i]! / (sizes[i]! + words.size - shared[i]! || 1);
    if (score > bestScore || (score === bestScore && i < best)) [best, bestScore] = [i, score];
    shared[i] = 0;
  }
  return best < 0 || best >= sizes.length ? null : intent.phrases[best]!;
}

/**
 * Fills `{name}`, `{{name}}` and `$name` with the collected values; an optional parameter left unfilled reads as
 * nothing, and names that are not parameters (a price in dollars, say) stay as written.
 */
export function render(template: string, values: Record<string, string>, parameters: string[]): string {
  const lookup = (name: string, whole: string) => (Object.hasOwn(values, name) ? values[name]! : parameters.includes(name) ? '' : whole);
  return template.replace(/\{\{\s*([\w-]+)\s*\}\}|\{([\w-]+)\}|\$([A-Za-z_][\w-]*)/g, (whole, a?: string, b?: string, c?: string) =>
    lookup((a ?? b ?? c)!, whole),
  );
}

/** `$name`, `$anything` (a Dialogflow-style reference) or nothing: the parameter takes the value extracted from the message. */
const EXTRACTED = /^\$(?:[A-Za-z_][\w.-]*)?$/;

/** The fixed value typed in a parameter's Value column, or undefined when the column means "the extracted value". */
export function fixedValue(parameter: { value?: string | undefined }): string | undefined {
  const value = parameter.value?.trim();
  return value && !EXTRACTED.test(value) ? value : undefined;
}

/**
 * Applies the Value column of each parameter to what slot filling collected (agent-designer 3, intent entities):
 * - `$name`, `$anything` or empty: the parameter holds the value extracted from the message for its entity;
 * - a fixed value (entity `yes_words`, value `true`): the parameter holds that value whenever its entity is found;
 *   for an OPTIONAL parameter it is also the default once the intent completes without the entity;
 * - a REQUIRED parameter is filled only by its entity being found: whatever `value` says, while the messages have
 *   not carried the entity it is asked with its prompts (a value never silences the question).
 * Values collected on earlier turns (`before`) already had this applied and are kept as they are.
 */
function withParameterValues(intent: RuntimeIntent, before: Record<string, string>, after: Record<string, string>, complete: boolean): Record<string, string> {
  const values = { ...after };
  for (const p of intent.parameters) {
    const fixed = fixedValue(p);
    if (fixed === undefined) continue;
    if (values[p.name] !== undefined && before[p.name] === undefined) values[p.name] = fixed;
    else if (complete && !p.required && values[p.name] === undefined) values[p.name] = fixed;
  }
  return values;
}

/**
 * How sure the engine must be of another intent to interrupt a parameter question. Calibrated confidences of small
 * agents put a vague reply ("hmm not sure") just above the agent's threshold for some intent; while a question is
 * open, such a reply is an answer that missed, not a new request, so it counts toward the retries instead.
 */
const INTERRUPT_CONFIDENCE = 0.8;

/**
 * One turn of the conversation. A parameter question in progress keeps the dialog on its intent unless the message
 * is clearly another intent and does not answer the question.
 */
export function takeTurn(runtime: RuntimeData, prediction: Prediction, previous: DialogState): Turn {
  const turns = previous.turns + 1;
  const pending = previous.slots?.asking ? runtime.intents.find((i) => i.name === previous.slots!.intent) : undefined;
  const asked = pending?.parameters.find((p) => p.name === previous.slots!.asking);
  const answers = asked !== undefined && prediction.entities.some((e) => e.name === asked.entity);
  const intent =
    pending && (answers || prediction.outOfScope || prediction.intent === pending.name || prediction.confidence < INTERRUPT_CONFIDENCE)
      ? pending
      : prediction.intent
        ? runtime.intents.find((i) => i.name === prediction.intent)
        : undefined;
  if (!intent) {
    return {
      reply: { output: { text: runtime.config.outOfScopeMessage, source: 'out-of-scope' }, intent: null, parameters: {} },
      state: { turns },
      intent: null,
      scoped: false,
    };
  }
  const start: SlotState = intent === pending ? previous.slots! : { intent: intent.name, values: {}, asked: 0 };
  const filled = fillSlots(intent.parameters, runtime.config.entityExtractRetries, start, intent.name, prediction.entities);
  const step = { ...filled, state: { ...filled.state, values: withParameterValues(intent, start.values, filled.state.values, filled.kind === 'complete') } };
  const parameters = step.state.values;
  if (step.kind === 'ask') {
    return {
      reply: { output: { text: step.prompt, source: 'prompt-parameter' }, intent: intent.name, parameters },
      state: { turns, slots: step.state },
      intent,
      scoped: true,
    };
  }
  if (step.kind === 'gave-up') {
    // Answered with the out-of-scope message: the report counts it as not understood, whatever intent was being filled.
    return {
      reply: { output: { text: runtime.config.outOfScopeMessage, source: 'gave-up' }, intent: intent.name, parameters },
      state: { turns },
      intent,
      scoped: false,
    };
  }
  // Rotating through the responses keeps a conversation from repeating itself, and stays reproducible.
  const template = intent.responses.length ? intent.responses[previous.turns % intent.responses.length]! : '';
  return {
    reply: {
      output: {
        text: render(
          template,
          parameters,
          intent.parameters.map((p) => p.name),
        ).replace(/ {2,}/g, ' '),
        source: 'intent',
      },
      intent: intent.name,
      parameters,
    },
    state: { turns },
    intent,
    scoped: true,
  };
}
