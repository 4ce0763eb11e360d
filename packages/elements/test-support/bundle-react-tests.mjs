// Test files that mount React screens are bundled by esbuild before the browser gets them: React is CommonJS and
// React Spectrum's build imports .css files, and the dev server serves neither as ES modules. Spectrum's CSS is
// added to the page as the console's Vite build adds it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { cssTextEsbuild } from '../scripts/css-text.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REACT_TESTS =
  /\/src\/(parley-(agent-designer|nlp-report|customer-master|customer-picker|attachment-dialog|broadcast-sender|live-chat)|template-preview|internal)\/.*\.test\.ts$/;

export function bundleReactTests() {
  return {
    name: 'bundle-react-tests',
    async serve(context) {
      if (!REACT_TESTS.test(context.path)) return undefined;
      const result = await esbuild.build({
        entryPoints: [path.join(ROOT, context.path)],
        bundle: true,
        format: 'esm',
        write: false,
        outdir: path.join(ROOT, '.test-bundles'),
        target: 'es2022',
        jsx: 'automatic',
        sourcemap: 'inline',
        conditions: ['@parley/source', 'browser', 'development'],
        define: { 'process.env.NODE_ENV': '"development"' },
        external: ['@web/test-runner-commands'],
        tsconfig: path.join(ROOT, 'tsconfig.json'),
        plugins: [cssTextEsbuild()],
        logLevel: 'silent',
      });
      const js = result.outputFiles.find((f) => f.path.endsWith('.js')).text;
      const css = result.outputFiles
        .filter((f) => f.path.endsWith('.css'))
        .map((f) => f.text)
        .join('\n');
      const inject = `{ const s = document.createElement('style'); s.textContent = ${JSON.stringify(css)}; document.head.append(s); }\n`;
      return { body: inject + js, type: 'js' };
    },
  };
}
