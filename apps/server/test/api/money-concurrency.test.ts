import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { options } from '../../src/db/schema';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { build, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';

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

/** A small deterministic generator: the same run every time, and still a thorough mix. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

describe('money under concurrency', () => {
  it('keeps every invariant with 260 parallel recharges, transfers, withdrawals and exchanges, duplicates among them', async () => {
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

    // Diamonds are conserved: what exists is what was funded plus what was bought with balance.
    const totals = await t.db.execute<{
      diamonds: number;
      exchanged: number;
      cash: number;
      withdrawn: number;
      spent: number;
    }>(sql`
      select
        (select coalesce(sum(value), 0) from accounts where currency = 'diamonds')::bigint as diamonds,
        (select coalesce(sum(diamonds), 0) from exchanges)::bigint as exchanged,
        (select coalesce(sum(value), 0) from accounts where currency = 'balance')::bigint as cash,
        (select coalesce(sum(amount_fen), 0) from withdrawals)::bigint as withdrawn,
        (select coalesce(sum(amount_fen), 0) from exchanges)::bigint as spent`);
    const row = totals.rows[0] as {
      diamonds: number;
      exchanged: number;
      cash: number;
      withdrawn: number;
      spent: number;
    };
    expect(Number(row.diamonds) - Number(row.exchanged)).toBe(4_000 + 600 + 100);
    expect(Number(row.cash) + Number(row.withdrawn) + Number(row.spent)).toBe(300_000 + 40_000);
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
