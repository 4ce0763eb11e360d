import { defineConfig } from 'vitest/config';

// Every package resolves @parley/* through the "source" export condition, so tests run on the TypeScript
// sources without a build step.
const project = (name: string, extra: Record<string, unknown> = {}) => ({
  resolve: { conditions: ['@parley/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@parley/source', 'module', 'node', 'development|production'] } },
  test: { name, root: `packages/${name}`, include: ['src/**/*.test.ts'], ...extra },
});

export default defineConfig({
  test: {
    projects: [
      project('sdk'),
      project('theme'),
      project('nlu', { testTimeout: 60_000 }),
      // One module graph per worker rather than per file: each server test file starts its own server on its own
      // database, so files share no state through modules, and loading the server's graph again for every file was
      // most of the suite's time (the server project on 2 cores: 632 s isolated, 407 s not; import 819 s -> 459 s).
      // A setup file runs for every test file (the modules above are loaded once a worker): it closes the file's servers.
      project('server', { testTimeout: 30_000, hookTimeout: 60_000, isolate: false, setupFiles: ['src/test/close-servers.setup.ts'] }),
      project('host'),
      // The codebase's shape: layering between packages, and elements' folders kept apart.
      { test: { name: 'shape', root: 'scripts/shape', include: ['*.test.ts'] } },
    ],
  },
});
