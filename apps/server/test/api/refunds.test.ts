import { randomUUID } from 'node:crypto';
import { BillType } from '@promoter/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, gameEvents, orders, refunds } from '../../src/db/schema';
import type { JobDeps } from '../../src/jobs/job-deps';
import { runRefund, sweepRefunds } from '../../src/modules/refunds/refund-jobs';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxPaymentProvider,
} from '../../src/platform/payments/sandbox-provider';
import { PaymentProviderError } from '../../src/platform/payments/payment-provider';
import { createAgent, createGoods, createPlayer, fund, signIn } from '../factories';
import { api } from '../helper';
import { quietLog, startTestJobs } from '../test-jobs';
import { adminApi, NO_DAILY_LIMITS, setOptions, signInOperators, useAdminTestApp } from './admin-support';
import { accountValue, agentOwner, entriesOfRef, expectRefusal, playerOwner } from './money-support';

/**
 * Refunds (decision 043): an operator's refund of a paid or held order, under the two-person rule, sent by the job
 * queue's task to the provider (the sandbox here; WeChat Pay's adapter is tested against its stand-in in
 * wechat-pay-refunds.test.ts), and, once the provider says the money reached the buyer, the clawback of what the order
 * gave: the buyer's diamonds as far as they are left, each upline's profit share, the rest owed and paid first from
 * the agent's next profit. The ledger's invariants are checked after every test.
 */
const t = useAdminTestApp({ checkLedger: true });
const admin = adminApi(t);
let owner: string;
let finance: string;
let support: string;
let ownerId: number;

const deps = (): JobDeps => ({
  db: t.db,
  payments: t.app.platform.payments,
  log: quietLog,
  notifyBase: 'http://127.0.0.1:9',
});
const sandbox = () => t.app.platform.payments as SandboxPaymentProvider;

beforeAll(async () => {
  [owner, finance, support] = await signInOperators(t, ['owner', 'finance', 'support']);
  const me = await admin('adminMe', owner, {});
  ownerId = me.data.id;
  await setOptions(t, { ...NO_DAILY_LIMITS, 'refund.reviewThreshold': '100000.00' });
});

/** Agents A (level 1) > B (2) > C (3), a player bound to C, and a paid order of `diamonds` at 1.00 each. */
async function paidPlayerOrder(diamonds = 100) {
  const a = await createAgent(t.db, { level: 1 });
  const b = await createAgent(t.db, { level: 2, parentId: a.agentId });
  const c = await createAgent(t.db, { level: 3, parentId: b.agentId });
  const playerId = await createPlayer(t.db, { boundAgentId: c.agentId });
  const goodsId = await createGoods(t.db, { diamonds, name: `${diamonds}钻石` });
  const bought = await api(t.app, 'buyGoods', {
    token: await signIn(t.app, t.db, playerId),
    input: { goodsId, quantity: 1, requestId: randomUUID() },
    headers: { uid: String(playerId) },
  });
  expect(bought.code, bought.msg).toBe(1);
  const orderId = bought.data.orderId;
  await pay(orderId, diamonds * 100);
  return { a, b, c, playerId, orderId };
}

/** The sandbox's signed notification that the order was paid. */
async function pay(orderId: string, amountFen: number) {
  const { body, signature } = sandbox().notification({
    orderId,
    providerRef: `T-${randomUUID()}`,
    amountFen,
    paid: true,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/pay/sandbox/notify',
    payload: body,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
  });
  expect(response.statusCode).toBe(200);
}

async function refund(orderId: string, amount: string, token = owner, requestId = randomUUID()) {
  return admin('adminRefundCreate', token, { orderId, amount, reason: '玩家申请退款', requestId });
}

async function refundDone(orderId: string, amount: string) {
  const asked = await refund(orderId, amount);
  expect(asked.code, asked.msg).toBe(1);
  expect(asked.data.status).toBe('approved');
  expect(await runRefund(deps(), asked.data.id)).toBe('succeeded');
  return asked.data.id;
}

