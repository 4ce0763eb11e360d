import { describe, expect, it } from 'vitest';
import { normalize } from '../text/normalize.js';
import { offlineParaphraseGenerator } from './offline-generator.js';

describe('offline paraphrases', () => {
  it('returns the count asked for, distinct, never the input, never empty', async () => {
    const inputs = ['I want to book a flight to Paris', 'cancel my order', 'what is the weather tomorrow', 'hi'];
    for (const count of [10, 5]) {
      const out = await offlineParaphraseGenerator.generate(inputs, count);
      out.forEach((list, i) => {
        expect(list, inputs[i]).toHaveLength(count);
        const keys = list.map(normalize);
        expect(new Set(keys).size).toBe(count);
        expect(keys).not.toContain(normalize(inputs[i]!));
        for (const p of list) expect(p.trim().length).toBeGreaterThan(0);
      });
    }
  });

  it('keeps names as written and rewrites the request form', async () => {
    const [list] = await offlineParaphraseGenerator.generate(['I want to book a flight to Paris'], 5);
    expect(list!.every((p) => p.includes('Paris'))).toBe(true);
    expect(list).toContain('I would like to book a flight to Paris');
  });
});
