import { afterEach } from 'vitest';
import { takePageProblems } from './browser';
import { takeServerErrors } from './server';

/**
 * Every e2e test fails, after it ends, on anything that went wrong on the way, without asking: a console error or
 * warning, a page error, a failed request or an answer of 500 and above in any page it opened, and a server log
 * line at error level. A test that causes one on purpose says so with `allow` (page) or `allowErrorLog` (server).
 */
afterEach(() => {
  const problems = [...takePageProblems(), ...takeServerErrors()];
  if (problems.length > 0) throw new Error(`problems during the test:\n${problems.join('\n')}`);
});
