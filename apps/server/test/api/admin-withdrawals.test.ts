import { BillType, type CallInput, calls } from '@promoter/contract';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { options, withdrawals } from '../../src/db/schema';
import { createAgent, fund, signIn } from '../factories';
import { api, apiUnchecked } from '../helper';
import { asOperator } from '../operator-factories';
import { adminApi, NO_DAILY_LIMITS, setOptions, signInOperators, useAdminTestApp } from './admin-support';
import { accountValue, agentOwner, applyToWithdraw } from './money-support';

/**
 * The daily job: the withdrawal queue and its state machine (decision 018). pending -> approved -> paid |
 * failed (refunded), pending -> rejected (refunded); each change a compare-and-set in one transaction with its
 * ledger entry; two operators above the review threshold.
 */
const t = useAdminTestApp({ checkLedger: true });
const admin = adminApi(t);
let finance: string;
let finance2: string;
let finance3: string;
let owner: string;
beforeAll(async () => {
  [finance, finance2, finance3, owner] = await signInOperators(t, ['finance', 'finance', 'finance', 'owner']);
  await setOptions(t, NO_DAILY_LIMITS);
});

const balanceOf = (agentId: number) => accountValue(t.db, agentOwner(agentId), 'balance');

async function refundsOf(withdrawalId: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from ledger_entries where bill_type = ${BillType.withdrawalRefund}
        and ref_type = 'withdrawal' and ref_id = ${withdrawalId}`,
  );
  return (result.rows[0] as { n: number }).n;
}

/** An agent with `fen` on its balance that has applied to withdraw `amount`. */
async function applied(amount: string, fen = 1_000_000) {
  const agent = await createAgent(t.db, { nickname: `w-${randomUUID().slice(0, 6)}` });
  await fund(t.db, agentOwner(agent.agentId), 'balance', fen);
  const token = await signIn(t.app, t.db, agent.playerId);
  const answer = await applyToWithdraw(t.app, token, amount, {
    accountName: '张三',
    accountNo: 'z@example.com',
  });
  expect(answer.code, answer.msg).toBe(1);
  return { ...agent, token, id: answer.data.withdrawal.id };
}

describe('the queue', () => {
  it('lists with filters and server-side pages; the detail has the agent, its ledger and withdrawals', async () => {
    const a = await applied('120.00');
    const b = await applied('340.00');
    const byAgent = await admin('adminWithdrawalList', finance, { agentId: a.agentId });
    expect(byAgent.code).toBe(1);
    expect(calls.adminWithdrawalList.data.parse(byAgent.data)).toEqual(byAgent.data);
    expect(byAgent.data.list.map((w) => w.id)).toEqual([a.id]);
    const byAmount = await admin('adminWithdrawalList', finance, {
      status: 'pending',
      minAmount: '300.00',
      maxAmount: '340.00',
    });
    expect(byAmount.data.list.map((w) => w.id)).toContain(b.id);
    expect(byAmount.data.list.map((w) => w.id)).not.toContain(a.id);
    const paged = await admin('adminWithdrawalList', finance, { page: 2, pageSize: 1 });
    expect(paged.data).toMatchObject({ page: 2, pageSize: 1, total: expect.any(Number) });
    expect(paged.data.list).toHaveLength(1);
    const future = await admin('adminWithdrawalList', finance, { from: '2099-01-01T00:00:00Z' });
    expect(future.data.total).toBe(0);

    const detail = await admin('adminWithdrawalDetail', finance, { id: a.id });
    expect(detail.code).toBe(1);
    expect(detail.data.withdrawal).toMatchObject({ id: a.id, amount: '120.00', status: 'pending' });
    expect(detail.data.agent).toMatchObject({ agentId: a.agentId, balance: '9880.00' });
    expect(detail.data.recentEntries[0]).toMatchObject({ billType: BillType.withdrawal, amount: '-120.00' });
    expect(detail.data.recentWithdrawals.map((w) => w.id)).toEqual([a.id]);
    expect(await admin('adminWithdrawalDetail', finance, { id: '999999999' })).toMatchObject({
      status: 200,
      code: 0,
      msg: '提现记录不存在',
    });
  });

  it('sorts on the server by amount or time, either way; pending ones oldest first unless asked', async () => {
    const first = await applied('150.00');
    const second = await applied('110.00');
    const third = await applied('130.00');
    const mine = [first.id, second.id, third.id];
    const ids = async (input: Partial<CallInput<'adminWithdrawalList'>>) =>
      (await admin('adminWithdrawalList', finance, { status: 'pending', pageSize: 100, ...input })).data.list
        .map((w) => w.id)
        .filter((id) => mine.includes(id));
    expect(await ids({})).toEqual([first.id, second.id, third.id]);
    expect(await ids({ sort: 'amount', order: 'desc' })).toEqual([first.id, third.id, second.id]);
    expect(await ids({ sort: 'amount', order: 'asc' })).toEqual([second.id, third.id, first.id]);
    expect(await ids({ sort: 'createdAt' })).toEqual([third.id, second.id, first.id]);
    const refused = await apiUnchecked(t.app, 'adminWithdrawalList', {
      input: { sort: 'agent' },
      ...asOperator(finance),
    });
    expect(refused.status).toBe(400);
  });
});

describe('the state machine', () => {
  it('approves then pays with a reference; the agent sees each state', async () => {
    const a = await applied('200.00');
    const approved = await admin('adminWithdrawalApprove', finance, { id: a.id });
    expect(approved.data).toMatchObject({ status: 'approved', approvalsNeeded: 1 });
    expect(approved.data.approvals).toHaveLength(1);
    const paid = await admin('adminWithdrawalPay', finance2, { id: a.id, reference: 'BANK-TX-42' });
    expect(paid.data).toMatchObject({ status: 'paid', reference: 'BANK-TX-42' });
    expect(paid.data.settledAt).not.toBeNull();
    expect(await refundsOf(a.id)).toBe(0);
    const log = await api(t.app, 'withdrawLog', { token: a.token, input: {} });
    expect(log.data.list[0]).toMatchObject({ id: a.id, status: 'paid' });
    // Paid is final.
    expect(await admin('adminWithdrawalFail', finance3, { id: a.id, reason: 'late' })).toMatchObject({
      status: 200,
      code: 0,
      msg: '该提现当前状态为「已打款」，无法执行此操作',
    });
  });

  it('rejects with a reason: the whole amount goes back (type 7), the agent reads the reason', async () => {
    const a = await applied('150.00', 50_000);
    expect(await balanceOf(a.agentId)).toBe(35_000);
    const rejected = await admin('adminWithdrawalReject', finance, { id: a.id, reason: '账户名与实名不符' });
    expect(rejected.data).toMatchObject({ status: 'rejected', remark: '账户名与实名不符' });
    expect(await balanceOf(a.agentId)).toBe(50_000);
    expect(await refundsOf(a.id)).toBe(1);
    const log = await api(t.app, 'withdrawLog', { token: a.token, input: {} });
    expect(log.data.list[0]).toMatchObject({ status: 'rejected', remark: '账户名与实名不符' });
    const bill = await api(t.app, 'bill', { token: a.token, input: { currency: 1 } });
    expect(JSON.stringify(bill.data)).toContain('提现退回：账户名与实名不符');
    // Rejected twice refunds once.
    expect((await admin('adminWithdrawalReject', finance, { id: a.id, reason: 'again' })).code).toBe(0);
    expect(await refundsOf(a.id)).toBe(1);
  });

  it('fails an approved one with a reason and refunds it; a pending one cannot be paid or failed', async () => {
    const a = await applied('180.00', 50_000);
    expect(await admin('adminWithdrawalPay', finance, { id: a.id, reference: 'x' })).toMatchObject({
      code: 0,
      msg: '该提现当前状态为「待审核」，无法执行此操作',
    });
    await admin('adminWithdrawalApprove', finance, { id: a.id });
    const failed = await admin('adminWithdrawalFail', finance2, { id: a.id, reason: '收款账户已注销' });
    expect(failed.data).toMatchObject({ status: 'failed', remark: '收款账户已注销' });
    expect(await balanceOf(a.agentId)).toBe(50_000);
    expect(await refundsOf(a.id)).toBe(1);
    const log = await api(t.app, 'withdrawLog', { token: a.token, input: { status: 'failed' } });
    expect(log.data.list.map((w) => w.id)).toEqual([a.id]);
  });

  it('requires a reason to reject or fail (400 naming the field)', async () => {
    const a = await applied('110.00');
    for (const name of ['adminWithdrawalReject', 'adminWithdrawalFail'] as const) {
      for (const reason of [undefined, '', '   ']) {
        const answer = await apiUnchecked(t.app, name, {
          input: { id: a.id, reason },
          ...asOperator(finance),
        });
        expect(answer, `${name} ${reason}`).toMatchObject({
          status: 400,
          code: 0,
          msg: expect.stringContaining('reason'),
        });
      }
    }
    const noReference = await apiUnchecked(t.app, 'adminWithdrawalPay', {
      input: { id: a.id, reference: '' },
      ...asOperator(finance),
    });
    expect(noReference).toMatchObject({ status: 400, msg: expect.stringContaining('reference') });
  });
});

describe('the two-person rule', () => {
  it('above the threshold needs a second operator; the first cannot approve its own twice', async () => {
    await t.db
      .insert(options)
      .values({ key: 'withdraw.reviewThreshold', value: '5000.00', isPublic: false })
      .onConflictDoUpdate({ target: options.key, set: { value: '5000.00' } });
    const big = await applied('6000.00', 1_000_000);
    const first = await admin('adminWithdrawalApprove', finance, { id: big.id });
    expect(first.data).toMatchObject({ status: 'pending', approvalsNeeded: 2 });
    expect(first.data.approvals).toHaveLength(1);
    expect(await admin('adminWithdrawalApprove', finance, { id: big.id })).toMatchObject({
      status: 200,
      code: 0,
      msg: '您已审核通过该提现，需要另一位运营人员复核',
    });
    const second = await admin('adminWithdrawalApprove', finance2, { id: big.id });
    expect(second.data).toMatchObject({ status: 'approved' });
    expect(second.data.approvals.map((a) => a.operatorName)).toHaveLength(2);
    // At the threshold one approval is enough.
    const small = await applied('5000.00', 1_000_000);
    expect((await admin('adminWithdrawalApprove', finance, { id: small.id })).data.status).toBe('approved');
  });
});

describe('concurrency', () => {
  it('two operators approving and rejecting the same withdrawal at once: applied once', async () => {
    for (let round = 0; round < 8; round++) {
      const a = await applied('300.00', 100_000);
      const [approve, reject, reject2] = await Promise.all([
        admin('adminWithdrawalApprove', finance, { id: a.id }),
        admin('adminWithdrawalReject', finance2, { id: a.id, reason: 'race' }),
        admin('adminWithdrawalReject', owner, { id: a.id, reason: 'race 2' }),
      ]);
      const [row] = await t.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.id, Number(a.id)));
      const wins = [approve, reject, reject2].filter((answer) => answer.code === 1);
      expect(wins, JSON.stringify([approve.msg, reject.msg, reject2.msg])).toHaveLength(1);
      if (row?.status === 'rejected') {
        expect(await refundsOf(a.id)).toBe(1);
        expect(await balanceOf(a.agentId)).toBe(100_000);
      } else {
        expect(row?.status).toBe('approved');
        expect(await refundsOf(a.id)).toBe(0);
        expect(await balanceOf(a.agentId)).toBe(70_000);
      }
    }
  });

  it('paying and failing an approved one at once: paid or refunded, never both', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await applied('250.00', 100_000);
      await admin('adminWithdrawalApprove', finance, { id: a.id });
      const answers = await Promise.all([
        admin('adminWithdrawalPay', finance3, { id: a.id, reference: 'T-1' }),
        admin('adminWithdrawalFail', finance2, { id: a.id, reason: 'bounced' }),
        admin('adminWithdrawalFail', owner, { id: a.id, reason: 'bounced twice' }),
      ]);
      expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
      const [row] = await t.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.id, Number(a.id)));
      expect(await refundsOf(a.id)).toBe(row?.status === 'failed' ? 1 : 0);
    }
  });

  it('batch approve racing the agent’s new withdrawal; batch reject with one reason lists what changed', async () => {
    const a = await applied('100.00', 1_000_000);
    const b = await applied('100.00', 1_000_000);
    const pending = [a.id, b.id];
    const [batchAnswer, late] = await Promise.all([
      admin('adminWithdrawalBatchApprove', finance, { ids: [...pending, '999999999'] }),
      applyToWithdraw(t.app, a.token, '100.00', { accountName: '张三', accountNo: 'z@example.com' }),
    ]);
    expect(late.code, late.msg).toBe(1);
    expect(batchAnswer.data.changed.sort()).toEqual(pending.sort());
    expect(batchAnswer.data.waiting).toEqual([]);
    expect(batchAnswer.data.skipped).toEqual([{ id: '999999999', reason: '提现记录不存在' }]);
    // The new withdrawal was not in the batch: still pending.
    const [fresh] = await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, Number(late.data.withdrawal.id)));
    expect(fresh?.status).toBe('pending');

    const rejected = await admin('adminWithdrawalBatchReject', finance, {
      ids: [late.data.withdrawal.id, a.id],
      reason: '批量拒绝',
    });
    expect(rejected.data.changed).toEqual([late.data.withdrawal.id]);
    expect(rejected.data.skipped).toEqual([
      { id: a.id, reason: '该提现当前状态为「已批准」，无法执行此操作' },
    ]);
    expect(await refundsOf(late.data.withdrawal.id)).toBe(1);
    expect(await balanceOf(a.agentId)).toBe(1_000_000 - 10_000);
  });
});

describe('the audit trail of the queue', () => {
  it('writes each change with its operator, target and before/after', async () => {
    const a = await applied('130.00');
    await admin('adminWithdrawalReject', finance, { id: a.id, reason: 'audit me' });
    const audit = await admin('adminAuditList', owner, { targetType: 'withdrawal', targetId: a.id });
    expect(audit.code).toBe(1);
    expect(audit.data.list).toHaveLength(1);
    expect(audit.data.list[0]).toMatchObject({
      action: 'withdrawal.reject',
      before: { status: 'pending' },
      after: { status: 'rejected', reason: 'audit me', refunded: '130.00' },
    });
  });
});
