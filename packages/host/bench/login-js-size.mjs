#!/usr/bin/env node
// The JavaScript a browser loads for /login: the entry chunk and everything it imports statically, plus the
// login screen's lazy chunk and its static imports. Read from Vite's manifest after `vite build`; sizes gzipped.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const closure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
};
const loginKey = Object.keys(manifest).find((k) => k.endsWith('auth/LoginScreen.tsx'));
if (!loginKey) throw new Error('LoginScreen chunk not found: run `npm run build -w @parley/host` first');
const keys = new Set([...closure('index.html'), ...closure(loginKey)]);
const rows = [...keys].map((k) => {
  const bytes = readFileSync(`${dist}${manifest[k].file}`);
  return { chunk: manifest[k].file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log('JavaScript loaded by /login');
console.log('chunk'.padEnd(44), 'raw'.padStart(10), 'gzip'.padStart(10));
for (const r of rows) console.log(r.chunk.padEnd(44), kb(r.raw).padStart(10), kb(r.gzip).padStart(10));
const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });
console.log('total'.padEnd(44), kb(total.raw).padStart(10), kb(total.gzip).padStart(10));
