import { describe, expect, it } from 'vitest';
import { normalize, stem, tokenize } from './normalize.js';

describe('normalisation', () => {
  it('folds case, accents and punctuation in English', () => {
    expect(normalize('  Café, CRÈME-brûlée!!  ')).toBe('cafe creme brulee');
  });

  it('keeps Hindi vowel signs, which are combining marks too', () => {
    expect(normalize('मुझे किताबें चाहिए!')).toBe('मुझे किताबें चाहिए');
  });

  it('tokenizes with positions in the original text', () => {
    expect(tokenize('Hi, Zoë!')).toEqual([
      { text: 'hi', start: 0, end: 2 },
      { text: 'zoe', start: 4, end: 7 },
    ]);
  });

  it('stems English and Hindi words', () => {
    expect(stem('cancellations', 'en')).toBe(stem('cancel', 'en'));
    expect(stem('किताबें', 'hi')).toBe('किताब');
  });
});
