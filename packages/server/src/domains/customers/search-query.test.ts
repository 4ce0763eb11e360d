import { describe, expect, it } from 'vitest';
import { searchQuery } from './queries.js';
import { searchVector, searchWords } from './search-words.js';

describe('the customer search box as a full-text query', () => {
  it('reads the last word as a prefix and the ones before as finished', () => {
    expect(searchQuery('Asha Ra')).toBe("'asha' & 'ra':*");
    expect(searchQuery('  asha  ')).toBe("'asha':*");
  });
  it('joins digits typed in groups into one number', () => {
    expect(searchQuery('+91 98765 43210')).toBe("'919876543210':*");
    expect(searchQuery('rao 98 76')).toBe("'rao' & '9876':*");
  });
  it('lets no query syntax through', () => {
    expect(searchQuery("guest b'; drop")).toBe("'guest' & 'b' & 'drop':*");
    expect(searchQuery('a & !b | c:*')).toBe("'a' & 'b' & 'c':*");
    expect(searchQuery("\\' ) (")).toBeNull();
    expect(searchQuery('  ;;  ')).toBeNull();
  });
});

describe("a customer's words, cut as the search box cuts", () => {
  it('splits addresses and names at what is not a letter or digit, lowercased', () => {
    expect(searchWords('Asha.Rao@Example.com, Jean-Luc')).toEqual(['asha', 'rao', 'example', 'com', 'jean', 'luc']);
  });
  it('keeps the vowel signs of a Devanagari word inside it', () => {
    expect(searchWords('नमस्ते Priya')).toEqual(['नमस्ते', 'priya']);
  });
  it('stores each word once, quoted, and leaves out a word too long for the index', () => {
    expect(searchVector(['Asha Rao', 'Pune', 'asha'])).toBe("'asha' 'rao' 'pune'");
    expect(searchVector(['x'.repeat(3000) + ' kept'])).toBe("'kept'");
    expect(searchVector([''])).toBe('');
  });
});
