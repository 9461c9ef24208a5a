import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import importPlugin from 'eslint-plugin-import';

/** Libraries the web replaced with its own (decisions 051, 052): a stray import would bring them back on the path. */
const WEB_OWN_LIBRARIES = [
  {
    group: ['react-router', 'react-router/*', 'react-router-dom'],
    message: 'The web has its own router: src/router (decision 052).',
  },
  { group: ['i18next', 'react-i18next'], message: 'The web has its own i18n: src/i18n (decision 051).' },
  {
    group: ['preact', 'preact/*'],
    message:
      "The web is written to React's API, which Preact runs through aliases (react-runtime.ts, decision 056).",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'apps/server/.build-*/**',
      '**/node_modules/**',
      '.cache/**',
      'data/**',
      'artifacts/**',
      'apps/server/drizzle/**',
    ],
  },
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

  // The phone layer (decision 049): the agent's side is drawn with src/ui and static CSS; MUI and Emotion only where
  // they stay (the console, the template dashboards and cart, the customizer, the MUI scope and theme they share).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/features/admin/**',
      'apps/web/src/features/dashboard/**',
      'apps/web/src/features/ecommerce/**',
      'apps/web/src/shell/customizer/**',
      'apps/web/src/theme/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mui/*', '@emotion/*'],
              message: 'The agent side uses src/ui and CSS modules (decision 049); MUI stays in the console.',
            },
            ...WEB_OWN_LIBRARIES,
          ],
        },
      ],
    },
  },
  // The same rule where MUI stays: the router and the texts are the app's own there too.
  {
    files: [
      'apps/web/src/features/admin/**/*.{ts,tsx}',
      'apps/web/src/features/dashboard/**/*.{ts,tsx}',
      'apps/web/src/features/ecommerce/**/*.{ts,tsx}',
      'apps/web/src/shell/customizer/**/*.{ts,tsx}',
      'apps/web/src/theme/**/*.{ts,tsx}',
      'apps/web/test/**/*.{ts,tsx}',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: WEB_OWN_LIBRARIES }] },
  },
  // The two modules that speak to Preact itself: what it lacks of React's (autoFocus), and the tests' resolution.
  {
    files: ['apps/web/src/lib/preact-auto-focus.ts', 'apps/web/test/support/preact-in-node.ts'],
    rules: { 'no-restricted-imports': 'off' },
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
        ...['api', 'components', 'config', 'hooks', 'i18n', 'lib', 'router', 'stores', 'theme', 'ui'].map(
          (folder) => ({
            type: 'shared',
            pattern: `apps/web/src/${folder}`,
          }),
        ),
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

  // ---------------------------------------------------------------------------------------------------------------
  // Server (apps/server): the direction of imports (docs/decisions/017-server-layering.md, docs/ARCHITECTURE.md).
  //   errors.ts, i18n/, config.ts  <-  db/, platform/  <-  modules/<name> services  <-  modules/<name>/*-routes.ts,
  //   http/, plugins/  <-  app.ts, seed/, main.ts
  // Services never import the HTTP layer (only a module's *-routes.ts declares calls through http/); nothing but
  // app.ts imports a *-routes.ts; modules import only modules of an earlier layer of SERVER_MODULE_LAYERS, so
  // modules cannot form cycles; and no file-level import cycles anywhere in the server.
  // ---------------------------------------------------------------------------------------------------------------
  {
    files: ['apps/server/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js', '.json'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/extensions': ['.ts', '.js'],
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        { basePath: `${import.meta.dirname}/apps/server/src`, zones: serverZones() },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);

// ---- The server's import zones (the apps/server block above) ------------------------------------------------------
/** The zones of import/no-restricted-paths for apps/server/src (paths relative to it). */
function serverZones() {
  /**
   * The server's modules, lower layers first. A module imports only itself and modules of earlier layers, so they form
   * no cycle; a new module folder gets a place here.
   */
  const SERVER_MODULE_LAYERS = [
    // game-delivery: the game's outbox and its delivery (decision 040), read by the ledger's bills and the shop.
    ['game-delivery'],
    ['options', 'ledger', 'audit', 'notifications'],
    // controls: the two-person rule of the money operators move (decision 037), read by withdrawals and backoffice.
    ['agents', 'content', 'payout', 'controls'],
    // refunds (decision 043): the two-person rule, the ledger's clawback; read by the console's orders (catalog).
    ['players', 'payments', 'withdrawals', 'dashboards', 'refunds'],
    ['auth'],
    // payout-transfers (decision 046): the job that pays approved withdrawals through the provider's transfer.
    ['game', 'shop', 'payout-transfers'],
    ['operators', 'backoffice', 'catalog'],
    // reconciliation (decision 045): the provider's bill against orders, refunds and transfers; exported by reports.
    ['reconciliation'],
    // The reports read the lists of every module (their filters): after all of them. game-admin, the console's page
    // of the game's deliveries, takes the owner's code from operators.
    ['reports', 'game-admin'],
    // payout-files (decision 044): the bank's and Alipay's files, written with the reports' CSV cells.
    ['payout-files'],
  ];
  const COMPOSITION = ['app.ts', 'main.ts', 'seed'];

  const moduleZones = SERVER_MODULE_LAYERS.flatMap((layer, index) =>
    layer.map((name) => ({
      target: `modules/${name}`,
      from: [...layer.filter((other) => other !== name), ...SERVER_MODULE_LAYERS.slice(index + 1).flat()].map(
        (other) => `modules/${other}`,
      ),
      message: `modules/${name} may import only modules of earlier layers (eslint.config.js SERVER_MODULE_LAYERS): modules form no cycle`,
    })),
  );
  return [
    {
      target: 'modules/**/!(*-routes).ts',
      from: ['http', 'plugins', ...COMPOSITION],
      message:
        'services own rules and SQL and know nothing of HTTP or the composition (app.ts, main.ts, seed/): only a module’s *-routes.ts imports http/; errors live in src/errors.ts',
    },
    {
      target: 'modules/**/*-routes.ts',
      from: ['plugins', ...COMPOSITION],
      message:
        'routes declare calls through http/; plugins and the composition (app.ts, main.ts, seed/) sit above them',
    },
    {
      target: ['modules', 'http', 'plugins', 'platform', 'db', 'seed', 'main.ts'],
      from: ['modules/*/*-routes.ts'],
      message: 'routes are registered by app.ts only: call the module’s service instead',
    },
    {
      target: 'platform',
      from: ['modules', 'http', 'plugins', 'db', ...COMPOSITION],
      message: 'platform/ adapts the outside world and knows nothing of the domain, the database or HTTP',
    },
    {
      target: 'db',
      from: ['modules', 'http', 'plugins', 'platform', ...COMPOSITION],
      message: 'db/ holds the schema and the connection: it imports no module, adapter or HTTP code',
    },
    {
      target: ['errors.ts', 'i18n', 'config.ts', 'crypto'],
      from: ['modules', 'http', 'plugins', 'platform', 'db', ...COMPOSITION],
      message:
        'errors, messages, configuration and sealing (crypto/) are the foundation: they import nothing of the server above them',
    },
    ...moduleZones,
  ];
}