const balance = (agentId: number) => accountValue(t.db, agentOwner(agentId), 'balance');
const owed = async (agentId: number) => {
  const [row] = await t.db
    .select({ value: accounts.value })
    .from(accounts)
    .where(
      and(eq(accounts.ownerType, 'agent'), eq(accounts.ownerId, agentId), eq(accounts.currency, 'owed')),
    );
  return row?.value ?? 0;
};
const orderRow = async (orderId: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0] as typeof orders.$inferSelect;

describe('a whole refund of a delivered order', () => {
  it('gives the money back once and takes back the diamonds and every profit share, as ledger entries', async () => {
    const { a, b, c, playerId, orderId } = await paidPlayerOrder(100);
    // 100.00 paid: C earns 20 % (20.00), B 25 - 20 = 5 % (5.00), A 30 - 25 = 5 % (5.00).
    expect([await balance(c.agentId), await balance(b.agentId), await balance(a.agentId)]).toEqual([
      2000, 500, 500,
    ]);
    const id = await refundDone(orderId, '100.00');
    expect([await balance(c.agentId), await balance(b.agentId), await balance(a.agentId)]).toEqual([0, 0, 0]);
    expect(await accountValue(t.db, playerOwner(playerId), 'diamonds')).toBe(0);
    expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', refundedFen: 10_000 });
    const entries = await entriesOfRef(t.db, 'refund', id);
    expect(entries.every((entry) => entry.billType === BillType.refundClawback && entry.amount < 0)).toBe(
      true,
    );
    expect(entries).toHaveLength(4);
    // The game hears of the diamonds taken back like every change of them (decision 040).
    const events = await t.db.select().from(gameEvents).where(eq(gameEvents.sourceId, id));
    expect(events).toMatchObject([{ type: 'diamonds.debited', diamonds: -100, sourceType: 'refund' }]);
    // The order's page shows it.
    const detail = await admin('adminOrderDetail', owner, { orderId });
    expect(detail.data.refunds).toMatchObject({ refunded: '100.00', refundable: '0.00' });
    expect(detail.data.refunds.list[0]).toMatchObject({ id, status: 'succeeded', amount: '100.00' });
    expect(detail.data.refunds.list[0]?.clawbacks).toHaveLength(4);
    // Asked again (a repeated job, a late notification), nothing moves.
    await t.db
      .update(refunds)
      .set({ checkAt: sql`now()` })
      .where(eq(refunds.id, id));
    expect(await runRefund(deps(), id)).toBe('not claimed');
    expect(await refund(orderId, '0.01')).toMatchObject({ code: 0 });
  });

  it('tells the agents concerned', async () => {
    const { c, orderId } = await paidPlayerOrder(100);
    await refundDone(orderId, '100.00');
    const inbox = await api(t.app, 'notificationList', {
      token: await signIn(t.app, t.db, c.playerId),
      input: { page: 1, pageSize: 10 },
      headers: { uid: String(c.playerId) },
    });
    expect(inbox.code, inbox.msg).toBe(1);
    expect(inbox.data.list.map((item) => item.kind)).toContain('profitClawedBack');
  });
});

describe('partial refunds', () => {
  it('add up to exactly the order’s shares, never more', async () => {
    const { a, b, c, orderId } = await paidPlayerOrder(100);
    await refundDone(orderId, '33.33');
    await refundDone(orderId, '33.33');
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', refundedFen: 6666 });
    await refundDone(orderId, '33.34');
    expect([await balance(c.agentId), await balance(b.agentId), await balance(a.agentId)]).toEqual([0, 0, 0]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', refundedFen: 10_000 });
  });

  it('are refused beyond what is left, and ten at once never pass the amount', async () => {
    const { orderId } = await paidPlayerOrder(100);
    expectRefusal(await refund(orderId, '100.01'), /100.00/);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(orderId, '30.00')));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(3);
    const live = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(live.reduce((sum, row) => sum + row.amountFen, 0)).toBe(9000);
  });

  it('with the same requestId are one refund', async () => {
    const { orderId } = await paidPlayerOrder(100);
    const requestId = randomUUID();
    const [first, second] = await Promise.all([
      refund(orderId, '10.00', owner, requestId),
      refund(orderId, '10.00', owner, requestId),
    ]);
    expect(first.data.id).toBe(second.data.id);
    expectRefusal(await refund(orderId, '11.00', owner, requestId), /请求编号已用于另一笔操作/);
  });
});

