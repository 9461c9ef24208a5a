import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_RATE_LIMIT } from '../../src/http/rate-limits';
import { createAgent, createPlayer, signIn } from '../factories';
import { build, type TestApp } from '../helper';
import { CapturingSmsProvider } from '../stand-ins/sms-capture';
import { apiUnchecked, cn, newMobile } from './identity-support';

/**
 * Decision 014: what a rate limit counts. Calls anyone may make (logins, captcha) count per address, whatever token
 * rides along; signed-in calls count per account, whichever of its sessions makes them.
 */

let t: TestApp;
const sms = new CapturingSmsProvider();

beforeAll(async () => {
  t = await build({}, undefined, { sms });
});
afterAll(async () => t.close());

/** A fresh valid session token of a fresh player each time. */
const freshToken = async () => signIn(t.app, t.db, await createPlayer(t.db));

describe('anonymous calls count per address', () => {
  const cases = [
    {
      name: 'loginById',
      limit: 20,
      body: () => ({ agentId: 7_100_000 + Math.floor(Math.random() * 1000), password: 'guess' }),
    },
    { name: 'getCaptcha', limit: 10, body: () => ({ mobile: newMobile(), purpose: 'register' }) },
    { name: 'tokenLogin', limit: 30, body: () => ({ token: randomBytes(16).toString('hex') }) },
  ] as const;

  for (const c of cases) {
    it(`${c.name}: once an address has spent its budget, a valid session token does not buy a new one`, async () => {
      const ip = `10.77.${cases.indexOf(c)}.1`;
      for (let i = 0; i < c.limit; i++) {
        const result = await apiUnchecked(t.app, c.name, { input: c.body(), ip });
        expect(result.status, `call ${i + 1}`).toBe(200);
      }
      // Each further call carries a different valid token: every one of them is still limited.
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const result = await apiUnchecked(t.app, c.name, { input: c.body(), ip, token: await freshToken() });
        statuses.push(result.status);
      }
      expect(statuses).toEqual(Array.from({ length: 10 }, () => 429));
      // Another address still goes on.
      expect(
        (await apiUnchecked(t.app, c.name, { input: c.body(), ip: `10.77.${cases.indexOf(c)}.2` })).status,
      ).toBe(200);
    });
  }
});

describe('signed-in calls count per account', () => {
  it(`money calls: a second session of the same agent shares the budget of ${MONEY_RATE_LIMIT} a minute`, async () => {
    const agent = await createAgent(t.db);
    const first = await signIn(t.app, t.db, agent.playerId);
    // An empty body fails the schema (400): the call is counted and nothing moves.
    for (let i = 0; i < MONEY_RATE_LIMIT; i++) {
      const result = await apiUnchecked(t.app, 'recharge', { input: {}, token: first });
      expect(result.status, `call ${i + 1}`).toBe(400);
    }
    const second = await signIn(t.app, t.db, agent.playerId);
    const limited = await apiUnchecked(t.app, 'recharge', { input: {}, token: second });
    expect(limited.status).toBe(429);
    expect(limited.msg).toBe(cn('tooManyRequests'));
    // Another agent keeps its own budget.
    const other = await createAgent(t.db);
    const otherToken = await signIn(t.app, t.db, other.playerId);
    expect((await apiUnchecked(t.app, 'recharge', { input: {}, token: otherToken })).status).toBe(400);
  });
});
