#!/usr/bin/env node
// Size of <parley-nlp-report> as a page loads it, minified by esbuild for production and gzipped at level 9:
// (1) alone: src/parley-nlp-report/define.ts in one bundle (JavaScript, and the CSS that React Spectrum imports);
// (2) beside the designer: both elements bundled with code splitting, what only the report adds to a page that
//     already has <parley-agent-designer> (React, Spectrum, the SDK and d3 parts the designer also uses are shared).
// --verbose lists the minified bytes of each package in the report's own bundle.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const REPORT = 'src/parley-nlp-report/define.ts';
const DESIGNER = 'src/parley-agent-designer/define.ts';
const common = {
  absWorkingDir: root,
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  conditions: ['@parley/source', 'browser'],
  define: { 'process.env.NODE_ENV': '"production"' },
  tsconfig: path.join(root, 'tsconfig.json'),
  metafile: true,
  write: false,
  logLevel: 'warning',
};
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

// (1) The report alone.
const alone = await build({ ...common, entryPoints: [path.join(root, REPORT)], outdir: path.join(root, '.bench-out/report') });
const js = alone.outputFiles.filter((f) => f.path.endsWith('.js'));
const css = alone.outputFiles.filter((f) => f.path.endsWith('.css'));
const sum = (files, size) => files.reduce((n, f) => n + size(f.contents), 0);
console.log(`nlp-report alone: ${kB(sum(js, gzip))} gzip JavaScript (${kB(sum(js, (b) => b.length))} minified), ${kB(sum(css, gzip))} gzip CSS`);

if (process.argv.includes('--verbose')) {
  const output = Object.values(alone.metafile.outputs).find((o) => o.entryPoint);
  const byPackage = {};
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? (input.includes('parley-nlp-report') ? 'nlp-report' : 'parley (shared)');
    byPackage[name] = (byPackage[name] ?? 0) + bytesInOutput;
  }
  for (const [name, bytes] of Object.entries(byPackage).sort((a, b) => b[1] - a[1])) console.log(`  ${name.padEnd(36)} ${kB(bytes)} minified`);
}

// (2) Beside the designer: split chunks, sorted by which entry reaches them through static imports.
const both = await build({
  ...common,
  entryPoints: [path.join(root, REPORT), path.join(root, DESIGNER)],
  splitting: true,
  outdir: path.join(root, '.bench-out/both'),
});
const gzipped = new Map(both.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => [path.relative(root, f.path), gzip(f.contents)]));
const outputs = both.metafile.outputs;
const entryOf = (source) => Object.keys(outputs).find((file) => outputs[file].entryPoint === source);
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const { path: imported, kind } of outputs[file].imports) if (kind === 'import-statement' && outputs[imported]) closure(imported, seen);
  return seen;
}
const reportFiles = closure(entryOf(REPORT));
const designerFiles = closure(entryOf(DESIGNER));
const size = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + (gzipped.get(f) ?? 0), 0);
const own = new Set([...reportFiles].filter((f) => !designerFiles.has(f)));
const shared = new Set([...reportFiles].filter((f) => designerFiles.has(f)));
console.log(
  `nlp-report beside the designer: ${kB(size(own))} gzip of its own, ${kB(size(shared))} gzip shared with it (designer alone: ${kB(size(designerFiles))})`,
);