describe('a share the balance cannot cover', () => {
  it('is owed, never a negative balance, and paid first from the agent’s next profit', async () => {
    const { c, orderId, playerId } = await paidPlayerOrder(100);
    // C spends its 20.00 but 5.00 (a withdrawal would do the same).
    await t.db.transaction(async (tx) => {
      const { post } = await import('../../src/modules/ledger/ledger-service');
      await post(tx, {
        owner: agentOwner(c.agentId),
        currency: 'balance',
        amount: -1500,
        billType: BillType.adjustment,
        ref: { type: 'adjustment', id: `spend-${c.agentId}` },
      });
    });
    const id = await refundDone(orderId, '100.00');
    expect(await balance(c.agentId)).toBe(0);
    expect(await owed(c.agentId)).toBe(1500);
    const detail = await admin('adminOrderDetail', owner, { orderId });
    const line = detail.data.refunds.list[0]?.clawbacks.find(
      (l) => l.ownerId === c.agentId && l.currency === 'balance',
    );
    expect(line).toMatchObject({ taken: '5.00', owed: '15.00' });
    expect(id).toMatch(/^rf_/);
    // The player buys again: C's 20.00 commission pays the 15.00 first.
    const goodsId = await createGoods(t.db, { diamonds: 100 });
    const bought = await api(t.app, 'buyGoods', {
      token: await signIn(t.app, t.db, playerId),
      input: { goodsId, quantity: 1, requestId: randomUUID() },
      headers: { uid: String(playerId) },
    });
    await pay(bought.data.orderId, 10_000);
    expect(await owed(c.agentId)).toBe(0);
    expect(await balance(c.agentId)).toBe(500);
    const repaid = await entriesOfRef(t.db, 'order', bought.data.orderId);
    expect(repaid.filter((entry) => entry.billType === BillType.owedRepayment)).toHaveLength(2);
  });

  it('takes the buyer’s diamonds only as far as they are left, the rest reported short', async () => {
    const { orderId, playerId } = await paidPlayerOrder(100);
    await t.db.transaction(async (tx) => {
      const { post } = await import('../../src/modules/ledger/ledger-service');
      await post(tx, {
        owner: playerOwner(playerId),
        currency: 'diamonds',
        amount: -70,
        billType: BillType.adjustment,
        ref: { type: 'adjustment', id: `spent-${playerId}` },
      });
    });
    const id = await refundDone(orderId, '100.00');
    expect(await accountValue(t.db, playerOwner(playerId), 'diamonds')).toBe(0);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, id));
    expect(row?.diamondsShort).toBe(70);
  });
});

describe('a held order', () => {
  it('is refunded with nothing to take back, and is never released after', async () => {
    const frozen = await createAgent(t.db, { level: 1 });
    const goodsId = await createGoods(t.db, { diamonds: 50 });
    const bought = await api(t.app, 'buyGoods', {
      token: await signIn(t.app, t.db, frozen.playerId),
      input: { goodsId, quantity: 1, requestId: randomUUID() },
      headers: { uid: String(frozen.playerId) },
    });
    expect(bought.code, bought.msg).toBe(1);
    const { agents } = await import('../../src/db/schema');
    await t.db.update(agents).set({ status: 'frozen' }).where(eq(agents.id, frozen.agentId));
    await pay(bought.data.orderId, (await orderRow(bought.data.orderId)).amountFen);
    const order = await orderRow(bought.data.orderId);
    expect(order.status).toBe('held');
    const asked = await refund(order.id, '1.00');
    expect(asked.code, asked.msg).toBe(1);
    await t.db.update(agents).set({ status: 'active' }).where(eq(agents.id, frozen.agentId));
    expectRefusal(await admin('adminOrderRelease', owner, { orderId: order.id, reason: '解冻' }), /退款/);
    expect(await runRefund(deps(), asked.data.id)).toBe('succeeded');
    expect(await entriesOfRef(t.db, 'refund', asked.data.id)).toEqual([]);
  });
});

