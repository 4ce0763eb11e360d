import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Server tests that run on embedded PGlite whatever PARLEY_TEST_DB says (a data folder, a child process's own
 * database): the PostgreSQL run would only repeat them, so it leaves them out.
 */
const PGLITE_ONLY = [
  'src/db/pglite-init.test.ts',
  'src/seed/demo-sign-in-log.test.ts',
  'src/seed/demo-agent.test.ts',
  'src/jobs/restart.test.ts',
  'src/domains/nlp-runtime/training-restart.test.ts',
];
const serverExclude = process.env.PARLEY_TEST_DB === 'postgres' ? [...configDefaults.exclude, ...PGLITE_ONLY] : configDefaults.exclude;

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
      // PARLEY_PASSWORD_HASH=fast: cheap argon2 parameters for the many demo seeds and sign-ins (see secrets.ts).
      project('server', {
        env: { PARLEY_PASSWORD_HASH: 'fast' },
        testTimeout: 30_000,
        hookTimeout: 60_000,
        isolate: false,
        setupFiles: ['src/test/close-servers.setup.ts'],
        exclude: serverExclude,
      }),
      project('host'),
      // The codebase's shape: layering between packages, and elements' folders kept apart.
      { test: { name: 'shape', root: 'scripts/shape', include: ['*.test.ts'] } },
    ],
  },
});
