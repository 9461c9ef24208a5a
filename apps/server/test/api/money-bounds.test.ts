import { randomUUID } from 'node:crypto';
import { ResponseCode } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, fund, signIn } from '../factories';
import { api, build, type TestApp } from '../helper';
import { agentOwner } from './money-support';

/** Amounts past what anyone holds are refused before anything is written: a clear answer, never a 500. */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await build();
  const agent = await createAgent(t.db, { level: 1 });
  await fund(t.db, agentOwner(agent.agentId), 'balance', 100); // 1.00
  token = await signIn(t.app, t.db, agent.playerId);
});
afterAll(async () => t.close());

const exchange = (amount: string) =>
  api(t.app, 'withdrawExchange', { token, input: { amount, requestId: randomUUID() } });

const rows = async () =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from exchanges`)).rows[0]?.n;

describe('withdrawExchange with amounts out of reach', () => {
  it('refuses 9999999999 and 1380000000 as out of range (400 naming the field), writing nothing', async () => {
    for (const amount of ['9999999999', '1380000000', '1000000.01']) {
      const answer = await exchange(amount);
      expect(answer).toMatchObject({ status: 400, code: ResponseCode.failure, data: null });
      expect(answer.msg).toContain('amount');
    }
    expect(await rows()).toBe(0);
  });

  it('refuses the largest amount the contract takes with 余额不足 before writing the exchange', async () => {
    const answer = await exchange('1000000.00');
    expect(answer).toEqual({ status: 200, code: ResponseCode.failure, msg: '余额不足', data: null });
    expect(await rows()).toBe(0);
    const fits = await exchange('1.00');
    expect(fits).toMatchObject({ status: 200, code: 1, data: { diamondsAdded: 2, balance: '0.00' } });
  });
});
