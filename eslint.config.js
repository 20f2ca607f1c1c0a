// ESLint flat config: typescript-eslint's recommended rules everywhere, React hooks rules, feature
// boundaries and React Query kept in each feature's queries.ts for the web app, the server's layers
// (docs/architecture.md), no import cycle (web, server, packages, bench), no `any`, and no committed
// `.only` in tests.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TEST_FUNCTIONS = '/^(describe|suite|it|test|bench)$/';

/**
 * The web app's rooms (apps/web/src): app/ (router, layout, session, guards, theme), api/ (one
 * function per endpoint), components/ and lib/ (shared by every feature) and features/<area>/.
 * A feature is used from outside only through its index.ts; components/ and lib/ use no feature.
 */
const REPO_ROOT = fileURLToPath(new URL('.', import.meta.url));
const WEB_SRC = 'apps/web/src';
const WEB_FEATURES = readdirSync(`${REPO_ROOT}${WEB_SRC}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_BOUNDARIES = [
  ...WEB_FEATURES.map((feature) => ({
    // Every file of the web app but this feature's own.
    target: [`${WEB_SRC}/*.{ts,tsx}`, `${WEB_SRC}/!(features)/**/*`, `${WEB_SRC}/features/!(${feature})/**/*`],
    from: `${WEB_SRC}/features/${feature}`,
    except: ['./index.ts'],
    message: `Import the ${feature} feature through its index ('features/${feature}'), not a file inside it.`,
  })),
  {
    target: [`${WEB_SRC}/components`, `${WEB_SRC}/lib`],
    from: `${WEB_SRC}/features`,
    message: 'components/ and lib/ are shared by every feature: they must not import one.',
  },
];

/**
 * The server's areas (apps/server/src/modules/<area>): another area, the HTTP layer, the jobs and
 * the composition root use an area only through its index.ts.
 */
const SERVER_SRC = 'apps/server/src';
const SERVER_AREAS = readdirSync(`${REPO_ROOT}${SERVER_SRC}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SERVER_BOUNDARIES = SERVER_AREAS.map((area) => ({
  target: [`${SERVER_SRC}/*.ts`, `${SERVER_SRC}/!(modules)/**/*`, `${SERVER_SRC}/modules/!(${area})/**/*`],
  from: `${SERVER_SRC}/modules/${area}`,
  except: ['./index.ts'],
  message: `Use the ${area} area through its index ('modules/${area}'), not a file inside it.`,
}));

/** Only repositories (*.repo.ts) talk to the database; routes, services and rules never do. */
const DATABASE_CLIENT = {
  group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '**/db/client', '**/db/client.*', '**/db/schema', '**/db/schema/*'],
  message: "SQL lives in *.repo.ts: a service gets repositories (and withTransaction, built by its area's index).",
};
/** Areas reach outside systems only through a provider's interface, never an implementation. */
const PROVIDER_INTERNALS = {
  // Anything under providers/ but a kind's interface.ts and provider-error.ts (a regex: a glob cannot
  // re-allow a file whose folder it forbids).
  regex: '^(.*/)?providers/(?!provider-error(\\.ts)?$)[^/]+(/(?!interface(\\.ts)?$).*)?$',
  message:
    'Use a provider through its interface (providers/<kind>/interface.ts); only compose.ts picks an implementation.',
};

/** A focused test (`test.only`, `describe.only`, `it.concurrent.only`…) must never be committed. */
const FOCUSED_TESTS = [
  {
    selector: `MemberExpression[property.name='only'][object.name=${TEST_FUNCTIONS}]`,
    message: 'Remove .only: a focused test silently skips the others.',
  },
  {
    selector: `MemberExpression[property.name='only'][object.object.name=${TEST_FUNCTIONS}]`,
    message: 'Remove .only: a focused test silently skips the others.',
  },
];

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
      'no-restricted-syntax': ['error', ...FOCUSED_TESTS],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/vite.config.ts'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${REPO_ROOT}apps/web/tsconfig.json` })],
      // no-cycle reads the files it follows: TypeScript and TSX, with typescript-eslint's parser.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'no-restricted-syntax': [
        'error',
        ...FOCUSED_TESTS,
        {
          // antd's App component holds the modal, message and notification code: naming it puts all
          // three in the screen's download. app/antApp.tsx provides its context; read it with useApp.
          selector: `MemberExpression[object.name='App'][property.name='useApp']`,
          message: "Use useApp from 'antd/es/app/useApp': antd's App brings its modal code into the screen's download.",
        },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: REPO_ROOT, zones: WEB_BOUNDARIES }],
      // No import cycle in the web app either: features meet only through the page or components/ and lib/.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A feature's server state (reads, writes, what the cache does after them) lives in its
    // queries.ts, and mutations.ts when big; its components call the hooks exported there.
    files: [`${WEB_SRC}/features/**/*.{ts,tsx}`],
    ignores: ['**/queries.ts', '**/mutations.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              allowTypeImports: true,
              message: "Call React Query in the feature's queries.ts (or mutations.ts) and use the hooks it exports.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'packages/*/src/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${REPO_ROOT}tsconfig.json` })],
      // no-cycle reads the files it follows: TypeScript, with typescript-eslint's parser.
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      // A cycle anywhere in the server or the packages is an error (the areas' graph is a tree).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${SERVER_SRC}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: REPO_ROOT, zones: SERVER_BOUNDARIES }],
    },
  },
  {
    // Routes, services and every other file of an area but its repositories and its index (which
    // builds the repositories from the database handle).
    files: [`${SERVER_SRC}/modules/**/*.ts`, `${SERVER_SRC}/http/**/*.ts`, `${SERVER_SRC}/jobs/**/*.ts`],
    ignores: ['**/*.repo.ts', '**/*.test.ts', `${SERVER_SRC}/modules/*/index.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ ...DATABASE_CLIENT, allowTypeImports: false }, PROVIDER_INTERNALS],
        },
      ],
    },
  },
  {
    // An area's index may name the database handle's type, and nothing more of it.
    files: [`${SERVER_SRC}/modules/*/index.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ ...DATABASE_CLIENT, allowTypeImports: true }, PROVIDER_INTERNALS] },
      ],
    },
  },
);
