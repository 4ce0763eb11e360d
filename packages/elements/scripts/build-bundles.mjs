#!/usr/bin/env node
// One ES module per element, plus `parley-elements.js` that defines them all, for partner pages that load an element
// with a single <script type="module"> tag from the Parley server (/elements/...). Shared code goes to hashed chunks
// the entries import; the CSS React Spectrum imports is turned into code that adds it to the page, so no stylesheet
// has to be copied. Written to dist-bundles/, with the manifest and a list of the entries.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { cssTextEsbuild } from './css-text.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--outdir <dir>` builds elsewhere, e.g. to compare a change without replacing the bundles a running server hands out.
const outArg = process.argv.indexOf('--outdir');
const out = outArg > 0 ? resolve(process.argv[outArg + 1]) : `${root}dist-bundles`;
const version = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version;

/** `import './x.css'` (React Spectrum's) becomes a module that appends the stylesheet once; `x.css?inline` is ours, as text. */
const cssAsCode = {
  name: 'css-as-code',
  setup(build) {
    build.onLoad({ filter: /\.css$/, namespace: 'file' }, async (args) => {
      // Spectrum ships its CSS unminified; minified it is the same rules. No target: its nesting and :lang() stay as
      // written, as they would reach the browser unbundled.
      const { code: css } = await esbuild.transform(readFileSync(args.path, 'utf8'), { loader: 'css', minify: true });
      return {
        contents: `const s = document.createElement('style'); s.dataset.parley = 'spectrum'; s.textContent = ${JSON.stringify(css)}; document.head.append(s);`,
        loader: 'js',
      };
    });
  },
};

/**
 * esbuild puts a module in the chunk of every entry whose import graph reaches it, used there or not. The SDK's
 * strict-csp (every element's first import) needs only zod's `config`, but importing it from `zod` makes all of zod
 * reachable, and so part of even the picker's first load. Its home, zod's core.js, holds nothing else; zod keeps the
 * setting on globalThis, so the zod that the schemas of other elements use sees it all the same.
 */
const zodConfigOnly = {
  name: 'zod-config-only',
  setup(build) {
    const core = fileURLToPath(import.meta.resolve('zod/v4/core')).replace(/index\.js$/, 'core.js');
    build.onResolve({ filter: /^zod$/ }, (args) => (args.importer.endsWith('/strict-csp.ts') ? { path: core } : undefined));
  },
};

/**
 * Spectrum's default theme carries its dark scheme's variables (darkest) beside the light ones, and adds them to the
 * page. Every element's root asks for `colorScheme="light"`, so Provider never puts the dark class on anything: the
 * stylesheet is left out (about 3 kB gz off every element's first load). Its class names module stays.
 */
const noDarkScheme = {
  name: 'no-dark-scheme',
  setup(build) {
    build.onLoad({ filter: /vars_spectrum-darkest\.css$/ }, () => ({ contents: '', loader: 'js' }));
  },
};

/**
 * `import { z } from 'zod'` (the SDK's contracts, in the designer and `parley-elements.js`) keeps zod's `locales`
 * namespace whole: its error messages in some 40 languages, 258 kB minified. Parley never calls `z.config(z.locales.x())`;
 * English, zod's default, is the one its schemas use. The namespace is resolved to English alone.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    const locales = fileURLToPath(import.meta.resolve('zod/v4/locales')).replace(/index\.js$/, '');
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes('/node_modules/zod/') ? { path: 'zod-locales-en', namespace: 'zod-english-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: `export { default as en } from ${JSON.stringify(`${locales}en.js`)};`,
      loader: 'js',
      resolveDir: locales,
    }));
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await esbuild.build({
  entryPoints: {
    'parley-try-it': `${root}src/parley-try-it/define.ts`,
    'parley-agent-designer': `${root}src/parley-agent-designer/define.ts`,
    'parley-nlp-report': `${root}src/parley-nlp-report/define.ts`,
    'parley-customer-master': `${root}src/parley-customer-master/define.ts`,
    'parley-customer-picker': `${root}src/parley-customer-picker/define.ts`,
    'parley-attachment-dialog': `${root}src/parley-attachment-dialog/define.ts`,
    'parley-broadcast-sender': `${root}src/parley-broadcast-sender/define.ts`,
    'parley-live-chat': `${root}src/parley-live-chat/define.ts`,
    'parley-elements': `${root}src/all.ts`,
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  jsx: 'automatic',
  conditions: ['@parley/source', 'browser', 'production'],
  define: { 'process.env.NODE_ENV': '"production"' },
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'linked',
  plugins: [cssTextEsbuild(), noDarkScheme, cssAsCode, zodConfigOnly, zodEnglishOnly],
  metafile: true,
  logLevel: 'warning',
});
copyFileSync(`${root}custom-elements.json`, `${out}/custom-elements.json`);
const named = new Set([
  'parley-try-it.js',
  'parley-agent-designer.js',
  'parley-nlp-report.js',
  'parley-customer-master.js',
  'parley-customer-picker.js',
  'parley-attachment-dialog.js',
  'parley-broadcast-sender.js',
  'parley-live-chat.js',
  'parley-elements.js',
]);
const entries = Object.keys(result.metafile.outputs)
  .map((f) => basename(f))
  .filter((f) => named.has(f));
writeFileSync(`${out}/bundles.json`, `${JSON.stringify({ version, entries }, null, 2)}\n`);
console.log(`element bundles ${version}: ${entries.join(', ')}`);
// `--analyze`: what each output holds, for bench/element-weight.mjs's "why". Kept out of dist-bundles, which is served.
if (process.argv.includes('--analyze')) {
  const dir = join(tmpdir(), 'parley-bundles');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'metafile.json'), JSON.stringify(result.metafile));
  writeFileSync(join(dir, 'analysis.txt'), await esbuild.analyzeMetafile(result.metafile, { verbose: false }));
  console.log(`metafile and analysis in ${dir}`);
}
