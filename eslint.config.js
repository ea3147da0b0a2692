import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The React packages and apps: the hooks' rules, and the compiler's checks that a render is pure
// (no state set, no ref written or read, no impure call during render; effects that do not set
// state synchronously), all as errors.
const REACT_FILES = [
  'packages/payment-react/**/*.{ts,tsx}',
  'packages/page-csp/**/*.{ts,tsx}',
  'apps/payment-web/**/*.{ts,tsx}',
  'apps/platform/web/**/*.{ts,tsx}',
  'apps/store/src/web/**/*.{ts,tsx}',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: REACT_FILES,
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
    },
  },
  {
    // Layering, checked: no import circles in any package or app, and dependencies point one way
    // (apps import packages; a package never imports an app).
    files: ['packages/*/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}', 'apps/*/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './packages', from: './apps', message: 'A package never imports an app.' }] },
      ],
    },
  },
  {
    // Use cases that span modules are flows; modules and providers get what they need through the
    // deps they are handed. A module's routes may call a flow; so may tests.
    files: [
      'packages/payment-server/src/modules/**/*.ts',
      'packages/payment-server/src/providers/**/*.ts',
      'apps/store/src/server/modules/**/*.ts',
      'apps/store/src/server/storage/**/*.ts',
    ],
    ignores: ['**/routes.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/flows/*'],
              message: 'Modules and providers never import flows: hand what they need in through the deps.',
            },
          ],
        },
      ],
    },
  },
);
