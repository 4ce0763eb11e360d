#!/usr/bin/env node
// Size of <parley-try-it> as a page loads it: bundled, split and minified by esbuild, each chunk gzipped at level 9.
// (1) What loads before the first reply: the entry chunk and every chunk it imports statically (Lit, the element).
// (2) Live mode up front (issue 35: at most 15 kB): the same plus the live session, imported lazily only when the
//     element has a `channel-id`, and what it imports statically.
// (3) Everything, with the markdown renderer and DOMPurify, which the element imports lazily on its first reply.
// Exits 1 when either is over its budget.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const limits = { firstLoad: 15 * 1024, live: 15 * 1024, total: 30 * 1024 };
const outdir = path.join(root, '.bench-out');

const { outputFiles, metafile } = await build({
  entryPoints: [path.join(root, 'src/parley-try-it/define.ts')],
  absWorkingDir: root,
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  splitting: true,
  outdir,
  // @parley/sdk/... resolves to its TypeScript sources (only types are imported from it: nothing should be bundled).
  conditions: ['@parley/source'],
  metafile: true,
  write: false,
  logLevel: 'warning',
});

// metafile.outputs is keyed by paths relative to absWorkingDir; outputFiles carry absolute paths.
const gzipped = new Map(outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => [path.relative(root, f.path), gzipSync(f.contents, { level: 9 }).length]));
const sizeOf = (file) => {
  const size = gzipped.get(file);
  if (size === undefined) throw new Error(`no output for ${file}`);
  return size;
};

const entry = Object.keys(metafile.outputs).find((file) => metafile.outputs[file].entryPoint);
if (!entry) throw new Error('esbuild reported no entry chunk');

/** The chunk and every chunk it imports statically, transitively: what the browser fetches before running it. */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const { path: imported, kind } of metafile.outputs[file].imports) {
    if (kind === 'import-statement' && !imported.startsWith('http')) staticClosure(imported, seen);
  }
  return seen;
}

const firstLoad = [...staticClosure(entry)].reduce((sum, file) => sum + sizeOf(file), 0);
const liveChunk = Object.keys(metafile.outputs).find((file) =>
  Object.keys(metafile.outputs[file].inputs).some((input) => input.endsWith('parley-try-it/live-session.ts')),
);
if (!liveChunk) throw new Error('no chunk holds the live session');
const liveLoad = [...staticClosure(liveChunk, staticClosure(entry))].reduce((sum, file) => sum + sizeOf(file), 0);
const total = [...gzipped.values()].reduce((sum, size) => sum + size, 0);

// What each chunk holds, by package, so a regression names its cause.
if (process.argv.includes('--verbose')) {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    const byPackage = {};
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? 'parley';
      byPackage[name] = (byPackage[name] ?? 0) + bytesInOutput;
    }
    const parts = Object.entries(byPackage).map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(1)} kB`);
    console.log(`  ${file}: ${(sizeOf(file) / 1024).toFixed(1)} kB gzip (minified: ${parts.join(', ')})`);
  }
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const line = (label, bytes, limit) => `${label}: ${kB(bytes)} gzip (limit ${limit / 1024} kB)${bytes > limit ? ' OVER BUDGET' : ''}`;
console.log(line('try-it before first reply', firstLoad, limits.firstLoad));
console.log(line('try-it in live mode before the first reply', liveLoad, limits.live));
console.log(line('try-it with markdown + sanitiser', total, limits.total));
if (firstLoad > limits.firstLoad || liveLoad > limits.live || total > limits.total) process.exit(1);
