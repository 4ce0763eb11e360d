import type { Prediction } from '@parley/nlu';
import { describe, expect, it } from 'vitest';
import { closestPhrase, fixedValue, render, takeTurn } from './dialog.js';
import type { RuntimeData } from './runtime-data.js';

const runtime: RuntimeData = {
  config: { entityExtractRetries: 2, outOfScopeMessage: 'Sorry?', modelType: 'SVM', confidenceThreshold: 0.5, language: 'en' },
  intents: [
    {
      name: 'book_table',
      responses: ['Table for {people} at {time}.', 'Booked: {{ people }} people, {time}.'],
      phrases: ['book a table', 'reserve a table for tonight'],
      parameters: [
        { name: 'people', entity: 'number', required: true, prompts: ['For how many people?'] },
        { name: 'time', entity: 'datetime', required: false, prompts: [], value: 'tonight' },
      ],
    },
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
    expect(done.reply).toMatchObject({
      intent: 'book_table',
      parameters: { people: '4', time: 'tonight' },
      output: { text: 'Booked: 4 people, tonight.', source: 'intent' },
    });
    expect(done.state.slots).toBeUndefined();
  });

  it('treats a vaguely matching other intent as a missed answer while a question is open', () => {
    const ask = takeTurn(runtime, said('book_table'), { turns: 0 });
    const vague = takeTurn(runtime, { ...said('opening_hours'), confidence: 0.69 }, ask.state);
    expect(vague.reply.output).toEqual({ text: 'For how many people?', source: 'prompt-parameter' });
    expect(takeTurn(runtime, { ...said('opening_hours'), confidence: 0.69 }, { turns: 0 }).reply.intent).toBe('opening_hours');
  });

  it('leaves a question unanswered for a clearly different intent, and gives up after the retries', () => {
    const ask = takeTurn(runtime, said('book_table'), { turns: 0 });
    expect(takeTurn(runtime, said('opening_hours'), ask.state).reply.output.text).toBe('We open at 9. Prices from $5.');
    const again = takeTurn(runtime, said(null), ask.state);
    expect(again.reply.output.source).toBe('prompt-parameter');
    expect(takeTurn(runtime, said(null), again.state).reply.output).toEqual({ text: 'Sorry?', source: 'gave-up' });
  });

  it('asks a required parameter whatever its value says, and uses a fixed value only once its entity is found', () => {
    const confirm: RuntimeData = {
      config: runtime.config,
      intents: [
        {
          name: 'confirm_order',
          responses: ['Confirmed: {confirmed}, {people} people, note {note}, gift {gift}.'],
          phrases: ['confirm my order'],
          parameters: [
            { name: 'confirmed', entity: 'yes_words', required: true, prompts: ['Shall I place the order?'], value: 'true' },
            { name: 'people', entity: 'number', required: true, prompts: ['For how many people?'], value: '$people' },
            { name: 'note', entity: 'note_words', required: false, prompts: [], value: 'none' },
            { name: 'gift', entity: 'gift_words', required: false, prompts: [], value: '$gift' },
          ],
        },
      ],
    };
    const yes = { name: 'yes_words', value: 'yes', text: 'sure', start: 0, end: 4, source: 'synonyms' as const };
    // The fixed value 'true' does not fill the required parameter: its prompt is asked.
    const first = takeTurn(confirm, said('confirm_order'), { turns: 0 });
    expect(first.reply).toMatchObject({ output: { text: 'Shall I place the order?', source: 'prompt-parameter' }, parameters: {} });
    // The entity found: the parameter takes the fixed value, not the matched one; `$people` takes the extracted one.
    const second = takeTurn(confirm, said(null, [yes]), first.state);
    expect(second.reply).toMatchObject({ output: { text: 'For how many people?', source: 'prompt-parameter' }, parameters: { confirmed: 'true' } });
    const done = takeTurn(confirm, said(null, [number('3')]), second.state);
    // The optional parameter with a fixed value defaults to it; the one with `$gift` stays empty.
    expect(done.reply).toMatchObject({
      output: { text: 'Confirmed: true, 3 people, note none, gift .', source: 'intent' },
      parameters: { confirmed: 'true', people: '3', note: 'none' },
    });
    expect(done.reply.parameters).not.toHaveProperty('gift');
  });

  it('reads $name, $anything and nothing as the extracted value, anything else as a fixed value', () => {
    expect([undefined, '', '  ', '$', '$size', '$any_thing.original'].map((value) => fixedValue({ value }))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(['true', ' large ', '$5', 'costs $size'].map((value) => fixedValue({ value }))).toEqual(['true', 'large', '$5', 'costs $size']);
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
