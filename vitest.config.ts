import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './apps/web/react-runtime.js';

/** Test files at once: Vitest's own default (the cores less one), but never fewer than two. */
const workers = Math.max(2, availableParallelism() - 1);

/**
 * Vitest's default of the cores less one ran one test file at a time on CI's two cores (decision 036): unit and API
 * files run `workers` at a time; the end-to-end files one at a time (each starts the product and a Chromium, and two
 * at once made a phone-sized page miss its dialog on a loaded machine).
 *
 * Three projects, one runner:
 * - unit: pure rules and helpers (contract, server units, web helpers, locale completeness), the game SDK and
 *         the demo game (a loopback server, no database);
 * - api: the real app on a real PostgreSQL (embedded by default, TEST_DATABASE_URL otherwise),
 *        a fresh database per test file cloned from a migrated template (see apps/server/test/global-setup.ts);
 * - e2e: the built app started as `npm start` does, driven by Debian's Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // The web's screens run on Preact here as in the browser (decision 056): Vite's aliases for what it
          // transforms, Node's resolve hook for the libraries Node loads itself. Nothing else imports React.
          alias: PREACT_ALIASES,
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/demo-game/test/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'apps/web/test/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['./apps/web/test/support/preact-in-node.ts', './test/fail-on-console.ts'],
          maxWorkers: workers,
          // Generous: component tests render whole screens, and a loaded machine is slow, not wrong.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/api/**/*.test.ts'],
          globalSetup: ['./apps/server/test/global-setup.ts'],
          setupFiles: ['./test/fail-on-console.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // Fails every test on a browser console error, page error, failed request, 5xx or server error log.
          setupFiles: ['./e2e/setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
