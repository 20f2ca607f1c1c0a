// ESLint flat config: typescript-eslint's recommended rules everywhere, React hooks rules for the
// web app, no `any`, and no committed `.only` in tests.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TEST_FUNCTIONS = '/^(describe|suite|it|test|bench)$/';

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/.data/',
    '**/.test-data/',
    '**/.e2e-data/',
    '**/coverage/',
    'apps/server/src/db/migrations/',
    '**/.scratch-*/',
    '**/.tmp-*/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
      // A focused test (`test.only`, `describe.only`, `it.concurrent.only`…) must never be committed.
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[property.name='only'][object.name=${TEST_FUNCTIONS}]`,
          message: 'Remove .only: a focused test silently skips the others.',
        },
        {
          selector: `MemberExpression[property.name='only'][object.object.name=${TEST_FUNCTIONS}]`,
          message: 'Remove .only: a focused test silently skips the others.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/vite.config.ts'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
);
