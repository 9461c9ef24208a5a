import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, orders, paymentNotifications } from '../../src/db/schema';
import { accountValue } from '../../src/modules/ledger/ledger-service';
import type { SandboxPaymentProvider } from '../../src/platform/payments/sandbox-provider';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/platform/payments/sandbox-provider';
import { createAgent, createGoods, createPlayer, signIn } from '../factories';
import { api, build, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';

let t: TestApp;
let goodsId: number;
let chain: {
  a: Awaited<ReturnType<typeof createAgent>>;
  b: Awaited<ReturnType<typeof createAgent>>;
  c: Awaited<ReturnType<typeof createAgent>>;
};
let boundPlayer: number;
let freePlayer: number;

beforeAll(async () => {
  t = await build();
  goodsId = await createGoods(t.db, { name: '1000 钻石', category: '钻石套餐' });
  const a = await createAgent(t.db, { level: 1 });
  const b = await createAgent(t.db, { level: 2, parentId: a.agentId });
  const c = await createAgent(t.db, { level: 3, parentId: b.agentId });
  // Custom prices set by the parents: gold at 0.55, silver at 0.65.
  await t.db.update(agents).set({ priceFen: 55 }).where(eq(agents.id, b.agentId));
  await t.db.update(agents).set({ priceFen: 65 }).where(eq(agents.id, c.agentId));
  chain = { a, b, c };
  boundPlayer = await createPlayer(t.db, { boundAgentId: c.agentId });
  freePlayer = await createPlayer(t.db);
});
afterAll(async () => t.close());

const sandbox = () => t.app.platform.payments as SandboxPaymentProvider;

const value = (ownerType: 'agent' | 'player', ownerId: number, currency: 'balance' | 'diamonds') =>
  accountValue(t.db, { ownerType, ownerId }, currency);

async function buy(playerId: number, requestId = randomUUID(), quantity = 1) {
  const token = await signIn(t.app, t.db, playerId);
  const result = await api(t.app, 'buyGoods', {
    token,
    input: { goodsId, quantity, requestId },
    headers: { uid: String(playerId) },
  });
  expect(result.code).toBe(1);
  return { ...result.data, token };
}

function notify(orderId: string, amountFen: number, options: { signature?: string } = {}) {
  const { body, signature } = sandbox().notification({
    orderId,
    providerRef: `T-${randomUUID()}`,
    amountFen,
    paid: true,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/pay/sandbox/notify',
    payload: body,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: options.signature ?? signature,
    },
  });
}

async function snapshot() {
  return t.db
    .execute(sql`select owner_type, owner_id, currency, value from accounts order by id`)
    .then((r) => r.rows);
}

describe('shop/goods/categories', () => {
  it('prices goods for the caller: retail for a player, the agent’s own price for an agent', async () => {
    const price = async (playerId: number) => {
      const token = await signIn(t.app, t.db, playerId);
      const result = await api(t.app, 'shopCategories', {
        token,
        headers: { uid: String(playerId) },
      });
      expect(result.code).toBe(1);
      return result.data.list[0]?.goods.find((g) => g.id === goodsId)?.price;
    };
    expect(await price(freePlayer)).toBe('1000.00');
    expect(await price(chain.a.playerId)).toBe('500.00');
    expect(await price(chain.b.playerId)).toBe('550.00');
    expect(await price(chain.c.playerId)).toBe('650.00');
  });

  it('refuses a uid that is not the signed-in account’s', async () => {
    const token = await signIn(t.app, t.db, freePlayer);
    const result = await api(t.app, 'shopCategories', {
      token,
      headers: { uid: String(boundPlayer) },
    });
    expect(result).toMatchObject({ code: 0, data: null });
    const missing = await api(t.app, 'shopCategories', { token });
    expect(missing.status).toBe(400);
  });
});

