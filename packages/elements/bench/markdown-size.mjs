#!/usr/bin/env node
// Size of the smallest ES module that renders chat markdown safely (marked + DOMPurify + our glue), bundled and
// minified by esbuild and gzipped at level 9, against the Try-it widget's 30 kB gzipped budget for everything.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

const budget = 30 * 1024;
const { outputFiles, metafile } = await build({
  stdin: {
    contents: "export { renderMarkdown } from './src/markdown/safe-markdown.ts';",
    resolveDir: new URL('..', import.meta.url).pathname,
    loader: 'ts',
  },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  conditions: ['@parley/source'],
  metafile: true,
  write: false,
});

const code = outputFiles[0].contents;
const gzipped = gzipSync(code, { level: 9 }).length;
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

const byPackage = {};
for (const [file, { bytesInOutput }] of Object.entries(Object.values(metafile.outputs)[0].inputs)) {
  const name = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? 'parley glue';
  byPackage[name] = (byPackage[name] ?? 0) + bytesInOutput;
}
for (const [name, bytes] of Object.entries(byPackage)) console.log(`  ${name.padEnd(12)} ${kB(bytes)} minified`);
console.log(
  `renderMarkdown bundle: ${kB(code.length)} minified, ${kB(gzipped)} gzipped ` +
    `(${((gzipped / budget) * 100).toFixed(0)}% of the widget's 30 kB gzipped budget)`,
);
