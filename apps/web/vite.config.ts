import { createHash } from 'node:crypto';
import path from 'node:path';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { bootPreloads, bootShell, firstRouteChunk } from './boot-shell-plugin';
import { pageStylesWin } from './build/page-styles-win';
import { PREACT_ALIASES } from './react-runtime';
import { AGENT_AREAS, START_AREAS } from './src/i18n/areas';
import { precompress } from './precompress';

// The SPA is served by the API server at `/` and uses hash routing, so relative asset URLs (base './')
// work wherever the server mounts it. In dev and preview, `/api` goes to the local server.
/** A language's texts of these areas: their locale files (the shell's file with `withShell`) and their merged module. */
function textsOf(areas: readonly string[], module: string, withShell: boolean): RegExp {
  const folders = `(?:${areas.join('|')})[\\\\/]`;
  const locale = `locales[\\\\/]${withShell ? `(?:${folders})?` : folders}(\\w+)\\.json`;
  return new RegExp(`[\\\\/]i18n[\\\\/](?:${locale}|${module}[\\\\/](\\w+)\\.ts)$`);
}
const START_TEXTS = textsOf(START_AREAS, 'start-texts', true);
const AGENT_TEXTS = textsOf(AGENT_AREAS, 'agent-texts', false);
/** The script a language's texts go in: its first texts, or its agent areas' (src/i18n/resources.ts). */
function textsChunk(id: string): string | null {
  const start = START_TEXTS.exec(id);
  if (start) return `texts-${start[1] ?? start[2]}`;
  const agent = AGENT_TEXTS.exec(id);
  return agent ? `texts-agent-${agent[1] ?? agent[2]}` : null;
}
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

export default defineConfig({
  base: './',
  // React's API on Preact (decision 056): the aliases in react-runtime.ts, shared with the tests.
  resolve: { alias: PREACT_ALIASES },
  plugins: [
    // JSX through React's names (the aliases make them Preact's), Preact's hot reload and its devtools in development.
    preact({
      reactAliasesEnabled: false,
      jsxImportSource: 'react',
      prerender: { enabled: false },
      // Preact's devtools and warnings in the development server, not in a test's build.
      devToolsEnabled: process.env.VITEST ? false : undefined,
    }),
    bootShell(),
    bootPreloads(),
    precompress(),
  ],
  css: {
    postcss: { plugins: [pageStylesWin] },
    // A CSS module's class is a short hash of its file and name in production (the class maps ride in the scripts of
    // the phone's path), readable in development and tests.
    modules: {
      generateScopedName(name: string, file: string) {
        const where = path.relative(import.meta.dirname, file.split('?')[0] ?? file);
        const hash = createHash('sha256').update(`${where}:${name}`).digest('base64url').slice(0, 6);
        return process.env.NODE_ENV === 'production' ? `_${hash}` : `${name}_${hash}`;
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Game web views and WeChat's browser lag behind desktop Chrome; keep the syntax they understand.
    target: ['es2020', 'chrome87', 'safari14'],
    chunkSizeWarningLimit: 700,
    // Fewer, larger scripts on a phone's path (decision 029): everything the entry imports is one chunk (all of it
    // runs at start anyway), and the icons one chunk of their own (a chunk each made dozens of tiny requests).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'] },
            { name: 'icons', test: /node_modules[\\/]@mui[\\/]icons-material/ },
            // A language's first texts (the shell's and the session pages' area) in one file per language, and its
            // agent areas (src/i18n/resources.ts, AGENT_AREAS) in another, instead of a file each; the console's and
            // dashboards' areas stay apart.
            { name: textsChunk },
            // A first route's own modules in one script (the login page's, /agent/Main's: boot-shell-plugin.ts).
            { name: firstRouteChunk(import.meta.dirname), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});
