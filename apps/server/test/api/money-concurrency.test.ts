import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { options, orders } from '../../src/db/schema';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxPaymentProvider,
} from '../../src/platform/payments/sandbox-provider';
import { createAgent, createGoods, createPlayer, fund, signIn } from '../factories';
import { build, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';
import { expectRefusal, setOption } from './money-support';

let t: TestApp;
beforeAll(async () => {
  t = await build();
  await t.db.insert(options).values({ key: 'withdraw.dailyCount', value: '1000' });
});
afterAll(async () => t.close());

interface Op {
  token: string;
  url: string;
  body: Record<string, unknown>;
}

/** A notification of the sandbox provider: the order paid, signed as the provider signs it. */
function notification(orderId: string, amountFen: number) {
  const sandbox = t.app.platform.payments as SandboxPaymentProvider;
  const { body, signature } = sandbox.notification({
    orderId,
    providerRef: `T-${randomUUID()}`,
    amountFen,
    paid: true,
  });
  return {
    method: 'POST' as const,
    url: '/api/pay/sandbox/notify',
    payload: body,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
  };
}

/** A small deterministic generator: the same run every time, and still a thorough mix. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

describe('money under concurrency', () => {
  it('keeps every invariant with 260 parallel recharges, transfers, withdrawals and exchanges, duplicates among them, and paid orders', async () => {
    const a = await createAgent(t.db, { level: 1 });
    const b = await createAgent(t.db, { level: 2, parentId: a.agentId });
    const c = await createAgent(t.db, { level: 3, parentId: b.agentId });
    const players = [await createPlayer(t.db), await createPlayer(t.db)];
    const initialDiamonds = { [a.agentId]: 4_000, [b.agentId]: 600, [c.agentId]: 100 };
    const initialBalance = { [a.agentId]: 300_000, [b.agentId]: 40_000, [c.agentId]: 0 };
    for (const agent of [a, b, c]) {
      await fund(
        t.db,
        { ownerType: 'agent', ownerId: agent.agentId },
        'diamonds',
        initialDiamonds[agent.agentId] as number,
      );
      const cash = initialBalance[agent.agentId] as number;
      if (cash > 0) await fund(t.db, { ownerType: 'agent', ownerId: agent.agentId }, 'balance', cash);
    }
    const token = {
      a: await signIn(t.app, t.db, a.playerId),
      b: await signIn(t.app, t.db, b.playerId),
      c: await signIn(t.app, t.db, c.playerId),
    };

    // Twelve orders, placed in parallel, each with a racing copy of its requestId: six of agent c (its upline earns
    // the price difference), six of a player bound to c (c and its upline earn commissions). Their payments land in
    // the middle of the money calls below, three copies of each notification at once.
    const goodsId = await createGoods(t.db, { name: '100钻石', diamonds: 100 });
    const buyer = await createPlayer(t.db, { boundAgentId: c.agentId });
    const buyerToken = await signIn(t.app, t.db, buyer);
    const purchases = Array.from({ length: 12 }, (_, i) => ({
      token: i < 6 ? token.c : buyerToken,
      uid: String(i < 6 ? c.playerId : buyer),
      body: { goodsId, quantity: 1 + (i % 3), requestId: randomUUID() },
    }));
    const placed = await Promise.all(
      [...purchases, ...purchases].map(async (p) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/shop/goods/buyGoods',
          payload: p.body,
          headers: { 'xx-token': p.token, uid: p.uid },
        });
        expect(response.statusCode).toBe(200);
        const body = response.json() as { code: number; data: { orderId: string; amount: string } };
        expect(body.code).toBe(1);
        return { requestId: p.body.requestId, ...body.data };
      }),
    );
    const orderOf = new Map<string, { orderId: string; amount: string }>();
    for (const p of placed) {
      // Both copies of a requestId answer the same order.
      expect(orderOf.get(p.requestId)?.orderId ?? p.orderId).toBe(p.orderId);
      orderOf.set(p.requestId, p);
    }
    expect(new Set(placed.map((p) => p.orderId)).size).toBe(12);

    const rnd = random(42);
    const ops: Op[] = [];
    for (let i = 0; i < 220; i++) {
      const kind = rnd(6);
      const requestId = randomUUID();
      if (kind === 0 || kind === 1) {
        const who = rnd(3) === 0 ? token.b : token.a;
        ops.push({
          token: who,
          url: 'agent/index/recharge',
          body: { playerId: players[rnd(2)], diamonds: 1 + rnd(90), requestId },
        });
      } else if (kind === 2) {
        const [from, to] = rnd(2) === 0 ? [token.a, b.agentId] : [token.b, c.agentId];
        ops.push({
          token: from,
          url: 'agent/user/transferAgent',
          body: { toAgentId: to, diamonds: 1 + rnd(120), requestId },
        });
      } else if (kind === 3) {
        const who = rnd(2) === 0 ? token.a : token.b;
        ops.push({
          token: who,
          url: 'agent/user/withdrawPostByUser',
          body: {
            amount: `${100 + rnd(400)}.${rnd(100).toString().padStart(2, '0')}`,
            accountType: 'alipay',
            accountName: '王',
            accountNo: 'a@b.c',
            requestId,
          },
        });
      } else {
        const who = [token.a, token.b, token.c][rnd(3)] as string;
        ops.push({
          token: who,
          url: 'agent/user/withdrawExchange',
          body: { amount: `${1 + rnd(300)}.${rnd(100).toString().padStart(2, '0')}`, requestId },
        });
      }
    }
    // Forty retries of earlier operations, sent at the same time as their originals.
    const all = [...ops];
    for (let i = 0; i < 40; i++) all.splice(rnd(all.length), 0, ops[rnd(ops.length)] as Op);

    const notifications = [...orderOf.values()].flatMap((o) =>
      Array.from({ length: 3 }, () => ({
        orderId: o.orderId,
        request: notification(o.orderId, Math.round(Number(o.amount) * 100)),
      })),
    );
    const paying = Promise.all(
      notifications.map(async (n) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 30));
        const response = await t.app.inject(n.request);
        return {
          orderId: n.orderId,
          status: response.statusCode,
          body: response.json() as { message: string },
        };
      }),
    );
    const responses = await Promise.all(
      all.map(async (op) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/${op.url}`,
          payload: op.body,
          headers: { 'xx-token': op.token },
        });
        return {
          op,
          status: response.statusCode,
          body: response.json() as { code: number; msg: string; data: unknown },
        };
      }),
    );

    // Every order is delivered once: one notification of three says so, the others find it paid.
    const paid = await paying;
    expect(paid.filter((p) => p.status !== 200)).toEqual([]);
    for (const o of orderOf.values()) {
      const outcomes = paid.filter((p) => p.orderId === o.orderId).map((p) => p.body.message);
      expect(outcomes.sort()).toEqual(['delivered', 'duplicate', 'duplicate']);
    }
    const orderRows = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          [...orderOf.values()].map((o) => o.orderId),
        ),
      );
    expect(orderRows.map((o) => o.status)).toEqual(Array(12).fill('paid'));
    const delivered = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ledger_entries where ref_type = 'order' and bill_type = 1`);
    expect(delivered.rows[0]?.n).toBe(12);

    // Nothing failed unexpectedly: every answer is a success or a refusal that says why.
    expect(responses.filter((r) => r.status !== 200)).toEqual([]);
    const refusals = new Set(responses.filter((r) => r.body.code === 0).map((r) => r.body.msg));
    expect([...refusals].every((msg) => /不足|兑换金额/.test(msg))).toBe(true);
    const succeeded = responses.filter((r) => r.body.code === 1);
    expect(succeeded.length).toBeGreaterThan(100);
    expect(responses.some((r) => r.body.code === 0)).toBe(true);

    // A retry got the very result of its original.
    const byRequest = new Map<string, unknown[]>();
    for (const r of succeeded) {
      const id = r.op.body.requestId as string;
      byRequest.set(id, [...(byRequest.get(id) ?? []), JSON.stringify(r.body.data)]);
    }
    for (const results of byRequest.values()) expect(new Set(results).size).toBe(1);

    // Each requestId applied once: one operation row per successful requestId.
    const applied = await t.db.execute<{ n: number }>(sql`
      select (select count(*) from recharges) + (select count(*) from transfers)
           + (select count(*) from withdrawals) + (select count(*) from exchanges) as n`);
    expect(Number(applied.rows[0]?.n)).toBe(byRequest.size);

    await assertLedgerInvariants(t.db);

    // Conserved: diamonds exist as funded, bought (the paid orders) or exchanged from balance; cash as funded plus
    // the profits of the orders, less what was withdrawn or exchanged.
    const totals = await t.db.execute<{
      diamonds: number;
      exchanged: number;
      bought: number;
      cash: number;
      withdrawn: number;
      spent: number;
      profits: number;
    }>(sql`
      select
        (select coalesce(sum(value), 0) from accounts where currency = 'diamonds')::bigint as diamonds,
        (select coalesce(sum(diamonds), 0) from exchanges)::bigint as exchanged,
        (select coalesce(sum(diamonds), 0) from orders where status = 'paid')::bigint as bought,
        (select coalesce(sum(value), 0) from accounts where currency = 'balance')::bigint as cash,
        (select coalesce(sum(amount_fen), 0) from withdrawals)::bigint as withdrawn,
        (select coalesce(sum(amount_fen), 0) from exchanges)::bigint as spent,
        (select coalesce(sum(amount), 0) from ledger_entries where bill_type = 5)::bigint as profits`);
    const row = totals.rows[0] as Record<string, number>;
    expect(Number(row.bought)).toBe(12 * 200);
    expect(Number(row.diamonds) - Number(row.exchanged) - Number(row.bought)).toBe(4_000 + 600 + 100);
    // c's orders pay b and a the price differences (0.70 - 0.60, 0.60 - 0.50 yuan a diamond); the player's pay
    // c, b and a 20 + 5 + 5 % of the amount (demo levels and rates).
    const agentDiamonds = orderRows.filter((o) => o.agentId !== null).reduce((n, o) => n + o.diamonds, 0);
    const playerFen = orderRows.filter((o) => o.agentId === null).reduce((n, o) => n + o.amountFen, 0);
    expect(Number(row.profits)).toBe(agentDiamonds * 20 + (playerFen * 30) / 100);
    expect(Number(row.cash) + Number(row.withdrawn) + Number(row.spent)).toBe(
      300_000 + 40_000 + Number(row.profits),
    );
  });

  it('applies one requestId once when twenty copies race', async () => {
    const a = await createAgent(t.db, { level: 1 });
    const p = await createPlayer(t.db);
    await fund(t.db, { ownerType: 'agent', ownerId: a.agentId }, 'diamonds', 1_000);
    const token = await signIn(t.app, t.db, a.playerId);
    const body = { playerId: p, diamonds: 7, requestId: randomUUID() };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/agent/index/recharge',
          payload: body,
          headers: { 'xx-token': token },
        }),
      ),
    );
    const bodies = results.map(
      (r) => r.json() as { code: number; data: { diamonds: number; rechargeId: string } },
    );
    expect(bodies.every((b) => b.code === 1)).toBe(true);
    expect(new Set(bodies.map((b) => b.data.rechargeId)).size).toBe(1);
    expect(bodies[0]?.data.diamonds).toBe(993);
    const count = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from recharges where player_id = ${p}`,
    );
    expect(count.rows[0]?.n).toBe(1);
    await assertLedgerInvariants(t.db);
  });

  it('accepts one of twelve parallel withdrawals with a daily count of 1, refusing the others by the limit', async () => {
    await setOption(t.db, 'withdraw.dailyCount', '1');
    try {
      const a = await createAgent(t.db, { level: 1 });
      await fund(t.db, { ownerType: 'agent', ownerId: a.agentId }, 'balance', 1_000_000);
      const token = await signIn(t.app, t.db, a.playerId);
      const results = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/agent/user/withdrawPostByUser',
            payload: {
              amount: '100.00',
              accountType: 'alipay',
              accountName: '王',
              accountNo: 'a@b.c',
              requestId: randomUUID(),
            },
            headers: { 'xx-token': token },
          });
          return {
            status: response.statusCode,
            ...(response.json() as { code: number; msg: string; data: unknown }),
          };
        }),
      );
      expect(results.filter((r) => r.code === 1)).toHaveLength(1);
      for (const refused of results.filter((r) => r.code !== 1)) expectRefusal(refused, '每天最多提现 1 次');
      const rows = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from withdrawals where agent_id = ${a.agentId}`,
      );
      expect(rows.rows[0]?.n).toBe(1);
      await assertLedgerInvariants(t.db);
    } finally {
      await setOption(t.db, 'withdraw.dailyCount', '1000');
    }
  });

  it('never overdraws one account drained by many parallel debits', async () => {
    const a = await createAgent(t.db, { level: 1 });
    const p = await createPlayer(t.db);
    await fund(t.db, { ownerType: 'agent', ownerId: a.agentId }, 'diamonds', 100);
    const token = await signIn(t.app, t.db, a.playerId);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/agent/index/recharge',
          payload: { playerId: p, diamonds: 3, requestId: randomUUID() },
          headers: { 'xx-token': token },
        }),
      ),
    );
    const ok = results.filter((r) => (r.json() as { code: number }).code === 1);
    expect(ok).toHaveLength(33);
    await assertLedgerInvariants(t.db);
  });
});
