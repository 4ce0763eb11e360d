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

/** Word sets of an intent's phrases, made once per loaded model: every logged message compares against them. */
const phraseWords = new WeakMap<RuntimeIntent, Set<string>[]>();

/** The intent's training phrase closest to the message by shared words: the report's "Training Phrase". */
export function closestPhrase(intent: RuntimeIntent, message: string): string | null {
  const words = new Set(normalize(message).split(' '));
  let sets = phraseWords.get(intent);
  if (!sets) {
    sets = intent.phrases.map((p) => new Set(normalize(p).split(' ')));
    phraseWords.set(intent, sets);
  }
  let best: string | null = null;
  let bestScore = -1;
  for (const [i, phrase] of intent.phrases.entries()) {
    const tokens = sets[i]!;
    let shared = 0;
    for (const t of tokens) if (words.has(t)) shared++;
    const score = shared / (tokens.size + words.size - shared || 1);
    if (score > bestScore) [best, bestScore] = [phrase, score];
  }
  return best;
}

/**
 * Fills `{name}`, `{{name}}` and `$name` with the collected values; an optional parameter left unfilled reads as
 * nothing, and names that are not parameters (a price in dollars, say) stay as written.
 */
export function render(template: string, values: Record<string, string>, parameters: string[]): string {
  const lookup = (name: string, whole: string) => (Object.hasOwn(values, name) ? values[name]! : parameters.includes(name) ? '' : whole);
  return template.replace(/\{\{\s*([\w-]+)\s*\}\}|\{([\w-]+)\}|\$([A-Za-z_][\w-]*)/g, (whole, a?: string, b?: string, c?: string) => lookup((a ?? b ?? c)!, whole));
}

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
    pending && (answers || prediction.outOfScope || prediction.intent === pending.name)
      ? pending
      : prediction.intent
        ? runtime.intents.find((i) => i.name === prediction.intent)
        : undefined;
  if (!intent) {
    return { reply: { output: { text: runtime.config.outOfScopeMessage, source: 'out-of-scope' }, intent: null, parameters: {} }, state: { turns }, intent: null, scoped: false };
  }
  const defaults = Object.fromEntries(intent.parameters.filter((p) => p.value).map((p) => [p.name, p.value!]));
  const start: SlotState = intent === pending ? previous.slots! : { intent: intent.name, values: defaults, asked: 0 };
  const step = fillSlots(intent.parameters, runtime.config.entityExtractRetries, start, intent.name, prediction.entities);
  const parameters = step.state.values;
  if (step.kind === 'ask') {
    return { reply: { output: { text: step.prompt, source: 'prompt-parameter' }, intent: intent.name, parameters }, state: { turns, slots: step.state }, intent, scoped: true };
  }
  if (step.kind === 'gave-up') {
    return { reply: { output: { text: runtime.config.outOfScopeMessage, source: 'gave-up' }, intent: intent.name, parameters }, state: { turns }, intent, scoped: true };
  }
  // Rotating through the responses keeps a conversation from repeating itself, and stays reproducible.
  const template = intent.responses.length ? intent.responses[previous.turns % intent.responses.length]! : '';
  return { reply: { output: { text: render(template, parameters, intent.parameters.map((p) => p.name)).replace(/ {2,}/g, ' '), source: 'intent' }, intent: intent.name, parameters }, state: { turns }, intent, scoped: true };
}
