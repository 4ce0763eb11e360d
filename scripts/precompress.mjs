#!/usr/bin/env node
// Brotli and gzip copies of the built console and element bundles, made once at build time: the server hands them
// out as they are (@fastify/static `preCompressed`), so no request pays for compressing a megabyte of JavaScript and
// the copies can use the slow, strongest settings.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Source maps are left out: only developer tools fetch them, and they are most of the bytes.
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|wasm)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const dir of process.argv.slice(2)) {
  for (const path of files(dir)) {
    if (statSync(path).size < MIN_BYTES) continue;
    const raw = readFileSync(path);
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
    count++;
    before += raw.length;
    after += br.length;
  }
}
console.log(`precompressed ${count} files: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB brotli`);
