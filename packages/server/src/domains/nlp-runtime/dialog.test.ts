import type { Prediction } from '@parley/nlu';
import { describe, expect, it } from 'vitest';
import { closestPhrase, render, takeTurn } from './dialog.js';
import type { RuntimeData } from './runtime-data.js';

const runtime: RuntimeData = {
  config: { entityExtractRetries: 2, outOfScopeMessage: 'Sorry?', modelType: 'SVM', confidenceThreshold: 0.5, language: 'en' },
  intents: [
    { name: 'book_table', responses: ['Table for {people} at {time}.', 'Booked: {{ people }} people, {time}.'], phrases: ['book a table', 'reserve a table for tonight'], parameters: [
      { name: 'people', entity: 'number', required: true, prompts: ['For how many people?'] },
      { name: 'time', entity: 'datetime', required: false, prompts: [], value: 'tonight' },
    ] },
    { name: 'opening_hours', responses: ['We open at 9. Prices from $5.'], phrases: ['when do you open'], parameters: [] },
  ],
};
const said = (intent: string | null, entities: Prediction['entities'] = []): Prediction => ({
  intent,
  confidence: intent ? 0.9 : 0.1,
  ranking: [],
  entities,
  outOfScope: intent === null,
  emotion: { label: 'neutral', score: 1 },
});
const number = (value: string) => ({ name: 'number', value, text: value, start: 0, end: value.length, source: 'system' as const });

describe('dialog turns', () => {
  it('asks for a missing required parameter, then answers with the filled and default values', () => {
    const ask = takeTurn(runtime, said('book_table'), { turns: 0 });
    expect(ask.reply.output).toEqual({ text: 'For how many people?', source: 'prompt-parameter' });
    const done = takeTurn(runtime, said(null, [number('4')]), ask.state);
    expect(done.reply).toMatchObject({ intent: 'book_table', parameters: { people: '4', time: 'tonight' }, output: { text: 'Booked: 4 people, tonight.', source: 'intent' } });
    expect(done.state.slots).toBeUndefined();
  });

  it('leaves a question unanswered for a clearly different intent, and gives up after the retries', () => {
    const ask = takeTurn(runtime, said('book_table'), { turns: 0 });
    expect(takeTurn(runtime, said('opening_hours'), ask.state).reply.output.text).toBe('We open at 9. Prices from $5.');
    const again = takeTurn(runtime, said(null), ask.state);
    expect(again.reply.output.source).toBe('prompt-parameter');
    expect(takeTurn(runtime, said(null), again.state).reply.output).toEqual({ text: 'Sorry?', source: 'gave-up' });
  });

  it('answers the out-of-scope message and renders only parameter names', () => {
    expect(takeTurn(runtime, said(null), { turns: 3 }).reply.output).toEqual({ text: 'Sorry?', source: 'out-of-scope' });
    expect(render('Hi {name}, $name! {{name}} pays $5 {other}', { name: 'Asha' }, ['name'])).toBe('Hi Asha, Asha! Asha pays $5 {other}');
    expect(render('Order $order_number is late', {}, ['order_number'])).toBe('Order  is late');
  });

  it('finds the training phrase closest to the message', () => {
    expect(closestPhrase(runtime.intents[0]!, 'Could you reserve a table tonight?')).toBe('reserve a table for tonight');
  });
});
