import { BillType, calls, ResponseCode } from '@promoter/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountOwner } from '../../src/modules/ledger/ledger-service';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';
import { adminApi, NO_DAILY_LIMITS, setOptions, signInOperators, useAdminTestApp } from './admin-support';
import { accountValue, agentOwner, applyToWithdraw, playerOwner } from './money-support';

/**
 * Manual adjustments (decision 018): bill type 9 through the ledger, a typed reason, a requestId, never below
 * zero, two different operators above adjust.reviewThreshold (5,000.00; diamonds at the retail price 1.00).
 */
const t = useAdminTestApp({ checkLedger: true });
const admin = adminApi(t);
let finance: string;
let finance2: string;
let owner: string;
let support: string;
beforeAll(async () => {
  [finance, finance2, owner, support] = await signInOperators(t, ['finance', 'finance', 'owner', 'support']);
  await setOptions(t, NO_DAILY_LIMITS);
});

async function entriesOf(adjustmentId: string) {
  const result = await t.db.execute(
    sql`select amount, bill_type, memo from ledger_entries where ref_type = 'adjustment' and ref_id = ${adjustmentId}`,
  );
  return result.rows as { amount: string | number; bill_type: number; memo: string }[];
}

/** A manual adjustment of one account, by the operator of `token`; a new requestId and a stock reason unless given. */
const adjust = (
  token: string,
  target: AccountOwner,
  currency: 'balance' | 'diamonds',
  direction: 'credit' | 'debit',
  amount: string,
  values: { requestId?: string; reason?: string } = {},
) =>
  admin('adminAdjustmentCreate', token, {
    ...target,
    currency,
    direction,
    amount,
    reason: '客服补偿',
    requestId: randomUUID(),
    ...values,
  });