describe('the two-person rule', () => {
  it('keeps a refund above the threshold waiting for a second operator, never its maker', async () => {
    const { orderId } = await paidPlayerOrder(100);
    await setOptions(t, { 'refund.reviewThreshold': '50.00' });
    try {
      const asked = await refund(orderId, '60.00', owner);
      expect(asked.data).toMatchObject({ status: 'requested', approvalsNeeded: 2, reviewReason: 'amount' });
      expect(await runRefund(deps(), asked.data.id)).toBe('not claimed');
      expectRefusal(await admin('adminRefundApprove', owner, { id: asked.data.id }), /发起退款的操作员/);
      const approved = await admin('adminRefundApprove', finance, { id: asked.data.id });
      expect(approved.data).toMatchObject({ status: 'approved' });
      expect(approved.data.approvals).toHaveLength(2);
      expect(await runRefund(deps(), asked.data.id)).toBe('succeeded');
      const other = await refund(orderId, '40.00', finance);
      expect(other.data.status).toBe('approved');
      const big = await paidPlayerOrder(100);
      const rejected = await refund(big.orderId, '80.00', finance);
      const answer = await admin('adminRefundReject', owner, {
        id: rejected.data.id,
        reason: '不符合退款条件',
      });
      expect(answer.data).toMatchObject({ status: 'rejected', remark: '不符合退款条件' });
      expect((await admin('adminOrderDetail', owner, { orderId: big.orderId })).data.refunds.refundable).toBe(
        '100.00',
      );
    } finally {
      await setOptions(t, { 'refund.reviewThreshold': '100000.00' });
    }
  });

  it('counts an operator’s solo refunds of the day', async () => {
    const { orderId } = await paidPlayerOrder(100);
    const [solo] = await signInOperators(t, ['finance']);
    await setOptions(t, { 'refund.soloDailyPerOperator': '50.00' });
    try {
      expect((await refund(orderId, '30.00', solo)).data.status).toBe('approved');
      expect((await refund(orderId, '30.00', solo)).data).toMatchObject({
        status: 'requested',
        reviewReason: 'operatorDaily',
      });
    } finally {
      await setOptions(t, NO_DAILY_LIMITS);
    }
  });

  it('is the right of owner and finance only', async () => {
    const { orderId } = await paidPlayerOrder(10);
    expect(await refund(orderId, '1.00', support)).toMatchObject({ msg: expect.stringContaining('refunds') });
    expect((await admin('adminRefundList', support, { page: 1, pageSize: 10 })).code).toBe(1);
    expect(ownerId).toBeGreaterThan(0);
  });
});

