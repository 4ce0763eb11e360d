import { describe, expect, it } from 'vitest';
import { copyLine } from './copy-text.js';

describe('COPY text lines', () => {
  it('escapes what would end a column or a row, and writes null as \\N', () => {
    expect(copyLine(['a\tb', 'two\r\nlines', 'back\\slash', null, ''])).toBe('a\\tb\ttwo\\r\\nlines\tback\\\\slash\t\\N\t\n');
  });
});
