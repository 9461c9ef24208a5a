import { BillType, ResponseCode, calls } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../../src/db/schema';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api, apiUnchecked, build, type TestApp } from '../helper';
import {
  accountValue,
  agentOwner,
  clearOption,
  entriesOf,
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
  for (const key of ['withdraw.min', 'withdraw.feeRate', 'withdraw.dailyCount'] as const)
    await clearOption(t.db, key);
});
afterAll(async () => t.close());

const withdraw = (token: string | undefined, body: unknown, headers?: Record<string, string>) =>
  apiUnchecked(t.app, 'withdraw', { token, input: body, headers });

/** A WeChat account: a WeChat id (6-20 letters, digits, _ or -, a letter first). */
const WECHAT = { accountType: 'wechat', accountNo: 'zhangsan_88' };

const application = (amount: string, extra: Record<string, unknown> = {}) => ({
  amount,
  accountType: 'alipay',
  accountName: '张三',
  accountNo: 'zhangsan@example.com',
  requestId: uuid(),
  ...extra,
});

/** A signed-in agent with `fen` on its balance. */
async function fundedAgent(fen: number) {
  const agent = await createAgent(t.db);
  if (fen > 0) await fund(t.db, agentOwner(agent.agentId), 'balance', fen);
  return { ...agent, token: await signIn(t.app, t.db, agent.playerId) };
}