describe('the provider’s answers', () => {
  it('a processing refund is asked about, and its notification settles it once', async () => {
    const { c, orderId } = await paidPlayerOrder(100);
    sandbox().refundOutcome = 'processing';
    let id: string;
    try {
      const asked = await refund(orderId, '100.00');
      id = asked.data.id;
      expect(await runRefund(deps(), id)).toBe('processing');
    } finally {
      sandbox().refundOutcome = 'succeeded';
    }
    const notification = sandbox().settleRefund(id, 'succeeded');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/pay/sandbox/refund-notify',
        payload: notification.rawBody,
        headers: { ...(notification.headers as Record<string, string>), 'content-type': 'application/json' },
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((r) => (JSON.parse(r.body) as { message: string }).message).sort()).toEqual([
      'duplicate',
      'duplicate',
      'succeeded',
    ]);
    expect(await balance(c.agentId)).toBe(0);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/refund-notify',
      payload: notification.rawBody.replace('SUCCESS', 'CLOSED'),
      headers: { ...(notification.headers as Record<string, string>), 'content-type': 'application/json' },
    });
    expect(forged.statusCode).toBe(400);
  });

  it('a closed refund gives nothing back and takes nothing back', async () => {
    const { c, orderId } = await paidPlayerOrder(100);
    sandbox().refundOutcome = 'closed';
    try {
      const asked = await refund(orderId, '50.00');
      expect(await runRefund(deps(), asked.data.id)).toBe('closed');
    } finally {
      sandbox().refundOutcome = 'succeeded';
    }
    expect(await balance(c.agentId)).toBe(2000);
    expect((await admin('adminOrderDetail', owner, { orderId })).data.refunds.refundable).toBe('100.00');
  });

  it('a silence is tried again with the same id; a final refusal the provider never took fails it', async () => {
    const { orderId } = await paidPlayerOrder(100);
    const provider = deps().payments;
    const asked = await refund(orderId, '10.00');
    const original = provider.refund.bind(provider);
    provider.refund = async () => {
      throw new PaymentProviderError('timed out', { code: 'TIMEOUT', retryable: true, outcomeUnknown: true });
    };
    try {
      expect(await runRefund(deps(), asked.data.id)).toBe('retrying');
      const [waiting] = await t.db.select().from(refunds).where(eq(refunds.id, asked.data.id));
      expect(waiting).toMatchObject({ status: 'approved', lastError: 'TIMEOUT: timed out' });
      expect(waiting?.checkAt?.getTime()).toBeGreaterThan(Date.now());
      provider.refund = async () => {
        throw new PaymentProviderError('refused', { code: 'INVALID_REQUEST' });
      };
      await t.db
        .update(refunds)
        .set({ checkAt: sql`now()` })
        .where(eq(refunds.id, asked.data.id));
      expect(await runRefund(deps(), asked.data.id)).toBe('failed');
    } finally {
      provider.refund = original;
    }
    expect((await admin('adminOrderDetail', owner, { orderId })).data.refunds.refundable).toBe('100.00');
  });

  it('a refund whose job was lost is found by the sweep', async () => {
    const { orderId } = await paidPlayerOrder(10);
    const asked = await refund(orderId, '1.00');
    await t.db.execute(
      sql`delete from graphile_worker._private_jobs where key = ${`refund:${asked.data.id}`}`,
    );
    await t.db
      .update(refunds)
      .set({ checkAt: sql`now() - interval '5 minutes'` })
      .where(eq(refunds.id, asked.data.id));
    expect(await sweepRefunds(t.db)).toBeGreaterThanOrEqual(1);
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.jobs where key = ${`refund:${asked.data.id}`}`,
    );
    expect(jobs.rows[0]?.n).toBe(1);
  });
});

describe('the queue’s workers', () => {
  it('send an approved refund within seconds of its commit and settle it once', async () => {
    const { c, orderId } = await paidPlayerOrder(100);
    const jobs = await startTestJobs(t);
    try {
      const asked = await refund(orderId, '100.00');
      // Bounded by the test's own time-out, not by a count of polls.
      for (;;) {
        const [row] = await t.db.select().from(refunds).where(eq(refunds.id, asked.data.id));
        if (row?.status === 'succeeded') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await balance(c.agentId)).toBe(0);
      expect(await entriesOfRef(t.db, 'refund', asked.data.id)).toHaveLength(4);
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});

describe('funds', () => {
  it('an agent that owes nothing earns its profit whole', async () => {
    const agent = await createAgent(t.db, { level: 1 });
    await fund(t.db, agentOwner(agent.agentId), 'balance', 100);
    expect(await owed(agent.agentId)).toBe(0);
  });
});
