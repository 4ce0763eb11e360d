import type { EntityMatch } from './types.js';

export interface SlotParameter {
  name: string;
  /** The entity name whose matches fill it. */
  entity: string;
  required: boolean;
  prompts: string[];
}

/** Persisted per conversation by the runtime between turns. */
export interface SlotState {
  intent: string;
  values: Record<string, string>;
  /** The parameter the last turn asked for, and how many times it has been asked. */
  asking?: string;
  asked: number;
}

export type SlotStep =
  | { kind: 'complete'; state: SlotState }
  | { kind: 'ask'; parameter: string; prompt: string; state: SlotState }
  | { kind: 'gave-up'; missing: string[]; state: SlotState };

/**
 * One turn of slot filling: takes this turn's entities, fills what it can (the parameter just asked for first),
 * then asks the next missing required parameter, rotating its prompts, until `retries` asks have gone unanswered.
 */
export function fillSlots(parameters: SlotParameter[], retries: number, previous: SlotState | null, intent: string, entities: EntityMatch[]): SlotStep {
  const state: SlotState = previous && previous.intent === intent ? { ...previous, values: { ...previous.values } } : { intent, values: {}, asked: 0 };
  const order = [...parameters].sort((a, b) => Number(b.name === state.asking) - Number(a.name === state.asking));
  const used = new Set<EntityMatch>();
  for (const p of order) {
    if (state.values[p.name] !== undefined) continue;
    const match = entities.find((e) => e.name === p.entity && !used.has(e));
    if (match) {
      state.values[p.name] = match.value;
      used.add(match);
    }
  }
  const missing = parameters.filter((p) => p.required && state.values[p.name] === undefined);
  const next = missing[0];
  if (!next) return { kind: 'complete', state: { intent, values: state.values, asked: 0 } };
  const asked = state.asking === next.name ? state.asked : 0;
  if (asked >= Math.max(1, retries)) return { kind: 'gave-up', missing: missing.map((p) => p.name), state: { ...state, asking: next.name, asked } };
  const prompts = next.prompts.length ? next.prompts : [`Please tell me the ${next.name}.`];
  return { kind: 'ask', parameter: next.name, prompt: prompts[asked % prompts.length]!, state: { ...state, asking: next.name, asked: asked + 1 } };
}
