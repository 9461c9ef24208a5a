import { BillType, ResponseCode, calls } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents, exchanges } from '../../src/db/schema';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api, apiUnchecked, build, type TestApp } from '../helper';
import {
  accountValue,
  agentOwner,
  clearOption,
  entriesOfRef,
  expectLedgerConsistent,
  moneySnapshot,
  setOption,
  uuid,
  expectInvalid,
  expectRefusal,
} from './money-support';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
  await clearOption(t.db, 'price.level1');
});
afterAll(async () => t.close());

const exchange = (token: string | undefined, body: unknown, headers?: Record<string, string>) =>
  apiUnchecked(t.app, 'withdrawExchange', { token, input: body, headers });

/** A signed-in agent of `level` with `fen` on its balance and `diamonds` in stock. */
async function agentWith(level: 1 | 2 | 3, fen: number, diamonds = 0) {
  const parent = level > 1 ? await createAgent(t.db, { level: (level - 1) as 1 | 2 }) : undefined;
  const agent = await createAgent(t.db, { level, parentId: parent?.agentId ?? null });
  if (fen > 0) await fund(t.db, agentOwner(agent.agentId), 'balance', fen);
  if (diamonds > 0) await fund(t.db, agentOwner(agent.agentId), 'diamonds', diamonds);
  return { ...agent, token: await signIn(t.app, t.db, agent.playerId) };
}

