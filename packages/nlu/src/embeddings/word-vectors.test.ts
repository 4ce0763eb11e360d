import { describe, expect, it } from 'vitest';
import { sentenceFeatures } from './sentence-features.js';
import { decodeWordVectors, encodeWordVectors, quantize } from './word-vectors-file.js';
import { wordVectors } from './word-vectors.js';

const cosine = (a: Float64Array, b: Float64Array) => {
  let dot = 0,
    na = 0,
    nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
};

describe('word vectors', () => {
  it('survive the Int8 file round trip within one quantisation step', () => {
    const vectors = Float32Array.from([0.5, -1.27, 0.01, 3, 0, -3]);
    const back = decodeWordVectors(encodeWordVectors(quantize(['alpha', 'beta'], vectors, 3)));
    expect(back.words).toEqual(['alpha', 'beta']);
    for (let i = 0; i < vectors.length; i++) expect(Math.abs(back.values[i]! * back.scales[Math.floor(i / 3)]! - vectors[i]!)).toBeLessThan(0.013);
  });

  it('ship with the package: common chat words have vectors, punctuation does not', () => {
    const table = wordVectors();
    expect(table.dimensions).toBe(100);
    for (const w of ['book', 'flight', 'cancel', 'balance', 'weather', 'hello']) expect(table.rowOf(w), w).toBeDefined();
    expect(table.rowOf(',')).toBeUndefined();
  });

  it('place sentences of the same meaning closer than unrelated ones, even with no word in common', () => {
    const f = (s: string) => sentenceFeatures(wordVectors(), s.split(' '), 1);
    const buy = f('buy a car');
    expect(cosine(buy, f('purchase an automobile'))).toBeGreaterThan(cosine(buy, f('weather forecast for tomorrow')) + 0.1);
    expect(cosine(f('hello there'), f('hey good morning'))).toBeGreaterThan(cosine(f('hello there'), f('cancel my order')));
  });

  it('give zeros for a sentence with no known word', () => {
    expect([...sentenceFeatures(wordVectors(), ['zxqv', 'qqqj'], 1)].every((v) => v === 0)).toBe(true);
  });
});
