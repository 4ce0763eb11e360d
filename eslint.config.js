import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'tests/.artifacts/**', '.artifacts/**', 'packages/nlu/models/**', '**/dist-bundles/**', '**/.test-bundles/**', 'packages/elements/custom-elements.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Layering: no package reaches into another's source tree by relative path.
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*/src/*', '**/packages/*/src/*'], message: 'Import other packages by name (@parley/...).' }] }],
    },
  },
  {
    // Tests read envelopes of many shapes; typing each reply would add noise, not safety.
    files: ['**/*.test.ts', '**/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
