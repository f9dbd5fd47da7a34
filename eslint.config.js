import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * Repositories own the database (docs/decisions/0012): only `*.repository.ts` (and the tables'
 * `*.schema.ts`) import Drizzle, the tables or the database handle. Legitimate exceptions:
 * - apps/server/src/db/**: the handle, the table list, the transaction runner and shared SQL pieces;
 * - tests (`*.test.ts`, apps/server/test/**): they insert fixture rows and inspect what was written;
 * - apps/server/bench/**: the search benchmark opens its own connection pool around a repository;
 * - composition roots (src/app.ts, src/main.ts, scripts/**) may hold the handle to build
 *   repositories, and the bulk loaders (demo content, CSV import) to run their one long transaction
 *   over their repositories; neither imports Drizzle or a table.
 */
const drizzleAndTables = [
  { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only *.repository.ts files use Drizzle: move the query into the owning module\'s repository.' },
  { group: ['**/db/schema.js', '**/*.schema.js'], message: 'Only *.repository.ts files use the tables: ask the owning module\'s repository.' },
];
const databaseHandle = {
  group: ['**/db/database.js'],
  message: 'Services take repositories (and a Transactor for transactions), never the database handle.',
};
const server = 'apps/server';
const databaseOwners = [
  `${server}/src/**/*.repository.ts`,
  `${server}/src/**/*.schema.ts`,
  `${server}/src/db/**`,
  `${server}/**/*.test.ts`,
  `${server}/test/**`,
  `${server}/bench/**`,
];
const handleHolders = [
  `${server}/src/app.ts`,
  `${server}/src/main.ts`,
  `${server}/scripts/**`,
  `${server}/src/modules/demo/demo-seed.ts`,
  `${server}/src/modules/registration-import/registration-import.ts`,
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', 'data/**', '**/drizzle/meta/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: [`${server}/**/*.ts`],
    ignores: [...databaseOwners, ...handleHolders],
    rules: { 'no-restricted-imports': ['error', { patterns: [...drizzleAndTables, databaseHandle] }] },
  },
  {
    files: handleHolders,
    rules: { 'no-restricted-imports': ['error', { patterns: drizzleAndTables }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
