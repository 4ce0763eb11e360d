import { describe, expect, it } from 'vitest';
import { searchQuery } from './queries.js';

describe('the customer search box as a full-text query', () => {
  it('reads the last word as a prefix and the ones before as finished', () => {
    expect(searchQuery('Asha Ra')).toBe('asha & ra:*');
    expect(searchQuery('  asha  ')).toBe('asha:*');
  });
  it('joins digits typed in groups into one number', () => {
    expect(searchQuery('+91 98765 43210')).toBe('919876543210:*');
    expect(searchQuery('rao 98 76')).toBe('rao & 9876:*');
  });
  it('lets no query syntax through', () => {
    expect(searchQuery("guest b'; drop")).toBe('guest & b & drop:*');
    expect(searchQuery('a & !b | c:*')).toBe('a & b & c:*');
    expect(searchQuery('  ;;  ')).toBeNull();
  });
});
