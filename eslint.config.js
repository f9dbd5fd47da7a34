import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
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
  `${server}/src/modules.ts`,
  `${server}/src/main.ts`,
  `${server}/scripts/**`,
  `${server}/src/modules/demo/demo-seed.ts`,
  `${server}/src/modules/demo/demo-buying.ts`,
  `${server}/src/modules/registration-import/registration-import.ts`,
];

/*
 * Linted with type information (typescript-eslint's type-checked rules: unhandled promises, async
 * callbacks where a sync one is expected, `any` flowing unchecked). Each folder is checked through its
 * own tsconfig.json.
 */
const typeCheckedFolders = ['packages/contracts', 'packages/client', 'apps/server', 'e2e', 'apps/web'];
/** Files outside every tsconfig.json, checked with the server's compiler options (Node, ESM). */
const outsideTsconfigs = ['eslint.config.js', 'vitest.config.ts', `${server}/scripts/unqualify-migrations.mjs`];
const typeChecked = [...typeCheckedFolders.map((folder) => `${folder}/**/*.{ts,tsx,mts,cts,js,mjs}`), ...outsideTsconfigs];

/** import-x resolves imports through a folder's own tsconfig.json (for the cycle and boundary rules). */
/** @param {string} project */
const importSettings = (project) => ({
  ...importX.flatConfigs.typescript.settings,
  'import-x/resolver-next': [createTypeScriptImportResolver({ project })],
});

/** Pages import values of the contracts only from its /constants and /forms entries. */
const contractsValues = {
  name: '@fuliaotong/contracts',
  allowTypeImports: true,
  message:
    'Pages import types only from the contracts: values from @fuliaotong/contracts/constants, form schemas from @fuliaotong/contracts/forms.',
};

/** What no file of the web app writes (each selector with the way to do it instead). */
const webSyntax = [
  {
    selector: 'Literal[value=/^\\/api\\//]',
    message: 'Call the API with api().call(operation, …): paths come from the endpoint table.',
  },
  {
    selector: 'TemplateElement[value.raw=/^\\/api\\//]',
    message: 'Call the API with api().call(operation, …): paths come from the endpoint table.',
  },
  // antd's icons name themselves in English ("search", "shopping-cart"): an icon that decorates a
  // control (which carries its own name) is aria-hidden; one that alone says what something is gets
  // a Chinese aria-label. antd's icons inside its own controls: site/component-icons.tsx.
  {
    selector:
      'JSXOpeningElement[name.name=/(Outlined|Filled|TwoTone)$/]:not(:has(JSXAttribute[name.name=/^aria-(hidden|label)$/]))',
    message: 'Give the icon aria-hidden (it decorates a named control) or a Chinese aria-label (it alone says what this is).',
  },
  {
    selector: 'JSXOpeningElement[name.name="Segmented"]:not(:has(JSXAttribute[name.name="aria-label"]))',
    message: 'Name the choice in Chinese with aria-label (antd calls every Segmented "segmented control").',
  },
  // antd's App context (modal, message, notification) is not around the pages: it weighed on every
  // signed-in page's first load (docs/decisions/0075).
  {
    selector: "ImportDeclaration[source.value='antd'] > ImportSpecifier[imported.name='App']",
    message: 'Ask before an action with useConfirm (components/confirm.tsx); short messages are the toast (components/toast.tsx).',
  },
];

/*
 * One query idiom (docs/decisions/0049, 0054): only the feature api modules (`*-api.ts`) and the client's
 * own files in app/lib call the API client or wrap a change in `useMutation`; pages and components use
 * their factories and hooks (forms through lib/mutation-form.tsx).
 */