describe('agent/user/withdrawPostByUser', () => {
  it('takes the amount off the balance at once (type 6) and leaves the withdrawal pending', async () => {
    const agent = await fundedAgent(50_000);
    const result = await withdraw(agent.token, application('100.00', WECHAT));
    expect(result).toMatchObject({ status: 200, code: ResponseCode.success });
    expect(calls.withdraw.data.parse(result.data)).toEqual(result.data);
    expect(result.data.balance).toBe('400.00');
    expect(result.data.withdrawal).toMatchObject({
      amount: '100.00',
      fee: '0.00',
      status: 'pending',
      accountType: 'wechat',
      accountName: '张三',
      // Masked: never the whole number (decision 019).
      accountNo: '*******n_88',
      bankName: null,
      reviewedAt: null,
      remark: null,
    });
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(40_000);

    const [row] = await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, Number(result.data.withdrawal.id)));
    expect(row).toMatchObject({ agentId: agent.agentId, amountFen: 10_000, feeFen: 0, status: 'pending' });
    // Its own sealed copy of the number, the masked one beside it, nothing in clear.
    expect(row).toMatchObject({ accountNo: null, accountMasked: '*******n_88', payoutAccountId: null });
    expect(row?.accountSealed).toMatch(/^v1:/);
    expect(row?.accountSealed).not.toContain('zhangsan_88');

    const entries = await entriesOfRef(t.db, 'withdrawal', result.data.withdrawal.id);
    expect(entries).toEqual([
      expect.objectContaining({
        ownerType: 'agent',
        ownerId: agent.agentId,
        currency: 'balance',
        amount: -10_000,
        after: 40_000,
        billType: BillType.withdrawal,
      }),
    ]);
  });

  it('accepts amounts typed without decimals, and the whole balance', async () => {
    const agent = await fundedAgent(30_050);
    const whole = await withdraw(agent.token, application('100'));
    expect(whole.data.withdrawal.amount).toBe('100.00');
    const half = await withdraw(agent.token, application('100.5'));
    expect(half.data.withdrawal.amount).toBe('100.50');
    expect(half.data.balance).toBe('100.00');
    const rest = await withdraw(agent.token, application('100.00', WECHAT));
    expect(rest).toMatchObject({ code: 1, data: { balance: '0.00' } });
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(0);
  });

  it('stores the bank name of a bank card withdrawal', async () => {
    const agent = await fundedAgent(20_000);
    const result = await withdraw(
      agent.token,
      application('100.00', { accountType: 'bank', accountNo: '6222 0200 0000 0015', bankName: '工商银行' }),
    );
    expect(result.data.withdrawal).toMatchObject({
      accountType: 'bank',
      bankName: '工商银行',
      accountNo: '************0015',
    });
  });

  describe('fee', () => {
    it.each([
      ['100.00', '0.60', '400.00'],
      ['100.01', '0.60', '399.99'],
      ['100.91', '0.61', '399.09'],
      ['102.50', '0.62', '397.50'], // 61.5 fen rounds up
      ['107.50', '0.65', '392.50'], // 64.5 fen rounds up, not to even
      ['100.08', '0.60', '399.92'], // 60.048 fen rounds down
    ])('of %s at 0.6 %% is %s, and the balance loses the amount only', async (amount, fee, balance) => {
      await setOption(t.db, 'withdraw.feeRate', '0.6');
      const agent = await fundedAgent(50_000);
      const result = await withdraw(agent.token, application(amount));
      expect(result.code).toBe(1);
      expect(result.data.withdrawal).toMatchObject({ amount, fee });
      expect(result.data.balance).toBe(balance);
      const [row] = await t.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.id, Number(result.data.withdrawal.id)));
      expect(row?.feeFen).toBe(Math.round(Number(fee) * 100));
    });

    it('follows another rate', async () => {
      await setOption(t.db, 'withdraw.feeRate', '1.5');
      const agent = await fundedAgent(50_000);
      const result = await withdraw(agent.token, application('200.00'));
      expect(result.data.withdrawal.fee).toBe('3.00');
    });
  });

  describe('refusals change nothing', () => {
    it('refuses an amount below the minimum, naming the minimum', async () => {
      const agent = await fundedAgent(50_000);
      const before = await moneySnapshot(t.db);
      const result = await withdraw(agent.token, application('99.99'));
      expect(result).toMatchObject({ status: 200, code: 0, msg: '提现金额不能低于 100.00 元', data: null });
      const zero = await withdraw(agent.token, application('0'));
      expect(zero.msg).toBe('提现金额不能低于 100.00 元');
      const en = await withdraw(agent.token, application('99.99'), { 'x-lang': 'en' });
      expect(en.msg).toBe('The withdrawal must be at least 100.00 yuan');
      expect(await moneySnapshot(t.db)).toEqual(before);
    });

    it('follows the minimum option', async () => {
      await setOption(t.db, 'withdraw.min', '50');
      const agent = await fundedAgent(50_000);
      const below = await withdraw(agent.token, application('49.99'));
      expect(below.msg).toBe('提现金额不能低于 50.00 元');
      const at = await withdraw(agent.token, application('50.00'));
      expect(at.code).toBe(1);
    });

    it('refuses a fourth withdrawal the same day', async () => {
      const agent = await fundedAgent(100_000);
      for (let i = 0; i < 3; i++) expect((await withdraw(agent.token, application('100.00'))).code).toBe(1);
      const before = await moneySnapshot(t.db);
      const fourth = await withdraw(agent.token, application('100.00'));
      expect(fourth).toMatchObject({ status: 200, code: 0, msg: '每天最多提现 3 次', data: null });
      expect(await moneySnapshot(t.db)).toEqual(before);
      expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(70_000);
    });

    it('counts only today’s withdrawals of the caller, and only those that were made', async () => {
      const agent = await fundedAgent(100_000);
      const other = await fundedAgent(100_000);
      await t.db.insert(withdrawals).values(
        Array.from({ length: 3 }, () => ({
          agentId: agent.agentId,
          amountFen: 10_000,
          feeFen: 0,
          accountType: 'wechat' as const,
          accountName: '张三',
          accountNo: 'x',
          createdAt: new Date(Date.now() - 2 * 24 * 3600_000),
        })),
      );
      for (let i = 0; i < 3; i++) expect((await withdraw(other.token, application('100.00'))).code).toBe(1);
      expect((await withdraw(agent.token, application('100.00'))).code).toBe(1);
      expect((await withdraw(agent.token, application('1000.00'))).msg).toBe('余额不足');
      expect((await withdraw(agent.token, application('100.00'))).code).toBe(1);
      expect((await withdraw(agent.token, application('100.00'))).code).toBe(1);
      expect((await withdraw(agent.token, application('100.00'))).msg).toBe('每天最多提现 3 次');
    });

    it('follows the daily count option', async () => {
      await setOption(t.db, 'withdraw.dailyCount', '1');
      const agent = await fundedAgent(100_000);
      expect((await withdraw(agent.token, application('100.00'))).code).toBe(1);
      expect((await withdraw(agent.token, application('100.00'))).msg).toBe('每天最多提现 1 次');
    });

    it('refuses a bank card withdrawal without the bank name', async () => {
      const agent = await fundedAgent(50_000);
      const before = await moneySnapshot(t.db);
      for (const bankName of [undefined, '', '   ']) {
        const result = await withdraw(
          agent.token,
          application('100.00', { accountType: 'bank', accountNo: '6222020000000015', bankName }),
        );
        expect(result).toMatchObject({ status: 200, code: 0, msg: '银行卡提现需要填写开户银行', data: null });
      }
      expect(await moneySnapshot(t.db)).toEqual(before);
    });

    it('refuses more than the balance', async () => {
      const agent = await fundedAgent(15_000);
      const before = await moneySnapshot(t.db);
      const result = await withdraw(agent.token, application('150.01'));
      expect(result).toMatchObject({ status: 200, code: 0, msg: '余额不足', data: null });
      expect(await moneySnapshot(t.db)).toEqual(before);
      expect(
        await t.db.select().from(withdrawals).where(eq(withdrawals.agentId, agent.agentId)),
      ).toHaveLength(0);
      expect(await entriesOf(t.db, agentOwner(agent.agentId), 'balance')).toHaveLength(1);
    });

    it('refuses an agent with no balance account at all', async () => {
      const agent = await fundedAgent(0);
      const before = await moneySnapshot(t.db);
      expect((await withdraw(agent.token, application('100.00'))).msg).toBe('余额不足');
      expect(await moneySnapshot(t.db)).toEqual(before);
    });

    it('refuses a fee that eats the whole amount', async () => {
      await setOption(t.db, 'withdraw.feeRate', '100');
      const agent = await fundedAgent(50_000);
      const before = await moneySnapshot(t.db);
      const result = await withdraw(agent.token, application('100.00'));
      expectRefusal(result, '提现金额不足以支付手续费');
      expect(await moneySnapshot(t.db)).toEqual(before);
    });

    it.each([
      ['amount', { amount: 'abc' }],
      ['amount', { amount: '1.234' }],
      ['amount', { amount: '-100.00' }],
      ['amount', { amount: '' }],
      ['amount', { amount: 100 }],
      ['amount', { amount: '1e3' }],
      ['amount', { amount: '12345678901.00' }],
      ['accountType', { accountType: 'paypal' }],
      ['accountName', { accountName: '   ' }],
      ['accountNo', { accountNo: undefined }],
      ['requestId', { requestId: 'again' }],
    ])('answers 400 naming %s for %j', async (field, override) => {
      const agent = await fundedAgent(50_000);
      const before = await moneySnapshot(t.db);
      const result = await withdraw(agent.token, application('100.00', override));
      expectInvalid(result, field);
      expect(await moneySnapshot(t.db)).toEqual(before);
    });

    it('refuses a player session and no session', async () => {
      const token = await signIn(t.app, t.db, await createPlayer(t.db));
      const before = await moneySnapshot(t.db);
      expectRefusal(await withdraw(token, application('100.00')), '仅推广员可以使用此功能');
      expect((await withdraw(undefined, application('100.00'))).code).toBe(ResponseCode.notSignedIn);
      expect(await moneySnapshot(t.db)).toEqual(before);
    });
  });

  describe('idempotency', () => {
    it('answers the same requestId twice with the identical result, applies it and counts it once', async () => {
      const agent = await fundedAgent(100_000);
      const body = application('100.00');
      const first = await withdraw(agent.token, body);
      expect(first.code).toBe(1);
      const afterFirst = await moneySnapshot(t.db);
      expect(await withdraw(agent.token, body)).toEqual(first);
      expect(await moneySnapshot(t.db)).toEqual(afterFirst);
      // The replay did not use one of the day's three withdrawals.
      expect((await withdraw(agent.token, application('100.00'))).code).toBe(1);
      expect((await withdraw(agent.token, application('100.00'))).code).toBe(1);
      expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(70_000);
    });

    it('refuses the same requestId with another amount or account and applies nothing', async () => {
      const agent = await fundedAgent(100_000);
      const body = application('100.00');
      expect((await withdraw(agent.token, body)).code).toBe(1);
      const before = await moneySnapshot(t.db);
      for (const changed of [{ amount: '101.00' }, { accountNo: 'someone-else@example.com' }, WECHAT]) {
        const result = await withdraw(agent.token, { ...body, ...changed });
        expectRefusal(result, '请求编号已用于另一笔操作，请刷新后重试');
      }
      expect(await moneySnapshot(t.db)).toEqual(before);
    });

    it('lets a requestId refused for want of balance run once after funding', async () => {
      const agent = await fundedAgent(5_000);
      const body = application('100.00');
      expect((await withdraw(agent.token, body)).msg).toBe('余额不足');
      await fund(t.db, agentOwner(agent.agentId), 'balance', 10_000);
      const retried = await withdraw(agent.token, body);
      expect(retried).toMatchObject({ code: 1, data: { balance: '50.00' } });
      expect(await withdraw(agent.token, body)).toEqual(retried);
      expect(
        await t.db.select().from(withdrawals).where(eq(withdrawals.agentId, agent.agentId)),
      ).toHaveLength(1);
    });
  });
});

