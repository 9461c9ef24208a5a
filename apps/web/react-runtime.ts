/**
 * The web writes React and runs it on Preact (decision 056): every import of `react` and `react-dom`, the app's and its
 * libraries' (MUI, TanStack Query, react-hook-form, zustand, recharts), resolves to `preact/compat`, which keeps
 * React's API in about 10 KB instead of React's 69. The build, the development server and the tests take these
 * aliases from here, so what a test renders is what a phone runs. The types stay React's (`@types/react`).
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
