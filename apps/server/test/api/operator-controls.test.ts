import { calls, ResponseCode } from '@promoter/contract';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withdrawals } from '../../src/db/schema';
import type { AccountOwner } from '../../src/modules/ledger/ledger-service';
import { createAgent, fund, signIn } from '../factories';
import { api, callRaw } from '../helper';
import { lockWaitersReach } from '../lock-waits';
import { asOperator, createTestOperator, operatorToken } from '../operator-factories';
import { adminApi, setOptions, signInOperators, useAdminTestApp } from './admin-support';
import { accountValue, agentOwner, applyToWithdraw } from './money-support';

/**
 * Decision 037: the controls that keep one operator from moving money alone. Maker/checker on withdrawals,
 * a frozen agent's withdrawals held, the two-person rule's daily limits (per operator, per agent or account) for
 * withdrawals and adjustments, parallel requests included, and batch answers that say what really happened.
 */
const t = useAdminTestApp({ checkLedger: true });
const admin = adminApi(t);

/** Fresh operators for each test, so one test's solo sums never reach another's. */
const operatorsOf = <const R extends readonly ('finance' | 'owner' | 'support')[]>(roles: R) =>
  signInOperators(t, roles);

/** An agent with `fen` on its balance that has applied to withdraw each amount, in order. */
async function applied(amounts: string[], fen = 10_000_000) {
  const agent = await createAgent(t.db, { nickname: `c-${randomUUID().slice(0, 6)}` });
  await fund(t.db, agentOwner(agent.agentId), 'balance', fen);
  const token = await signIn(t.app, t.db, agent.playerId);
  const ids: string[] = [];
  for (const amount of amounts) {
    const answer = await applyToWithdraw(t.app, token, amount, {
      accountName: '张三',
      accountNo: 'z@example.com',
    });
    expect(answer.code, answer.msg).toBe(1);
    ids.push(answer.data.withdrawal.id);
  }
  return { ...agent, token, ids };
}

const statusOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, Number(id)))
  )[0]?.status;

const adjust = (token: string, target: AccountOwner, amount: string, values: { notice?: string } = {}) =>
  admin('adminAdjustmentCreate', token, {
    ...target,
    currency: 'balance',
    direction: 'credit',
    amount,
    reason: '活动补发',
    requestId: randomUUID(),
    ...values,
  });

describe('maker/checker on withdrawals', () => {
  it('the operator who approved never settles it, the owner included; another one does', async () => {
    const [owner, finance] = await operatorsOf(['owner', 'finance']);
    const { ids } = await applied(['200.00', '300.00']);
    const [first, second] = ids as [string, string];
    expect((await admin('adminWithdrawalApprove', owner, { id: first })).data.status).toBe('approved');
    for (const answer of [
      await admin('adminWithdrawalPay', owner, { id: first, reference: 'T-1' }),
      await admin('adminWithdrawalFail', owner, { id: first, reason: '退票' }),
    ])
      expect({ code: answer.code, msg: answer.msg }).toEqual({
        code: 0,
        msg: '您批准了这笔提现：须由另一名操作员标记打款或失败',
      });
    expect(await statusOf(first)).toBe('approved');
    expect((await admin('adminWithdrawalPay', finance, { id: first, reference: 'T-1' })).data.status).toBe(
      'paid',
    );
    // Approved by the finance operator: the owner settles it.
    await admin('adminWithdrawalApprove', finance, { id: second });
    expect((await admin('adminWithdrawalPay', finance, { id: second, reference: 'T-2' })).code).toBe(0);
    expect((await admin('adminWithdrawalFail', owner, { id: second, reason: '退票' })).data.status).toBe(
      'failed',
    );
  });

  it('two operators approving and paying at once, many times: paid only by one who did not approve', async () => {
    const [a, b] = await operatorsOf(['finance', 'finance']);
    for (let round = 0; round < 6; round++) {
      const { ids } = await applied(['150.00']);
      const id = ids[0] as string;
      await Promise.all([
        admin('adminWithdrawalApprove', a, { id }),
        admin('adminWithdrawalPay', a, { id, reference: 'A' }),
        admin('adminWithdrawalPay', b, { id, reference: 'B' }),
      ]);
      const [row] = await t.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.id, Number(id)));
      if (row?.status === 'paid') expect(row.reference).toBe('B');
      else expect(row?.status).toBe('approved');
    }
  });
});