describe('agent/user/withdrawExchange', () => {
  it('refuses an amount above the balance even when the whole diamonds it buys would fit', async () => {
    const agent = await agentWith(1, 1_000);
    const before = await moneySnapshot(t.db);
    const result = await exchange(agent.token, { amount: '10.49', requestId: uuid() });
    expect(result).toMatchObject({ code: ResponseCode.failure, data: null });
    expect(result.msg).toBe('余额不足');
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it('buys whole diamonds at the level price and leaves the remainder on the balance: two entries of type 8', async () => {
    const agent = await agentWith(1, 5_000, 7);
    const result = await exchange(agent.token, { amount: '10.25', requestId: uuid() });
    expect(result).toMatchObject({ status: 200, code: ResponseCode.success });
    expect(calls.withdrawExchange.data.parse(result.data)).toEqual(result.data);
    expect(result.data).toEqual({ diamondsAdded: 20, balance: '40.00', diamonds: 27 });
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(4_000);
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(27);

    const rows = await t.db.select().from(exchanges).where(eq(exchanges.agentId, agent.agentId));
    expect(rows).toEqual([expect.objectContaining({ amountFen: 1_000, priceFen: 50, diamonds: 20 })]);
    const entries = await entriesOfRef(t.db, 'exchange', String(rows[0]?.id));
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.currency === 'balance')).toMatchObject({
      ownerType: 'agent',
      ownerId: agent.agentId,
      amount: -1_000,
      after: 4_000,
      billType: BillType.exchange,
    });
    expect(entries.find((e) => e.currency === 'diamonds')).toMatchObject({
      ownerType: 'agent',
      ownerId: agent.agentId,
      amount: 20,
      after: 27,
      billType: BillType.exchange,
    });
  });

  it.each([
    [2 as const, '1.00', 1, '99.40'],
    [2 as const, '6.00', 10, '94.00'],
    [3 as const, '7.69', 10, '93.00'],
  ])('at level %i exchanges %s for %i diamonds', async (level, amount, diamonds, balance) => {
    const agent = await agentWith(level, 10_000);
    const result = await exchange(agent.token, { amount, requestId: uuid() });
    expect(result.data).toEqual({ diamondsAdded: diamonds, balance, diamonds });
  });

  it('uses the price the parent set over the level price', async () => {
    const agent = await agentWith(2, 10_000);
    await t.db.update(agents).set({ priceFen: 55 }).where(eq(agents.id, agent.agentId));
    const result = await exchange(agent.token, { amount: '11.50', requestId: uuid() });
    expect(result.data).toEqual({ diamondsAdded: 20, balance: '89.00', diamonds: 20 });
    const [row] = await t.db.select().from(exchanges).where(eq(exchanges.agentId, agent.agentId));
    expect(row).toMatchObject({ priceFen: 55, amountFen: 1_100, diamonds: 20 });
  });

  it('follows the operator’s level price option', async () => {
    await setOption(t.db, 'price.level1', '0.40');
    const agent = await agentWith(1, 10_000);
    const result = await exchange(agent.token, { amount: '10', requestId: uuid() });
    expect(result.data).toEqual({ diamondsAdded: 25, balance: '90.00', diamonds: 25 });
  });

  it('exchanges the whole balance', async () => {
    const agent = await agentWith(1, 500);
    const result = await exchange(agent.token, { amount: '5.00', requestId: uuid() });
    expect(result.data).toEqual({ diamondsAdded: 10, balance: '0.00', diamonds: 10 });
  });

  describe('refusals change nothing', () => {
    it('refuses an amount below one diamond, naming the price', async () => {
      const agent = await agentWith(1, 5_000);
      const before = await moneySnapshot(t.db);
      for (const amount of ['0.49', '0', '0.00']) {
        const result = await exchange(agent.token, { amount, requestId: uuid() });
        expect(result).toMatchObject({
          status: 200,
          code: 0,
          msg: '兑换金额不足一颗钻石（单价 0.50 元）',
          data: null,
        });
      }
      const en = await exchange(agent.token, { amount: '0.10', requestId: uuid() }, { 'x-lang': 'en' });
      expect(en.msg).toBe('The amount is less than one diamond (price 0.50 yuan)');
      expect(await moneySnapshot(t.db)).toEqual(before);
    });

    it('refuses more than the balance', async () => {
      const agent = await agentWith(1, 500, 3);
      const before = await moneySnapshot(t.db);
      const result = await exchange(agent.token, { amount: '10.00', requestId: uuid() });
      expect(result).toMatchObject({ status: 200, code: 0, msg: '余额不足', data: null });
      expect(await moneySnapshot(t.db)).toEqual(before);
      expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(3);
      expect(await t.db.select().from(exchanges).where(eq(exchanges.agentId, agent.agentId))).toHaveLength(0);
    });

    it('refuses an agent with no balance account at all', async () => {
      const agent = await agentWith(1, 0);
      const before = await moneySnapshot(t.db);
      expect((await exchange(agent.token, { amount: '1.00', requestId: uuid() })).msg).toBe('余额不足');
      expect(await moneySnapshot(t.db)).toEqual(before);
    });

    it.each([
      ['amount', { amount: 'abc' }],
      ['amount', { amount: '1.234' }],
      ['amount', { amount: '-1.00' }],
      ['amount', { amount: 10 }],
      ['requestId', { requestId: 'x' }],
    ])('answers 400 naming %s for %j', async (field, override) => {
      const agent = await agentWith(1, 5_000);
      const before = await moneySnapshot(t.db);
      const result = await exchange(agent.token, { amount: '10.00', requestId: uuid(), ...override });
      expectInvalid(result, field);
      expect(await moneySnapshot(t.db)).toEqual(before);
    });

    it('refuses a player session and no session', async () => {
      const token = await signIn(t.app, t.db, await createPlayer(t.db));
      const before = await moneySnapshot(t.db);
      const body = { amount: '10.00', requestId: uuid() };
      expectRefusal(await exchange(token, body), '仅推广员可以使用此功能');
      expect((await exchange(undefined, body)).code).toBe(ResponseCode.notSignedIn);
      expect(await moneySnapshot(t.db)).toEqual(before);
    });
  });

  describe('idempotency', () => {
    it('answers the same requestId twice with the identical result and applies it once', async () => {
      const agent = await agentWith(1, 5_000);
      const body = { amount: '10.25', requestId: uuid() };
      const first = await exchange(agent.token, body);
      expect(first.code).toBe(1);
      const afterFirst = await moneySnapshot(t.db);
      expect(await exchange(agent.token, body)).toEqual(first);
      expect(await moneySnapshot(t.db)).toEqual(afterFirst);
      expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(4_000);
    });

    it('refuses the same requestId with another amount and applies nothing', async () => {
      const agent = await agentWith(1, 5_000);
      const requestId = uuid();
      expect((await exchange(agent.token, { amount: '10.00', requestId })).code).toBe(1);
      const before = await moneySnapshot(t.db);
      const other = await exchange(agent.token, { amount: '12.00', requestId });
      expectRefusal(other, '请求编号已用于另一笔操作，请刷新后重试');
      expect(await moneySnapshot(t.db)).toEqual(before);
    });

    it('keeps a requestId of a recharge apart from an exchange of the same agent', async () => {
      const agent = await agentWith(1, 5_000, 100);
      const playerId = await createPlayer(t.db);
      const requestId = uuid();
      const recharge = await api(t.app, 'recharge', {
        token: agent.token,
        input: { playerId, diamonds: 10, requestId },
      });
      expect(recharge.code).toBe(1);
      const before = await moneySnapshot(t.db);
      const reused = await exchange(agent.token, { amount: '10.00', requestId });
      expectRefusal(reused, '请求编号已用于另一笔操作，请刷新后重试');
      expect(await moneySnapshot(t.db)).toEqual(before);
    });
  });
});
