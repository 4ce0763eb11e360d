import { describe, expect, it } from 'vitest';
import { train, extractEntities } from '../model/agent-model.js';
import { compileSafePattern, UnsafePatternError } from './pattern-matcher.js';

const agent = train({
  language: 'en',
  intents: [
    { name: 'order', phrases: [{ text: 'I want a pizza' }, { text: 'order food' }] },
    { name: 'other', phrases: [{ text: 'hello' }, { text: 'bye' }] },
  ],
  entities: [
    {
      id: 'e1',
      name: 'city',
      values: [
        { value: 'New York', synonyms: ['NYC', 'big apple', 'new york city'] },
        { value: 'São Paulo', synonyms: ['sao paulo'] },
      ],
    },
    { id: 'e2', name: 'order_id', values: [{ value: 'order id', patterns: ['ORD-\\d{5}'] }] },
  ],
  systemEntities: ['number', 'email', 'phone', 'datetime'],
});

describe('entities', () => {
  it('finds synonyms insensitive to case, accents and punctuation, longest first, with the canonical value', async () => {
    const found = await extractEntities(agent, 'Fly me to NEW-YORK city, then to Sao Paulo!');
    const cities = found.filter((e) => e.source === 'synonyms');
    expect(cities).toEqual([
      { name: 'city', value: 'New York', text: 'NEW-YORK city', start: 10, end: 23, source: 'synonyms' },
      { name: 'city', value: 'São Paulo', text: 'Sao Paulo', start: 33, end: 42, source: 'synonyms' },
    ]);
  });

  it('finds pattern values with positions', async () => {
    const found = (await extractEntities(agent, 'where is ORD-12345 and ord-99999?')).filter((e) => e.source === 'pattern');
    expect(found.map((e) => [e.text, e.start, e.end])).toEqual([
      ['ORD-12345', 9, 18],
      ['ord-99999', 23, 32],
    ]);
  });

  it('recognises system entities: number, email, phone in the spec format, date', async () => {
    const text = 'Send 3 tickets to ana@example.com, call +91 9876543210 tomorrow at 5pm';
    const found = (await extractEntities(agent, text)).filter((e) => e.source === 'system');
    const by = (name: string) => found.find((e) => e.name === name);
    expect(by('number')).toMatchObject({ value: '3', text: '3', start: 5, end: 6 });
    expect(by('email')).toMatchObject({ value: 'ana@example.com', start: 18, end: 33 });
    expect(by('phone')).toMatchObject({ value: '+919876543210', text: '+91 9876543210' });
    expect(by('datetime')?.text).toBe('tomorrow at 5pm');
    for (const e of found) expect(text.slice(e.start, e.end)).toBe(e.text);
  });

  it('refuses patterns RE2 cannot run at training, and bounds the input of the others', () => {
    expect(() => compileSafePattern('(x)\\1')).toThrow(UnsafePatternError);
    expect(() =>
      train({
        language: 'en',
        intents: [{ name: 'a', phrases: [{ text: 'x' }] }],
        entities: [{ id: 'e', name: 'bad', values: [{ value: 'v', patterns: ['(x)\\1'] }] }],
      }),
    ).toThrow(/backreferences and lookaround are not allowed/);
    const t0 = performance.now();
    void extractEntities(agent, `${'a'.repeat(50_000)}!`);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
