import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/**',
      'tests/.artifacts/**',
      '.artifacts/**',
      'packages/nlu/models/**',
      '**/dist-bundles/**',
      '**/.test-bundles/**',
      'packages/elements/custom-elements.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Layering: no package reaches into another's source tree by relative path.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../*/src/*', '**/packages/*/src/*'], message: 'Import other packages by name (@parley/...).' }] },
      ],
    },
  },
  {
    // The classic hook rules and the React Compiler rules the code meets. Off: refs and set-state-in-effect (some
    // seventy deliberate patterns; the code is not compiled with the React Compiler).
    files: ['packages/elements/**/*.{ts,tsx}', 'packages/host/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/static-components': 'error',
      'react-hooks/void-use-memo': 'error',
      'react-hooks/preserve-manual-memoization': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/immutability': 'error',
      'react-hooks/globals': 'error',
      'react-hooks/error-boundaries': 'error',
      'react-hooks/purity': 'error',
      'react-hooks/set-state-in-render': 'error',
      'react-hooks/unsupported-syntax': 'error',
      'react-hooks/config': 'error',
      'react-hooks/gating': 'error',
      'react-hooks/use-memo': 'error',
    },
  },
  {
    // Tests read envelopes of many shapes; typing each reply would add noise, not safety.
    files: ['**/*.test.ts', '**/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