const log = (token: string | undefined, query: Record<string, string | number> = {}) =>
  api(t.app, 'withdrawLog', { token, input: query });

describe('agent/user/withdrawLogPost', () => {
  /** Five withdrawals of `me` over three days (one rejected), and one of another agent. */
  async function history() {
    const me = await fundedAgent(100_000);
    const other = await fundedAgent(100_000);
    const day = 24 * 3600_000;
    const past = await t.db
      .insert(withdrawals)
      .values([
        {
          agentId: me.agentId,
          amountFen: 20_000,
          feeFen: 0,
          accountType: 'bank' as const,
          accountName: '张三',
          accountNo: '6222',
          bankName: '农业银行',
          status: 'rejected' as const,
          remark: '账户信息有误',
          reviewedAt: new Date(Date.now() - 2 * day + 3600_000),
          createdAt: new Date(Date.now() - 3 * day),
        },
        {
          agentId: me.agentId,
          amountFen: 30_000,
          feeFen: 0,
          accountType: 'wechat' as const,
          accountName: '张三',
          accountNo: 'wx',
          createdAt: new Date(Date.now() - 2 * day),
        },
      ])
      .returning({ id: withdrawals.id });
    const today: string[] = [];
    for (const amount of ['100.00', '110.00', '120.00']) {
      const result = await withdraw(me.token, application(amount));
      expect(result.code).toBe(1);
      today.push(result.data.withdrawal.id);
    }
    const theirs = await withdraw(other.token, application('130.00'));
    expect(theirs.code).toBe(1);
    const newestFirst = [...today.reverse(), ...past.map((p) => String(p.id)).reverse()];
    return { me, other, newestFirst, theirs: theirs.data.withdrawal.id };
  }

  it('lists only the caller’s withdrawals, newest first, with every field', async () => {
    const { me, newestFirst, theirs } = await history();
    const result = await log(me.token);
    expect(result.code).toBe(1);
    expect(calls.withdrawLog.data.parse(result.data)).toEqual(result.data);
    expect(result.data).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(result.data.list.map((w) => w.id)).toEqual(newestFirst);
    expect(result.data.list.map((w) => w.id)).not.toContain(theirs);
    const times = result.data.list.map((w) => Date.parse(w.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(result.data.list[0]).toMatchObject({ amount: '120.00', status: 'pending', accountType: 'alipay' });
    expect(result.data.list[4]).toMatchObject({
      amount: '200.00',
      status: 'rejected',
      accountType: 'bank',
      bankName: '农业银行',
      remark: '账户信息有误',
    });
    expect(result.data.list[4]?.reviewedAt).not.toBeNull();
  });

  it('filters by status', async () => {
    const { me, newestFirst } = await history();
    const pending = await log(me.token, { status: 'pending' });
    expect(pending.data.total).toBe(4);
    expect(pending.data.list.map((w) => w.id)).toEqual(newestFirst.slice(0, 4));
    const rejected = await log(me.token, { status: 'rejected' });
    expect(rejected.data).toMatchObject({ total: 1, list: [{ id: newestFirst[4], status: 'rejected' }] });
    const paid = await log(me.token, { status: 'paid' });
    expect(paid.data).toMatchObject({ total: 0, list: [] });
  });

  it('pages with the total of all pages', async () => {
    const { me, newestFirst } = await history();
    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push((await log(me.token, { page, pageSize: 2 })).data);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(pages.map((p) => p.pageSize)).toEqual([2, 2, 2, 2]);
    expect(pages.flatMap((p) => p.list.map((w) => w.id))).toEqual(newestFirst);
    expect(pages[3]?.list).toEqual([]);
  });

  it('answers an empty page for an agent without withdrawals', async () => {
    const agent = await fundedAgent(0);
    expect((await log(agent.token)).data).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
  });

  it.each([
    ['pageSize', { pageSize: 101 }],
    ['pageSize', { pageSize: 0 }],
    ['page', { page: 0 }],
    ['status', { status: 'lost' }],
  ])('answers 400 naming %s for %j', async (field, query) => {
    const agent = await fundedAgent(0);
    const result = await log(agent.token, query);
    expect(result.status).toBe(400);
    expect(result.msg).toContain(field);
  });

  it('accepts pageSize 100', async () => {
    const agent = await fundedAgent(0);
    expect((await log(agent.token, { pageSize: 100 })).data.pageSize).toBe(100);
  });

  it('refuses a player session and no session', async () => {
    const token = await signIn(t.app, t.db, await createPlayer(t.db));
    expectRefusal(await log(token), '仅推广员可以使用此功能');
    expect((await log(undefined)).code).toBe(ResponseCode.notSignedIn);
  });
});