describe('buying through the sandbox checkout', () => {
  it('answers the same order for a retried requestId and refuses it for other parameters', async () => {
    const requestId = randomUUID();
    const first = await buy(freePlayer, requestId);
    const again = await buy(freePlayer, requestId);
    expect(again.orderId).toBe(first.orderId);
    const token = await signIn(t.app, t.db, freePlayer);
    const other = await api(t.app, 'buyGoods', {
      token,
      input: { goodsId, quantity: 2, requestId },
      headers: { uid: String(freePlayer) },
    });
    expect(other.code).toBe(0);
    const count = await t.db.select().from(orders).where(eq(orders.requestId, requestId));
    expect(count).toHaveLength(1);
  });

  it('delivers an agent’s purchase and pays each agent above its price difference, once', async () => {
    const order = await buy(chain.c.playerId);
    expect(order.amount).toBe('650.00');
    const checkoutPath = new URL(order.payUrl).pathname + new URL(order.payUrl).search;
    const page = await t.app.inject({ method: 'GET', url: checkoutPath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¥650.00');
    const forged = await t.app.inject({
      method: 'GET',
      url: checkoutPath.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`),
    });
    expect(forged.statusCode).toBe(403);

    const before = {
      c: await value('agent', chain.c.agentId, 'diamonds'),
      b: await value('agent', chain.b.agentId, 'balance'),
      a: await value('agent', chain.a.agentId, 'balance'),
    };
    // As a browser posts the checkout's form: urlencoded, empty.
    const paid = await t.app.inject({
      method: 'POST',
      url: checkoutPath.replace('?', '/pay?'),
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://promoter.test/#/agent/query-order?orderId=${order.orderId}`);
    expect(await value('agent', chain.c.agentId, 'diamonds')).toBe(before.c + 1000);
    expect(await value('agent', chain.b.agentId, 'balance')).toBe(before.b + (65 - 55) * 1000);
    expect(await value('agent', chain.a.agentId, 'balance')).toBe(before.a + (55 - 50) * 1000);

    const query = await api(t.app, 'orderQuery', {
      token: order.token,
      input: { orderId: order.orderId },
      headers: { uid: String(chain.c.playerId) },
    });
    expect(query.data.status).toBe('paid');
    expect(query.data.paidAt).not.toBeNull();

    // Paying again on the checkout, or a repeated notification, changes nothing.
    const after = await snapshot();
    await t.app.inject({ method: 'POST', url: checkoutPath.replace('?', '/pay?') });
    const repeated = await notify(order.orderId, 65_000);
    expect(repeated.json()).toMatchObject({ code: 'SUCCESS', message: 'duplicate' });
    expect(await snapshot()).toEqual(after);
    await assertLedgerInvariants(t.db);
  });

  it('pays the commission differential up the line for a bound player’s purchase', async () => {
    const order = await buy(boundPlayer);
    expect(order.amount).toBe('1000.00');
    const before = {
      p: await value('player', boundPlayer, 'diamonds'),
      c: await value('agent', chain.c.agentId, 'balance'),
      b: await value('agent', chain.b.agentId, 'balance'),
      a: await value('agent', chain.a.agentId, 'balance'),
    };
    expect((await notify(order.orderId, 100_000)).json()).toMatchObject({
      code: 'SUCCESS',
      message: 'delivered',
    });
    expect(await value('player', boundPlayer, 'diamonds')).toBe(before.p + 1000);
    expect(await value('agent', chain.c.agentId, 'balance')).toBe(before.c + 20_000); // 20 %
    expect(await value('agent', chain.b.agentId, 'balance')).toBe(before.b + 5_000); // 25 − 20 %
    expect(await value('agent', chain.a.agentId, 'balance')).toBe(before.a + 5_000); // 30 − 25 %
    await assertLedgerInvariants(t.db);
  });

  it('pays no one for an unbound player’s purchase', async () => {
    const order = await buy(freePlayer);
    const before = await snapshot();
    expect((await notify(order.orderId, 100_000)).json().message).toBe('delivered');
    const after = await snapshot();
    const changed = after.filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i]));
    expect(changed.every((row) => row.owner_type === 'player')).toBe(true);
  });

  it('applies ten concurrent copies of one notification once', async () => {
    const order = await buy(chain.b.playerId);
    const before = await value('agent', chain.b.agentId, 'diamonds');
    const { body, signature } = sandbox().notification({
      orderId: order.orderId,
      providerRef: 'T-race',
      amountFen: 55_000,
      paid: true,
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/pay/sandbox/notify',
          payload: body,
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        }),
      ),
    );
    const messages = answers.map((a) => (a.json() as { message: string }).message);
    expect(messages.filter((m) => m === 'delivered')).toHaveLength(1);
    expect(messages.filter((m) => m === 'duplicate')).toHaveLength(9);
    expect(await value('agent', chain.b.agentId, 'diamonds')).toBe(before + 1000);
    await assertLedgerInvariants(t.db);
  });

  it('changes nothing for a forged or altered notification', async () => {
    const order = await buy(freePlayer);
    const before = await snapshot();
    const forged = await notify(order.orderId, 100_000, { signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    const { body, signature } = sandbox().notification({
      orderId: order.orderId,
      providerRef: 'T',
      amountFen: 100_000,
      paid: true,
    });
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/notify',
      payload: body.replace('100000', '1'),
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    });
    expect(altered.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('pending');
  });

  it('refuses a wrong amount: acknowledged, recorded, not delivered', async () => {
    const order = await buy(freePlayer);
    const before = await snapshot();
    expect((await notify(order.orderId, 1)).json()).toMatchObject({
      code: 'SUCCESS',
      message: 'amount-mismatch',
    });
    expect(await snapshot()).toEqual(before);
    const recorded = await t.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, order.orderId));
    expect(recorded.map((r) => r.outcome)).toEqual(['amount-mismatch']);
  });

  it('never delivers an expired or cancelled order', async () => {
    const late = await buy(freePlayer);
    await t.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, late.orderId));
    const before = await snapshot();
    expect((await notify(late.orderId, 100_000)).json().message).toBe('expired');
    expect(await snapshot()).toEqual(before);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, late.orderId));
    expect(row?.status).toBe('expired');

    const dropped = await buy(freePlayer);
    const url = new URL(dropped.payUrl);
    const cancel = await t.app.inject({ method: 'POST', url: `${url.pathname}/cancel${url.search}` });
    expect(cancel.statusCode).toBe(303);
    expect((await notify(dropped.orderId, 100_000)).json().message).toBe('cancelled');
    expect(await snapshot()).toEqual(before);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.body).toContain('checkout-closed');
  });

  it('shows an order only to its buyer', async () => {
    const order = await buy(freePlayer);
    const token = await signIn(t.app, t.db, boundPlayer);
    const result = await api(t.app, 'orderQuery', {
      token,
      input: { orderId: order.orderId },
      headers: { uid: String(boundPlayer) },
    });
    expect(result).toMatchObject({ code: 0, data: null });
  });
});