describe('maker/checker when an approval races its own operator’s pay', () => {
  it('an approval that commits between the pay’s start and its update is seen: the pay is refused', async () => {
    const operator = await createTestOperator(t.db, 'finance');
    const token = await operatorToken(t.db, operator.id);
    const { ids, agentId } = await applied(['160.00']);
    const id = Number(ids[0]);
    // The pay reads the agent (frozen or not) before it changes the withdrawal: held there by a writer of the agent's
    // row, the pay is caught between its start and its update while the same operator's approval commits.
    let release!: () => void;
    let holding!: () => void;
    const isHeld = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from agents where id = ${agentId} for update`);
      holding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isHeld;
    const paying = admin('adminWithdrawalPay', token, { id: String(id), reference: 'self' });
    await lockWaitersReach(t.db, 1);
    await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into withdrawal_approvals (withdrawal_id, operator_id) values (${id}, ${operator.id})`,
      );
      await tx.execute(sql`update withdrawals set status = 'approved', reviewed_at = now() where id = ${id}`);
    });
    release();
    await holder;
    const answer = await paying;
    expect(answer.code).not.toBe(ResponseCode.success);
    expect(await statusOf(String(id))).toBe('approved');
  });
});

describe('a frozen agent’s withdrawals are held', () => {
  it('approve and pay refused while frozen, the queue says so; reject allowed; unfrozen, they go on', async () => {
    const [support, finance, finance2] = await operatorsOf(['support', 'finance', 'finance']);
    const agent = await applied(['120.00', '130.00', '140.00']);
    const [pending, approved, rejected] = agent.ids as [string, string, string];
    await admin('adminWithdrawalApprove', finance, { id: approved });
    expect((await admin('adminAgentFreeze', support, { agentId: agent.agentId, reason: '风控' })).code).toBe(
      1,
    );

    const held = { code: 0, msg: '该代理已被冻结：解冻前其提现暂缓处理' };
    const approve = await admin('adminWithdrawalApprove', finance, { id: pending });
    expect({ code: approve.code, msg: approve.msg }).toEqual(held);
    const pay = await admin('adminWithdrawalPay', finance2, { id: approved, reference: 'T' });
    expect({ code: pay.code, msg: pay.msg }).toEqual(held);
    const queue = await admin('adminWithdrawalList', finance, { agentId: agent.agentId });
    expect(queue.data.list.map((w) => w.agentStatus)).toEqual(['frozen', 'frozen', 'frozen']);
    // Giving the money back to its balance is not held.
    expect(
      (await admin('adminWithdrawalReject', finance, { id: rejected, reason: '冻结' })).data.status,
    ).toBe('rejected');
    expect(await statusOf(pending)).toBe('pending');
    expect(await statusOf(approved)).toBe('approved');

    await admin('adminAgentUnfreeze', support, { agentId: agent.agentId, reason: '核实' });
    expect((await admin('adminWithdrawalApprove', finance, { id: pending })).data.status).toBe('approved');
    expect((await admin('adminWithdrawalPay', finance2, { id: approved, reference: 'T' })).data.status).toBe(
      'paid',
    );
  });
});

describe('the two-person rule’s daily limits on withdrawals', () => {
  it('past the agent’s or the operator’s daily solo limit a second operator approves; the reason is kept', async () => {
    await setOptions(t, {
      'withdraw.reviewThreshold': '5000.00',
      'withdraw.soloDailyPerOperator': '1000.00',
      'withdraw.soloDailyPerAgent': '600.00',
    });
    try {
      const [x, y] = await operatorsOf(['finance', 'finance']);
      const one = await applied(['500.00', '200.00']);
      const two = await applied(['400.00']);
      const three = await applied(['200.00']);
      const [a1, a2] = one.ids as [string, string];
      expect((await admin('adminWithdrawalApprove', x, { id: a1 })).data).toMatchObject({
        status: 'approved',
        approvalsNeeded: 1,
        reviewReason: null,
      });
      // The agent's day: 500 + 200 > 600.
      expect((await admin('adminWithdrawalApprove', x, { id: a2 })).data).toMatchObject({
        status: 'pending',
        approvalsNeeded: 2,
        reviewReason: 'targetDaily',
      });
      // The operator's day: 500 + 400 <= 1000, then + 200 > 1000.
      expect((await admin('adminWithdrawalApprove', x, { id: two.ids[0] as string })).data.status).toBe(
        'approved',
      );
      const third = await admin('adminWithdrawalApprove', x, { id: three.ids[0] as string });
      expect(third.data).toMatchObject({
        status: 'pending',
        approvalsNeeded: 2,
        reviewReason: 'operatorDaily',
      });
      // Another operator's approval approves them; what it approves with a second is not its solo sum.
      expect((await admin('adminWithdrawalApprove', y, { id: a2 })).data.status).toBe('approved');
      expect((await admin('adminWithdrawalApprove', y, { id: three.ids[0] as string })).data.status).toBe(
        'approved',
      );
      const audit = await t.db.execute(
        sql`select after from audit_log where action = 'withdrawal.approve' and target_id = ${a2} order by id`,
      );
      expect(audit.rows[0]).toMatchObject({ after: { approvalsNeeded: 2, reviewReason: 'targetDaily' } });
    } finally {
      await setOptions(t, {
        'withdraw.soloDailyPerOperator': '20000.00',
        'withdraw.soloDailyPerAgent': '10000.00',
      });
    }
  });

  it('parallel approvals of one agent’s withdrawals never pass its daily limit alone', async () => {
    await setOptions(t, { 'withdraw.soloDailyPerAgent': '1000.00' });
    try {
      const approvers = await operatorsOf(['finance', 'finance', 'finance']);
      const agent = await applied(['400.00', '400.00', '400.00']);
      const answers = await Promise.all(
        agent.ids.map((id, i) => admin('adminWithdrawalApprove', approvers[i] as string, { id })),
      );
      expect(answers.every((answer) => answer.code === 1)).toBe(true);
      // Two of 400 fit in 1,000, whichever two; the third waits for a second operator.
      expect(answers.filter((answer) => answer.data.status === 'approved')).toHaveLength(2);
      expect(answers.filter((answer) => answer.data.reviewReason === 'targetDaily')).toHaveLength(1);
    } finally {
      await setOptions(t, { 'withdraw.soloDailyPerAgent': '10000.00' });
    }
  });

  it('a batch approve says which were approved and which still wait for a second operator', async () => {
    const [finance] = await operatorsOf(['finance']);
    const small = await applied(['100.00']);
    const big = await applied(['6000.00']);
    const answer = await admin('adminWithdrawalBatchApprove', finance, {
      ids: [small.ids[0] as string, big.ids[0] as string],
    });
    expect(calls.adminWithdrawalBatchApprove.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data).toEqual({ changed: [small.ids[0]], waiting: [big.ids[0]], skipped: [] });
  });
});

