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
      project('server', { testTimeout: 30_000, hookTimeout: 60_000 }),
    ],
  },
});
