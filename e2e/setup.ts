import { afterEach } from 'vitest';
import { describeOpenPages, takePageProblems } from './browser';
import { takeServerErrors } from './server';

/**
 * A test that failed leaves in the log what each page it had open showed (address, text, a screenshot), so that a
 * failure seen only in CI's output can be read.
 *
 * Every e2e test fails, after it ends, on anything that went wrong on the way, without asking: a console error or
 * warning, a page error, a failed request or an answer of 500 and above in any page it opened, and a server log
 * line at error level. A test that causes one on purpose says so with `allow` (page) or `allowErrorLog` (server).
 */
afterEach(async ({ task }) => {
  if ((task.result?.errors?.length ?? 0) > 0) {
    for (const page of await describeOpenPages(task.name)) console.log(`[failed: ${task.name}] ${page}`);
  }
  const problems = [...takePageProblems(), ...takeServerErrors()];
  if (problems.length > 0) throw new Error(`problems during the test:\n${problems.join('\n')}`);
});