const dataCallsOnlyInApiModules = [
  {
    selector: "ImportDeclaration[source.value='@tanstack/react-query'] > ImportSpecifier[imported.name='useMutation']",
    message: 'Changes are hooks in the feature\'s *-api.ts (useXxx() around useMutation, with their invalidations): call that hook here.',
  },
  {
    selector: "CallExpression[callee.name='api']",
    message: 'Only the feature\'s *-api.ts calls the API client: read through its xxxQuery() factory, change through its useXxx() hook.',
  },
];
/** A hook that answers `useQuery(…)` as it is: components call useQuery(xxxQuery(…)) themselves. */
const queryWrapperHook = {
  selector:
    ':matches(FunctionDeclaration[id.name=/^use[A-Z]/], VariableDeclarator[id.name=/^use[A-Z]/] > ArrowFunctionExpression) > BlockStatement > ReturnStatement > CallExpression[callee.name=/^use(Suspense)?Query$/], VariableDeclarator[id.name=/^use[A-Z]/] > ArrowFunctionExpression > CallExpression.body[callee.name=/^use(Suspense)?Query$/]',
  message: 'Export the read as an xxxQuery() factory (queryOptions) and let the component call useQuery(xxxQuery(…)); a hook may wrap a query only to derive something from it.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/build/**', '**/builds/**', '**/.react-router/**', 'data/**', '**/drizzle/meta/**', 'apps/server/dist/**'],
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
    files: typeChecked,
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: outsideTsconfigs, defaultProject: `${server}/tsconfig.json` },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      // Fastify plugins, hooks and handlers are async by convention (avvio and the router wait on the
      // returned promise), with or without an `await` inside; unhandled promises are no-floating-promises'.
      '@typescript-eslint/require-await': 'off',
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
  // Behind PgBouncer in transaction mode (docs/decisions/0059) consecutive statements of a client may run
  // on different server connections, and 1.18 keeps no prepared statements: a named one (drizzle's
  // `.prepare(name)`) is made on one and missing, or already there, on the next. Unnamed statements
  // (every query as it is written) live within one round trip and are fine.
  {
    files: [`${server}/src/**/*.ts`, `${server}/scripts/**/*.ts`],
    ignores: [`${server}/**/*.test.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: 'No named prepared statements: they break behind PgBouncer in transaction mode (docs/decisions/0059). Run the query as it is.',
        },
      ],
    },
  },
  // A module's manifest (docs/decisions/0053) builds its repositories on the handle and lists its own
  // tables; the kernel names the handle's type. Neither queries: Drizzle's types only.
  {
    files: [`${server}/src/modules/*/*.module.ts`, `${server}/src/kernel/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: drizzleAndTables[0].message },
            { group: ['../*/*.schema.js', '**/db/schema.js'], message: 'A manifest lists its own tables only.' },
          ],
        },
      ],
    },
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
  // The web app's own allowances under the type-checked rules:
  // - React Router's loaders throw `redirect()` and `data()` responses by design;
  // - antd takes promise-returning handlers where they mean something (Popconfirm's onConfirm shows a
  //   spinner until the promise settles) and message.* return thenables, so JSX attributes and object
  //   properties may be async; a promise passed as a plain function argument is still an error.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: ['DataWithResponseInit', 'UNSAFE_DataWithResponseInit'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, properties: false } }],
    },
  },
  // The API client (packages/client) is the web's and the mini-program's (docs/decisions/0051): it
  // imports only the contracts and uses nothing of a browser or of Node but what it declares (a
  // `fetch` it is given, URLSearchParams, FormData where there is one). Its tests run on Node.
  {
    files: ['packages/client/src/**/*.ts'],
    ignores: ['packages/client/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.|@fuliaotong/contracts(/|$))',
              message: 'The API client imports only the contracts: a front end passes what is its own (fetch, the token, what a 401 does).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'location', 'navigator', 'process', 'Buffer'].map((name) => ({
          name,
          message: 'The API client runs in every front end: a browser or Node global is passed in as an option.',
        })),
      ],
    },
  },
  // The web calls the API only through the client typed from the endpoint table (docs/decisions/0013):
  // no API path is written anywhere else, and the contracts' zod schemas are imported as types only
  // (labels and limits come from `@fuliaotong/contracts/constants`, form schemas from `/forms`).
  // Reads are `queryOptions` factories used as `useQuery(xxxQuery(…))`, never hooks that only wrap
  // `useQuery` (docs/decisions/0049).
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...webSyntax, queryWrapperHook],
      'no-restricted-imports': ['error', { paths: [contractsValues] }],
    },
  },
  // Only the feature api modules and the client's own files (lib/api.ts, the download helper lib/save-file.ts)
  // call the API client or wrap a change in useMutation.
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/**/*-api.ts', 'apps/web/app/lib/{api,save-file}.ts', 'apps/web/app/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...webSyntax, queryWrapperHook, ...dataCallsOnlyInApiModules] },
  },
  // The public shell loads without antd (docs/decisions/0036): root, the default layout's header, side
  // panel and footer, the pages outside antd's scope (routes.ts) and the parts they show. The build's
  // JavaScript budget catches what comes in through other imports.
  {
    files: [
      'apps/web/app/root.tsx',
      'apps/web/app/layouts/default/{default-layout,site-header,side-panel,site-footer}.tsx',
      // Every public page (routes.ts: outside antd's scope).
      'apps/web/app/routes/{home,home-back,about,databases,links,agreement,privacy,not-found,root-redirect}.tsx',
      'apps/web/app/routes/{excipients,excipient-detail,registrations,database-records,database-record,self-check}.tsx',
      'apps/web/app/routes/{regulations,news,news-detail,search}.tsx',
      // The sign-in pages (docs/decisions/0067).
      'apps/web/app/routes/{login,register,forgot-password}.tsx',
      // The plain components and feature parts they show.
      'apps/web/app/components/{error-view,count-badge,status-tag,reload-on-new-build,loading-indicator,page-heading,company-lines}.tsx',
      'apps/web/app/components/{toast,notice,load-state,list-pager,breadcrumb,filter-fields,data-table,record-cards,segmented-links,toggle-button}.tsx',
      'apps/web/app/components/{auth-shell,form-field}.tsx',
      'apps/web/app/lib/plain-form.ts',
      'apps/web/app/features/session/{auth-checks,session-api,login-redirect}.ts',
      'apps/web/app/features/verification/{plain-code-fields,use-code-sender,verification-api}.{ts,tsx}',
      'apps/web/app/features/excipient/excipient-card.tsx',
      'apps/web/app/features/sample-cart/{add-to-cart,quantity-input}.tsx',
      'apps/web/app/features/registration/review-status-tag.tsx',
      'apps/web/app/features/registration-watch/watch-buttons.tsx',
      'apps/web/app/features/reference/{database-card,database-records,locked-field}.tsx',
      'apps/web/app/features/article/{article-lists,rich-text,article-api}.{ts,tsx}',
      'apps/web/app/features/search/{home-search,search-api}.{ts,tsx}',
      'apps/web/app/features/favorite/favorite-button.tsx',
      'apps/web/app/features/account/user-display.tsx',
      'apps/web/app/features/legal/policy-page.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [contractsValues],
          patterns: [
            {
              group: ['antd', 'antd/*'],
              allowTypeImports: true,
              message: 'The public shell loads without antd: plain markup and the site CSS, or a lazy part inside AntdScope (lib/antd-scope.tsx).',
            },
          ],
        },
      ],
    },
  },
  // Import boundaries of the web app: routes and layouts → features → components / lib; no cycles.
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    settings: importSettings('apps/web/tsconfig.json'),
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'apps/web/app/features',
              from: ['apps/web/app/routes', 'apps/web/app/layouts', 'apps/web/app/root.tsx'],
              message: 'Features never import routes or layouts.',
            },
            {
              target: ['apps/web/app/lib', 'apps/web/app/components'],
              from: ['apps/web/app/features', 'apps/web/app/routes', 'apps/web/app/layouts', 'apps/web/app/root.tsx'],
              message: 'lib and components are below the features: they never import features, routes or layouts.',
            },
            {
              target: 'apps/web/app/routes',
              from: 'apps/web/app/layouts',
              message: 'Routes do not import layouts (the route table in app/routes.ts puts them together).',
            },
          ],
        },
      ],
    },
  },
  // The server's modules form an acyclic graph over the identity core, db, http and the kernel
  // (docs/decisions/0053; src/module-graph.test.ts computes the module graph and also fails on a cycle).
  {
    files: [`${server}/src/**/*.ts`],
    ignores: [`${server}/src/**/*.test.ts`],
    plugins: { 'import-x': importX },
    settings: importSettings(`${server}/tsconfig.json`),
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ['db', 'kernel', 'shared', 'logging', 'config'].map((folder) => `${server}/src/${folder}`),
              from: `${server}/src/modules`,
              message: 'db, the kernel and the shared helpers are below every module: they import none (the composition root, src/modules.ts, puts them together).',
            },
          ],
        },
      ],
    },
  },
);
