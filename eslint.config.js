import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import boundaries of the web app: routes and layouts → features → components / lib; no cycles.
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
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
);
