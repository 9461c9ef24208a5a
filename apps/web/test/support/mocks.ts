import { type CallName, calls } from '@promoter/contract';
import { vi } from 'vitest';

/**
 * The stand-ins of the modules a screen's test replaces: the API client's `request`, the toasts and the progress
 * bar. vi.mock is hoisted per file, so each test file names the modules itself and points them here:
 * `vi.mock('../src/api/client', () => import('./support/mocks'))`, then reads `request` through
 * `await import('./support/mocks')`, the same instance.
 *
 * `request` is a spy (tests program its answers and read its calls), and every answer it gives the screen is parsed
 * with its call's data schema first, as the real client does: a fixture that drifts from the contract
 * fails its test instead of showing a screen data the server could never send.
 */
const spy = vi.fn();
export const request = new Proxy(spy, {
  apply(target, thisArg, args: unknown[]) {
    const answer: unknown = Reflect.apply(target, thisArg, args);
    const name = args[0] as CallName;
    return Promise.resolve(answer).then((data) => {
      if (!(name in calls)) return data;
      const parsed = calls[name].data.safeParse(data);
      if (parsed.success) return parsed.data;
      // Said on the console, which fails the test (test/fail-on-console.ts) with what drifted, not a screen that waits.
      console.error(`the mocked answer of ${name} breaks the contract: ${parsed.error.message}`);
      throw parsed.error;
    });
  },
});
export const notify = { error: vi.fn(), success: vi.fn(), info: vi.fn(), closeAll: vi.fn() };
export const progress = { start: vi.fn(), done: vi.fn() };