describe('the two-person rule’s daily limits on adjustments', () => {
  it('+5,000.00 three times to one agent: the first applies, the next two wait for a second operator', async () => {
    const [finance, finance2] = await operatorsOf(['finance', 'finance']);
    const agent = await createAgent(t.db);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await adjust(finance, agentOwner(agent.agentId), '5000.00'));
    expect(answers.map((a) => [a.data.status, a.data.reviewReason])).toEqual([
      ['applied', null],
      ['pending', 'targetDaily'],
      ['pending', 'targetDaily'],
    ]);
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(500_000);
    expect(
      (await admin('adminAdjustmentApprove', finance2, { id: answers[1]?.data.id as string })).data.status,
    ).toBe('applied');
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(1_000_000);
  });

  it('parallel adjustments by one operator stop at its daily limit, whatever the account', async () => {
    await setOptions(t, { 'adjust.soloDailyPerOperator': '5000.00' });
    try {
      const [finance] = await operatorsOf(['finance']);
      const agents = await Promise.all(Array.from({ length: 6 }, () => createAgent(t.db)));
      const answers = await Promise.all(
        agents.map((agent) => adjust(finance, agentOwner(agent.agentId), '2000.00')),
      );
      expect(answers.every((answer) => answer.code === 1)).toBe(true);
      expect(answers.filter((answer) => answer.data.status === 'applied')).toHaveLength(2);
      expect(answers.filter((answer) => answer.data.reviewReason === 'operatorDaily')).toHaveLength(4);
    } finally {
      await setOptions(t, { 'adjust.soloDailyPerOperator': '10000.00' });
    }
  });

  it('the agent is told of an adjustment of its own account, with the notice, never the internal reason', async () => {
    const [finance] = await operatorsOf(['finance']);
    const agent = await createAgent(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    const answer = await adjust(finance, agentOwner(agent.agentId), '12.50', { notice: '三月活动奖励' });
    expect(answer.data).toMatchObject({ status: 'applied', notice: '三月活动奖励' });
    const inbox = await api(t.app, 'notificationList', { token, input: {} });
    expect(inbox.data.list[0]).toMatchObject({
      kind: 'balanceAdjusted',
      title: '余额已调整',
      text: '平台已调整您的余额：+12.50 元。平台留言：三月活动奖励',
    });
    expect(JSON.stringify(inbox.data)).not.toContain('活动补发');
  });
});

describe('answers that carry money or personal data', () => {
  it('are never cached: Cache-Control no-store on API answers', async () => {
    const agent = await createAgent(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    const response = await t.app.inject({
      method: calls.getUser.method,
      url: `/api/${calls.getUser.path}`,
      headers: { 'xx-token': token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const [finance] = await operatorsOf(['finance']);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals/list',
      ...asOperator(finance),
    });
    expect(list.headers['cache-control']).toBe('no-store');
    // A refusal too (it may name a balance).
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/withdrawals/approve',
      payload: { id: '999999999' },
      ...asOperator(finance),
    });
    expect(refused.json()).toMatchObject({ code: 0 });
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await callRaw(t.app, 'GET', 'admin/withdrawals/list', asOperator(finance))).code).toBe(
      ResponseCode.success,
    );
  });
});
