import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import importPlugin from 'eslint-plugin-import';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'artifacts/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },

  // ---------------------------------------------------------------------------------------------------------------
  // Web client (apps/web): the direction of imports (docs/decisions/010-web-structure.md, docs/ARCHITECTURE.md).
  //   shared (api, components, config, hooks, i18n, lib, stores, theme) -> features/<name> -> shell -> app -> main.tsx
  // A layer imports its own layer and the layers before it; a feature imports only itself and shared; shared never
  // imports a feature, the shell or the app. And no import cycles anywhere in the web client.
  // ---------------------------------------------------------------------------------------------------------------
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries, import: importPlugin },
    settings: {
      // The entry point (main.tsx) starts the app: it is outside the layers.
      'boundaries/ignore': ['apps/web/src/main.tsx'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js'],
      'boundaries/elements': [
        ...['api', 'components', 'config', 'hooks', 'i18n', 'lib', 'stores', 'theme'].map((folder) => ({
          type: 'shared',
          pattern: `apps/web/src/${folder}`,
        })),
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'shell', pattern: 'apps/web/src/shell' },
        { type: 'app', pattern: 'apps/web/src/app' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{ from.element.type }} may not import {{ to.element.type }} {{ to.element.captured.feature }}: imports point shared -> features -> shell -> app (docs/decisions/010-web-structure.md)',
          policies: [
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'shared' } } } },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: {
                  element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } },
                },
              },
            },
            {
              from: { element: { type: 'shell' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'shell'] } } } },
            },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'feature', 'shell', 'app'] } } } },
            },
          ],
        },
      ],
      // Every file of the client belongs to a layer.
      'boundaries/no-unknown-files': 'error',
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
