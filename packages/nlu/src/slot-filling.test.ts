import { describe, expect, it } from 'vitest';
import { fillSlots, type SlotParameter } from './slot-filling.js';
import type { EntityMatch } from './types.js';

const params: SlotParameter[] = [
  { name: 'destination', entity: 'city', required: true, prompts: ['Where to?', 'Which city are you flying to?'] },
  { name: 'date', entity: 'datetime', required: true, prompts: ['When?'] },
  { name: 'seat', entity: 'seat', required: false, prompts: [] },
];
const entity = (name: string, value: string): EntityMatch => ({ name, value, text: value, start: 0, end: value.length, source: 'synonyms' });

describe('slot filling', () => {
  it('asks for each missing required parameter in turn and completes when all are filled', () => {
    const first = fillSlots(params, 2, null, 'book', [entity('datetime', 'tomorrow')]);
    expect(first).toMatchObject({ kind: 'ask', parameter: 'destination', prompt: 'Where to?' });
    const second = fillSlots(params, 2, first.state, 'book', [entity('city', 'Paris')]);
    expect(second).toMatchObject({ kind: 'complete', state: { values: { destination: 'Paris', date: 'tomorrow' } } });
  });

  it('rotates prompts and gives up after the retry limit', () => {
    let step = fillSlots(params, 2, null, 'book', []);
    expect(step).toMatchObject({ kind: 'ask', prompt: 'Where to?' });
    step = fillSlots(params, 2, step.state, 'book', []);
    expect(step).toMatchObject({ kind: 'ask', prompt: 'Which city are you flying to?' });
    step = fillSlots(params, 2, step.state, 'book', []);
    expect(step).toMatchObject({ kind: 'gave-up', missing: ['destination', 'date'] });
  });

  it('starts over when the intent changes', () => {
    const a = fillSlots(params, 2, null, 'book', [entity('city', 'Rome')]);
    const b = fillSlots(params, 2, a.state, 'other', []);
    expect(b.state.values).toEqual({});
  });
});
