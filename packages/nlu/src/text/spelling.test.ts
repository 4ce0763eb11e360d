import { describe, expect, it } from 'vitest';
import { editDistance, Spelling } from './spelling.js';

describe('spelling', () => {
  it('counts edits, a swap of neighbours as one, and stops past the limit', () => {
    expect(editDistance('balanse', 'balance', 2)).toBe(1);
    expect(editDistance('flihgt', 'flight', 2)).toBe(1);
    expect(editDistance('acount', 'account', 2)).toBe(1);
    expect(editDistance('oroginally', 'originally', 2)).toBe(1);
    expect(editDistance('weather', 'whether', 2)).toBe(2);
    expect(editDistance('mongolia', 'morning', 1)).toBe(2);
  });

  it('takes a misspelling of a known word for that word, and a new word for a new one', () => {
    const known = new Spelling(['balance', 'account', 'weather', 'flight', 'originally', 'subtract']);
    for (const typo of ['balanse', 'acount', 'wether', 'flihgt', 'oroginally', 'subract']) expect(known.isTypoOf(typo), typo).toBe(true);
    // Short words are one letter from too many others; a changed first letter or a real new word is not a typo.
    for (const word of ['joke', 'valance', 'mongolia', 'flights-to-nowhere', 'capital']) expect(known.isTypoOf(word), word).toBe(false);
  });
});
