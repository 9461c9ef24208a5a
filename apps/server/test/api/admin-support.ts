import type { CallInput, CallName, OperatorRole } from '@promoter/contract';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { options } from '../../src/db/schema';
import { api, build, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';
import { asOperator, createTestOperator, operatorToken } from '../operator-factories';

/** Shared set-up of the operator console's API tests (not a test file itself). */

/**
 * The test file's app, built before its tests and closed after them; with `checkLedger`, the ledger's invariants are
 * asserted after each test. Its `app` and `db` are those of the built app (read them inside hooks and tests).
 */
export function useAdminTestApp(options: { checkLedger?: boolean } = {}): TestApp {
  let built: TestApp | undefined;
  const current = (): TestApp => {
    if (!built) throw new Error('the test app is not built yet');
    return built;
  };
  beforeAll(async () => {
    built = await build();
  });
  if (options.checkLedger) afterEach(async () => assertLedgerInvariants(current().db));
  afterAll(async () => built?.close());
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    close: () => current().close(),
  };
}

/** One signed-in operator per role asked (created straight in the database): their session tokens, in that order. */
export async function signInOperators<const R extends readonly OperatorRole[]>(
  t: TestApp,
  roles: R,
): Promise<{ [K in keyof R]: string }> {
  const tokens: string[] = [];
  for (const role of roles) tokens.push(await operatorToken(t.db, (await createTestOperator(t.db, role)).id));
  return tokens as { [K in keyof R]: string };
}

/** Calls an operator call with the session of `token` (in X-Operator-Token). */
export function adminApi(t: TestApp) {
  return <N extends CallName>(name: N, token: string, input: CallInput<N>) =>
    api(t.app, name, { input, ...asOperator(token) });
}

/** Sets options straight in the database (as the console's settings would), for the tests that depend on them. */
export async function setOptions(t: TestApp, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values))
    await t.db
      .insert(options)
      .values({ key, value, isPublic: false })
      .onConflictDoUpdate({ target: options.key, set: { value } });
}

/**
 * Daily solo limits out of the way (decision 037), for the files that test the one-item threshold and the state
 * machines with a few operators doing many items; the limits themselves are tested in operator-controls.test.ts.
 */
export const NO_DAILY_LIMITS = {
  'withdraw.soloDailyPerOperator': '99999999.00',
  'withdraw.soloDailyPerAgent': '99999999.00',
  'adjust.soloDailyPerOperator': '99999999.00',
  'adjust.soloDailyPerTarget': '99999999.00',
  'refund.soloDailyPerOperator': '99999999.00',
  'refund.soloDailyPerTarget': '99999999.00',
} as const;
