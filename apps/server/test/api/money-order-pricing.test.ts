import { randomUUID } from 'node:crypto';
import { ResponseCode } from '@promoter/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, options, orders, paymentNotifications, players } from '../../src/db/schema';
import type { PaymentRequest } from '../../src/platform/payments/payment-provider';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxPaymentProvider,
} from '../../src/platform/payments/sandbox-provider';
import { createAgent, createGoods, createPlayer, signIn } from '../factories';
import { asOperator, createTestOperator, operatorToken } from '../operator-factories';
import { api, build, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';
import { watchOpenTransactions } from '../open-transactions';
import { accountValue, agentOwner, playerOwner } from './money-support';

/**
 * Decision 008: an order is paid at the prices it was sold at. And a frozen agent can do nothing with money: not
 * buy, and not be delivered a payment that lands after it was frozen (the order is held for the operator).
 */

/** The sandbox, with a hook that runs while the provider is being asked (to look at the database then). */
class ObservedSandbox extends SandboxPaymentProvider {
  during: (() => Promise<void>) | undefined;
  failNext = false;
  override async createPayment(request: PaymentRequest): Promise<{ payUrl: string }> {
    await this.during?.();
    if (this.failNext) {
      this.failNext = false;
      throw new Error('provider unreachable');
    }
    return super.createPayment(request);
  }
}

let t: TestApp;
let goodsId: number;
const sandbox = new ObservedSandbox('order-pricing-test-key');

beforeAll(async () => {
  t = await build({}, undefined, { payments: sandbox });
  goodsId = await createGoods(t.db, { name: '1000 钻石', category: '钻石套餐' });
});
afterAll(async () => t.close());

async function buy(playerId: number, requestId = randomUUID()) {
  const token = await signIn(t.app, t.db, playerId);
  return api(t.app, 'buyGoods', {
    token,
    input: { goodsId, quantity: 1, requestId },
    headers: { uid: String(playerId) },
  });
}

async function notify(orderId: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const { body, signature } = sandbox.notification({
    orderId,
    providerRef: `T-${randomUUID()}`,
    amountFen: order?.amountFen ?? 0,
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

const balance = (agentId: number) => accountValue(t.db, agentOwner(agentId), 'balance');
const stock = (agentId: number) => accountValue(t.db, agentOwner(agentId), 'diamonds');

async function setOption(key: string, value: string) {
  await t.db
    .insert(options)
    .values({ key, value })
    .onConflictDoUpdate({ target: options.key, set: { value } });
}

describe('profit follows the price the buyer paid', () => {
  it('a price raised between the order and its payment changes nothing (0.60 sold, 1.00 set later)', async () => {
    const parent = await createAgent(t.db, { level: 1 }); // 0.50
    const child = await createAgent(t.db, { level: 2, parentId: parent.agentId }); // 0.60
    const order = await buy(child.playerId);
    expect(order).toMatchObject({ status: 200, code: 1, data: { amount: '600.00' } });

    const parentToken = await signIn(t.app, t.db, parent.playerId);
    const raised = await api(t.app, 'setPrice', {
      token: parentToken,
      input: { childId: child.agentId, price: '1.00' },
    });
    expect(raised).toMatchObject({ status: 200, code: 1 });
    await notify(order.data.orderId);

    expect(await stock(child.agentId)).toBe(1000);
    expect(await balance(parent.agentId)).toBe(10_000); // (0.60 - 0.50) x 1,000 = 100.00, not 500.00
    await assertLedgerInvariants(t.db);
  });

  it('a re-parenting and a level change between the order and its payment pay the line the order was sold in', async () => {
    const top = await createAgent(t.db, { level: 1 }); // 0.50
    const other = await createAgent(t.db, { level: 1 });
    const mid = await createAgent(t.db, { level: 2, parentId: top.agentId }); // 0.60
    const buyer = await createAgent(t.db, { level: 3, parentId: mid.agentId }); // 0.70
    const order = await buy(buyer.playerId);
    expect(order.data.amount).toBe('700.00');

    await t.db.update(agents).set({ parentId: other.agentId }).where(eq(agents.id, mid.agentId));
    await t.db.update(agents).set({ level: 2, priceFen: 52 }).where(eq(agents.id, buyer.agentId));
    await setOption('price.level2', '0.65');
    try {
      await notify(order.data.orderId);
    } finally {
      await setOption('price.level2', '0.60');
    }
    expect(await balance(mid.agentId)).toBe(10_000); // (0.70 - 0.60) x 1,000
    expect(await balance(top.agentId)).toBe(10_000); // (0.60 - 0.50) x 1,000
    expect(await balance(other.agentId)).toBe(0);
  });

  it('a player’s purchase pays the commission rates and the binding of the moment it was ordered', async () => {
    const top = await createAgent(t.db, { level: 1 }); // 30 %
    const own = await createAgent(t.db, { level: 2, parentId: top.agentId }); // 25 %
    const elsewhere = await createAgent(t.db, { level: 1 });
    const player = await createPlayer(t.db, { boundAgentId: own.agentId });
    const order = await buy(player);
    expect(order.data.amount).toBe('1000.00');

    await setOption('commission.level2', '10');
    await t.db.update(players).set({ boundAgentId: elsewhere.agentId }).where(eq(players.id, player));
    try {
      await notify(order.data.orderId);
    } finally {
      await setOption('commission.level2', '25');
    }
    expect(await accountValue(t.db, playerOwner(player), 'diamonds')).toBe(1000);
    expect(await balance(own.agentId)).toBe(25_000); // 25 % of 1,000.00
    expect(await balance(top.agentId)).toBe(5_000); // 30 % - 25 %
    expect(await balance(elsewhere.agentId)).toBe(0);
    await assertLedgerInvariants(t.db);
  });
});

describe('a frozen agent can do nothing with money', () => {
  it('answers 1002 to the shop’s calls, while signing out still works', async () => {
    const agent = await createAgent(t.db, { level: 1 });
    const token = await signIn(t.app, t.db, agent.playerId);
    await t.db.update(agents).set({ status: 'frozen' }).where(eq(agents.id, agent.agentId));
    const headers = { uid: String(agent.playerId) };
    const bought = await api(t.app, 'buyGoods', {
      token,
      headers,
      input: { goodsId, quantity: 1, requestId: randomUUID() },
    });
    expect(bought).toMatchObject({
      status: 200,
      code: ResponseCode.agentUnavailable,
      msg: '您的推广员账号已被冻结，请联系上级或客服',
      data: null,
    });
    const listed = await api(t.app, 'shopCategories', { token, headers });
    expect(listed).toMatchObject({ status: 200, code: ResponseCode.agentUnavailable });
    const orderCount = await t.db.select().from(orders).where(eq(orders.playerId, agent.playerId));
    expect(orderCount).toHaveLength(0);
    await t.db.update(agents).set({ status: 'pending' }).where(eq(agents.id, agent.agentId));
    const pending = await api(t.app, 'getUser', { token });
    expect(pending).toMatchObject({ status: 200, code: ResponseCode.agentUnavailable });
    const out = await api(t.app, 'logout', { token });
    expect(out).toMatchObject({ status: 200, code: 1 });
  });

  it('a payment that lands after the agent was frozen is held for a refund, not delivered, and not lost', async () => {
    const parent = await createAgent(t.db, { level: 1 });
    const child = await createAgent(t.db, { level: 2, parentId: parent.agentId });
    const order = await buy(child.playerId);
    expect(order.code).toBe(1);
    await t.db.update(agents).set({ status: 'frozen' }).where(eq(agents.id, child.agentId));
    await notify(order.data.orderId);
    await notify(order.data.orderId); // the provider's retry changes nothing

    const [held] = await t.db.select().from(orders).where(eq(orders.id, order.data.orderId));
    expect(held).toMatchObject({ status: 'held', amountFen: 60_000 });
    expect(held?.paidAt).not.toBeNull();
    expect(await stock(child.agentId)).toBe(0);
    expect(await balance(parent.agentId)).toBe(0);
    const recorded = await t.db
      .select({ outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, order.data.orderId));
    expect(recorded.map((r) => r.outcome)).toEqual(['held', 'duplicate']);
    await assertLedgerInvariants(t.db);
  });
});

describe('an operator releases a held order', () => {
  it('delivers it once the agent is active again: once, at the prices frozen on it, audited', async () => {
    const parent = await createAgent(t.db, { level: 1 });
    const child = await createAgent(t.db, { level: 2, parentId: parent.agentId });
    const order = await buy(child.playerId);
    await t.db.update(agents).set({ status: 'frozen' }).where(eq(agents.id, child.agentId));
    await notify(order.data.orderId);
    // The prices change before the release: the order keeps its own.
    await setOption('price.level2', '1.00');

    const token = async (role: 'finance' | 'support') =>
      operatorToken(t.db, (await createTestOperator(t.db, role)).id);
    const [finance, finance2, support] = [
      await token('finance'),
      await token('finance'),
      await token('support'),
    ];
    const release = (operator: string, reason = '已解冻，补发钻石') =>
      api(t.app, 'adminOrderRelease', {
        input: { orderId: order.data.orderId, reason },
        ...asOperator(operator),
      });

    expect((await release(support)).code).toBe(ResponseCode.operatorForbidden);
    const stillFrozen = await release(finance);
    expect(stillFrozen).toMatchObject({ code: ResponseCode.failure });
    expect(stillFrozen.msg).toContain(String(child.agentId));
    expect(await stock(child.agentId)).toBe(0);

    await t.db.update(agents).set({ status: 'active' }).where(eq(agents.id, child.agentId));
    const answers = await Promise.all([release(finance), release(finance2)]);
    expect(answers.map((a) => a.code).sort()).toEqual([ResponseCode.failure, ResponseCode.success]);
    const done = answers.find((a) => a.code === ResponseCode.success);
    expect(done?.data.order.status).toBe('paid');
    expect(await stock(child.agentId)).toBe(1_000);
    expect(await balance(parent.agentId)).toBe(10_000); // (0.60 - 0.50) x 1,000, the prices of the order
    const audit = await t.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'order.release' and target_id = ${order.data.orderId}`,
    );
    expect((audit.rows[0] as { n: number }).n).toBe(1);
    // Not held any more: nothing to release.
    expect((await release(finance)).code).toBe(ResponseCode.failure);
    expect(await stock(child.agentId)).toBe(1_000);
    await setOption('price.level2', '0.60');
    await assertLedgerInvariants(t.db);
  });
});

describe('the payment provider is called with no transaction open', () => {
  it('holds no transaction (nor lock) while the provider answers, and leaves no order when it fails', async () => {
    const agent = await createAgent(t.db, { level: 1 });
    const open = await watchOpenTransactions(t.databaseUrl);
    sandbox.during = open.count;
    try {
      const requestId = randomUUID();
      sandbox.failNext = true;
      const failed = await buy(agent.playerId, requestId);
      expect(failed).toMatchObject({ status: 200, code: 0, data: null });
      expect(failed.msg).toMatch(/支付/);
      const left = await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.playerId, agent.playerId)));
      expect(left).toHaveLength(0);

      const retried = await buy(agent.playerId, requestId);
      expect(retried).toMatchObject({ status: 200, code: 1, data: { amount: '500.00' } });
      const again = await buy(agent.playerId, requestId);
      expect(again.data.orderId).toBe(retried.data.orderId);
      expect(open.seen).toEqual([0, 0]);
    } finally {
      sandbox.during = undefined;
      await open.close();
    }
    const [{ n } = { n: -1 }] = (
      await t.db.execute<{ n: number }>(sql`select count(*)::int as n from orders where pay_url is null`)
    ).rows;
    expect(n).toBe(0);
  });
});
