// Lint for src/ and test/: typescript-eslint's recommended rules (syntax only, no type information, so it stays fast)
// and the two rules of hooks for the React client. Run from the repository root: `npm run lint`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'public/', 'test-results/'] },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    languageOptions: { parserOptions: { tsconfigRootDir: rootDir } },
    rules: {
      // A leading underscore marks what is left unused on purpose: a parameter a signature requires, a property taken
      // out of an object by destructuring so that the rest goes on without it.
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_',
        ignoreRestSiblings: true,
      }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The tests read the server's JSON answers, whose shape is what they check.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
