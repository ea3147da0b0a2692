import js from '@eslint/js';
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
);
