import nodeModule from 'node:module';
import { options } from 'preact';
import { PREACT_ALIASES } from '../../react-runtime';
// What main.tsx adds to Preact, for the screens the tests draw without it.
import '../../src/lib/preact-auto-focus';

/**
 * The tests' own code and the libraries Vitest bundles meet the aliases of react-runtime.ts through Vite; the
 * libraries Node loads itself (CommonJS ones such as use-sync-external-store, react-is) are pointed at Preact here,
 * for `require` and `import` alike, so that no test runs a second React beside it (decision 056).
 */
type Resolve = (specifier: string, context: unknown) => unknown;
// Node 22.15 and later (the project runs on 24); the installed types are Node 20's.
const { registerHooks } = nodeModule as unknown as {
  registerHooks(hooks: { resolve(specifier: string, context: unknown, nextResolve: Resolve): unknown }): void;
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    const alias = PREACT_ALIASES.find(({ find }) => find.test(specifier));
    return nextResolve(alias ? alias.replacement : specifier, context);
  },
});

// Preact runs effects after the next frame (requestAnimationFrame, with a time-out beside it); a test's environment is
// gone by the time such a frame's time-out fires at its end ("cancelAnimationFrame is not defined"). Here effects run
// in the next task, as a test expects of React's.
options.requestAnimationFrame = (callback) => setTimeout(callback, 0);