describe('an adjustment at or below the threshold', () => {
  it('credits an agent’s balance at once: bill type 9, the reason in the memo, before and after, audited', async () => {
    const agent = await createAgent(t.db);
    await fund(t.db, agentOwner(agent.agentId), 'balance', 10_000);
    const answer = await adjust(finance, agentOwner(agent.agentId), 'balance', 'credit', '5000', {
      reason: '活动奖励',
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(calls.adminAdjustmentCreate.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data).toMatchObject({
      status: 'applied',
      direction: 'credit',
      amount: '5000.00',
      approvalsNeeded: 1,
      before: '100.00',
      after: '5100.00',
      reason: '活动奖励',
    });
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(510_000);
    expect(await entriesOf(answer.data.id)).toEqual([
      { amount: expect.anything(), bill_type: BillType.adjustment, memo: '人工调整：活动奖励' },
    ]);
    const audit = await t.db.execute(
      sql`select action, before, after from audit_log where target_type = 'adjustment' and target_id = ${answer.data.id} order by id`,
    );
    expect(audit.rows.map((r) => (r as { action: string }).action)).toEqual([
      'adjustment.create',
      'adjustment.apply',
    ]);
    expect(audit.rows[1]).toMatchObject({ before: { value: '100.00' }, after: { value: '5100.00' } });
    // The agent reads it in its own bill.
    const bill = await api(t.app, 'bill', {
      token: await signIn(t.app, t.db, agent.playerId),
      input: { currency: 1 },
    });
    expect(bill.data.list[0]).toMatchObject({ billType: 9, amount: '5000.00' });
  });

  it('debits an agent’s diamonds and credits a player’s diamonds', async () => {
    const agent = await createAgent(t.db);
    await fund(t.db, agentOwner(agent.agentId), 'diamonds', 100);
    const debit = await adjust(finance, agentOwner(agent.agentId), 'diamonds', 'debit', '40');
    expect(debit.data).toMatchObject({ status: 'applied', amount: '40', before: '100', after: '60' });
    const playerId = await createPlayer(t.db);
    const credit = await adjust(owner, playerOwner(playerId), 'diamonds', 'credit', '25');
    expect(credit.data).toMatchObject({ status: 'applied', before: '0', after: '25' });
    expect(await accountValue(t.db, playerOwner(playerId), 'diamonds')).toBe(25);
  });

  it('never goes below zero: a debit that does not fit is refused clearly, nothing written', async () => {
    const agent = await createAgent(t.db);
    await fund(t.db, agentOwner(agent.agentId), 'balance', 1_000);
    const answer = await adjust(finance, agentOwner(agent.agentId), 'balance', 'debit', '10.01');
    expect({ code: answer.code, msg: answer.msg }).toEqual({
      code: 0,
      msg: '余额不足：当前为 10.00，扣减 10.01 会低于零',
    });
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(1_000);
    const listed = await admin('adminAdjustmentList', finance, {
      ownerType: 'agent',
      ownerId: agent.agentId,
    });
    expect(listed.data.total).toBe(0);
  });

  it('is applied once per requestId; the same requestId with other figures is refused', async () => {
    const agent = await createAgent(t.db);
    const requestId = randomUUID();
    const once = (amount: string) =>
      adjust(finance, agentOwner(agent.agentId), 'diamonds', 'credit', amount, { requestId });
    const answers = await Promise.all([once('7'), once('7'), once('7')]);
    expect(answers.map((a) => a.code)).toEqual([1, 1, 1]);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(7);
    const other = await once('8');
    expect({ code: other.code, msg: other.msg }).toEqual({
      code: 0,
      msg: '请求编号已用于另一笔操作，请刷新后重试',
    });
  });

  it('refuses an unknown target, a player’s balance, fractions of diamonds, no reason (each clearly)', async () => {
    const unknown = await adjust(finance, playerOwner(999_999), 'diamonds', 'credit', '1');
    expect({ code: unknown.code, msg: unknown.msg }).toEqual({ code: 0, msg: '调整对象不存在' });
    const agent = await createAgent(t.db);
    const bad = async (input: Record<string, unknown>, field: string) => {
      const answer = await admin('adminAdjustmentCreate', finance, {
        ...agentOwner(agent.agentId),
        currency: 'balance',
        direction: 'credit',
        amount: '1',
        reason: 'r',
        requestId: randomUUID(),
        ...input,
      } as never);
      expect(answer.status, JSON.stringify(input)).toBe(400);
      expect(answer.msg, JSON.stringify(input)).toContain(field);
    };
    await bad({ ownerType: 'player' }, 'currency');
    await bad({ currency: 'diamonds', amount: '1.5' }, 'amount');
    await bad({ amount: '0' }, 'amount');
    await bad({ amount: '-5' }, 'amount');
    await bad({ reason: '' }, 'reason');
    await bad({ requestId: 'nope' }, 'requestId');
  });

  it('is refused to support and viewer (10103)', async () => {
    const agent = await createAgent(t.db);
    const answer = await adjust(support, agentOwner(agent.agentId), 'diamonds', 'credit', '1');
    expect({ code: answer.code, msg: answer.msg }).toEqual({
      code: ResponseCode.operatorForbidden,
      msg: '您的角色没有此操作的权限（adjustments）',
    });
  });
});

describe('the two-person rule above the threshold', () => {
  it('creates it pending; its creator cannot approve it; another operator applies it once', async () => {
    const agent = await createAgent(t.db);
    const created = await adjust(finance, agentOwner(agent.agentId), 'balance', 'credit', '5000.01');
    expect(created.data).toMatchObject({ status: 'pending', approvalsNeeded: 2, before: null, after: null });
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(0);
    const pending = await admin('adminAdjustmentList', finance, {
      status: 'pending',
      ownerId: agent.agentId,
    });
    expect(pending.data.list.map((a) => a.id)).toEqual([created.data.id]);

    const own = await admin('adminAdjustmentApprove', finance, { id: created.data.id });
    expect({ code: own.code, msg: own.msg }).toEqual({
      code: 0,
      msg: '不能审批自己发起的调整，需要另一位运营人员复核',
    });
    const approved = await admin('adminAdjustmentApprove', finance2, { id: created.data.id });
    expect(approved.code, approved.msg).toBe(1);
    expect(approved.data).toMatchObject({ status: 'applied', before: '0.00', after: '5000.01' });
    expect(approved.data.decidedBy?.id).not.toBe(approved.data.createdBy.id);
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(500_001);
    const again = await admin('adminAdjustmentApprove', owner, { id: created.data.id });
    expect({ code: again.code, msg: again.msg }).toEqual({
      code: 0,
      msg: '该调整当前状态为「已生效」，无法执行此操作',
    });
    expect(await entriesOf(created.data.id)).toHaveLength(1);
  });

  it('values diamonds at the retail price: 5,001 diamonds wait for a second operator', async () => {
    const playerId = await createPlayer(t.db);
    const created = await adjust(finance, playerOwner(playerId), 'diamonds', 'credit', '5001');
    expect(created.data).toMatchObject({ status: 'pending', approvalsNeeded: 2 });
  });

  it('a large debit that does not fit is refused at once; one that stopped fitting is refused at approval', async () => {
    const agent = await createAgent(t.db);
    await fund(t.db, agentOwner(agent.agentId), 'balance', 600_000);
    const tooMuch = await adjust(finance, agentOwner(agent.agentId), 'balance', 'debit', '6000.01');
    expect(tooMuch.msg).toBe('余额不足：当前为 6000.00，扣减 6000.01 会低于零');
    const created = await adjust(finance, agentOwner(agent.agentId), 'balance', 'debit', '5500.00');
    expect(created.data.status).toBe('pending');
    const token = await signIn(t.app, t.db, agent.playerId);
    const withdrawn = await applyToWithdraw(t.app, token, '1000.00');
    expect(withdrawn.code, withdrawn.msg).toBe(1);
    const approve = await admin('adminAdjustmentApprove', finance2, { id: created.data.id });
    expect(approve.msg).toBe('余额不足：当前为 5000.00，扣减 5500.00 会低于零');
    expect(
      (await admin('adminAdjustmentList', finance, { ownerId: agent.agentId })).data.list[0]?.status,
    ).toBe('pending');
    const rejected = await admin('adminAdjustmentReject', finance2, {
      id: created.data.id,
      reason: '余额已变',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', rejectReason: '余额已变' });
    const late = await admin('adminAdjustmentApprove', owner, { id: created.data.id });
    expect(late.msg).toBe('该调整当前状态为「已拒绝」，无法执行此操作');
    const rejectTwice = await admin('adminAdjustmentReject', owner, { id: created.data.id, reason: 'x' });
    expect(rejectTwice.msg).toBe('该调整当前状态为「已拒绝」，无法执行此操作');
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(500_000);
  });

  it('answers an unknown adjustment clearly', async () => {
    for (const answer of [
      await admin('adminAdjustmentApprove', finance, { id: '999999999' }),
      await admin('adminAdjustmentReject', finance, { id: '999999999', reason: 'x' }),
    ])
      expect({ code: answer.code, msg: answer.msg }).toEqual({ code: 0, msg: '调整记录不存在' });
  });

  it('two operators approving the same pending adjustment at once: applied once', async () => {
    const agent = await createAgent(t.db);
    const created = await adjust(finance, agentOwner(agent.agentId), 'diamonds', 'credit', '9000');
    expect(created.data.status).toBe('pending');
    const answers = await Promise.all(
      [finance2, owner, finance2, owner].map((token) =>
        admin('adminAdjustmentApprove', token, { id: created.data.id }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== 1))
      expect(refused.msg).toBe('该调整当前状态为「已生效」，无法执行此操作');
    expect(await entriesOf(created.data.id)).toHaveLength(1);
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(9000);
  });

  it('an approval racing a rejection: exactly one of them wins', async () => {
    const agent = await createAgent(t.db);
    const created = await adjust(finance, agentOwner(agent.agentId), 'diamonds', 'credit', '6000');
    const [approve, reject] = await Promise.all([
      admin('adminAdjustmentApprove', finance2, { id: created.data.id }),
      admin('adminAdjustmentReject', owner, { id: created.data.id, reason: 'no' }),
    ]);
    expect([approve.code, reject.code].sort()).toEqual([0, 1]);
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(
      approve.code === 1 ? 6000 : 0,
    );
  });
});

describe('an adjustment racing the agent’s own money calls', () => {
  it('a diamonds debit racing recharges and transfers of the same agent: never negative, each applied once', async () => {
    const agent = await createAgent(t.db, { level: 1 });
    const child = await createAgent(t.db, { level: 2, parentId: agent.agentId });
    const playerId = await createPlayer(t.db, { boundAgentId: agent.agentId });
    // 2,100 diamonds for 8 x 150 + 8 x 100 + 8 x 50 = 2,400 asked: whatever order the machine runs them in, each kind
    // fits at least once (any two kinds take at most 2,000) and something is refused.
    await fund(t.db, agentOwner(agent.agentId), 'diamonds', 2_100);
    const token = await signIn(t.app, t.db, agent.playerId);
    const jobs = [] as Promise<{ kind: string; code: number; amount: number }>[];
    for (let i = 0; i < 8; i++) {
      jobs.push(
        adjust(finance, agentOwner(agent.agentId), 'diamonds', 'debit', '150').then((a) => ({
          kind: 'adjust',
          code: a.code,
          amount: 150,
        })),
      );
      jobs.push(
        api(t.app, 'recharge', { token, input: { playerId, diamonds: 100, requestId: randomUUID() } }).then(
          (a) => ({ kind: 'recharge', code: a.code, amount: 100 }),
        ),
      );
      jobs.push(
        api(t.app, 'transferAgent', {
          token,
          input: { toAgentId: child.agentId, diamonds: 50, requestId: randomUUID() },
        }).then((a) => ({ kind: 'transfer', code: a.code, amount: 50 })),
      );
    }
    const results = await Promise.all(jobs);
    const spent = results.filter((r) => r.code === 1).reduce((sum, r) => sum + r.amount, 0);
    expect(spent).toBeLessThanOrEqual(2_100);
    // The race was a real one: each kind got through at least once, and something was refused.
    for (const kind of ['adjust', 'recharge', 'transfer'])
      expect(
        results.some((r) => r.kind === kind && r.code === 1),
        kind,
      ).toBe(true);
    expect(results.some((r) => r.code !== 1)).toBe(true);
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(2_100 - spent);
    const applied = results.filter((r) => r.kind === 'adjust' && r.code === 1).length;
    const entries = await t.db.execute(sql`select count(*)::int as n from ledger_entries e join accounts a
      on a.id = e.account_id where a.owner_type = 'agent' and a.owner_id = ${agent.agentId}
      and e.ref_type = 'adjustment' and e.bill_type = ${BillType.adjustment} and e.amount = -150`);
    expect((entries.rows[0] as { n: number }).n).toBe(applied);
    await assertLedgerInvariants(t.db);
  });
});
