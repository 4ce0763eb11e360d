// Element stylesheets are real .css files imported as their text: `import css from './x.css?inline'`, the suffix Vite
// already reads that way, so the console, the element bundles and the element tests load the same file. A plain
// `import './x.css'` (React Spectrum's own) stays a side-effect stylesheet.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

const INLINE = /\.css\?inline$/;

/** esbuild: the file's text as the module's default export, minified when the build is. */
export function cssTextEsbuild() {
  return {
    name: 'css-text',
    setup(build) {
      build.onResolve({ filter: INLINE }, (args) => ({ path: path.resolve(args.resolveDir, args.path.replace(/\?inline$/, '')), namespace: 'css-text' }));
      build.onLoad({ filter: /.*/, namespace: 'css-text' }, async (args) => {
        let css = await readFile(args.path, 'utf8');
        if (build.initialOptions.minify) css = (await esbuild.transform(css, { loader: 'css', minify: true })).code;
        return { contents: css, loader: 'text', watchFiles: [args.path] };
      });
    },
  };
}

/** @web/dev-server (the element tests it serves unbundled, Try-it's): `x.css?inline` as a JavaScript module. */
export function cssTextDevServer() {
  const inline = (context) => context.path.endsWith('.css') && new URLSearchParams(context.querystring).has('inline');
  return {
    name: 'css-text',
    // Node resolution would drop the query of a relative import outside the root (the theme's tokens.css).
    resolveImport: ({ source }) => (INLINE.test(source) && source.startsWith('.') ? source : undefined),
    resolveMimeType: (context) => (inline(context) ? 'js' : undefined),
    transform: (context) => (inline(context) ? { body: `export default ${JSON.stringify(String(context.body))};` } : undefined),
  };
}
