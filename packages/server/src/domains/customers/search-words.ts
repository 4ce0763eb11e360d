/**
 * The words of a customer that the list's search finds, cut the same way on both sides: when a customer is saved
 * (the stored `search` column, a tsvector) and when a user types in the search box (queries.ts). A word is a run of
 * letters, combining marks and digits, lowercased: 'Asha' and 'asha.rao@example.com' give 'asha', 'rao', 'example',
 * 'com'; a Devanagari name keeps its vowel signs. The words were once cut by PostgreSQL's text-search parser from
 * stored text at every insert (to_tsvector, 1.1 µs of the database's ~15 µs a row in a million-row import, measured);
 * an import's worker thread now cuts them instead, and the database only reads the list.
 */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** PostgreSQL's limits for one lexeme (2 KB) and a whole tsvector (1 MB), in bytes of UTF-8. */
const MAX_WORD_BYTES = 2046;
const MAX_VECTOR_BYTES = 1 << 19;

export function searchWords(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/**
 * The tsvector literal of the distinct words of these texts ("'asha' 'pune' 'rao'"). Words hold no quote or
 * backslash, so each is quoted as it is; a word too long for the index is left out, as PostgreSQL's parser did.
 */
export function searchVector(texts: readonly string[]): string {
  const seen = new Set<string>();
  let bytes = 0;
  for (const text of texts) {
    for (const word of searchWords(text)) {
      if (seen.has(word)) continue;
      // A UTF-16 unit is at most 3 bytes of UTF-8: short words are not measured.
      const size = word.length * 3 <= MAX_WORD_BYTES ? word.length * 3 : Buffer.byteLength(word);
      if (size > MAX_WORD_BYTES || bytes + size > MAX_VECTOR_BYTES) continue;
      seen.add(word);
      bytes += size;
    }
  }
  let out = '';
  for (const word of seen) out += out ? ` '${word}'` : `'${word}'`;
  return out;
}
