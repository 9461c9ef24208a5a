import { createHash } from 'node:crypto';
import {
  addDays,
  BillType,
  type CallName,
  DASHBOARD_PERIOD_MAX_DAYS,
  ResponseCode,
  SESSION_EXPIRED_MSG,
  ZSalesDashboard,
} from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agents,
  announcements,
  articles,
  inviteOpens,
  orders,
  type OrderPricing,
  players,
  recharges,
  transfers,
} from '../../src/db/schema';
import { post } from '../../src/modules/ledger/ledger-service';
import { createAgent, createGoods, createPlayer, fund, signIn } from '../factories';
import { api, apiUnchecked, build, type TestApp } from '../helper';
import { createTestOperator } from '../operator-factories';
import { assertLedgerInvariants } from '../money-invariants';
import { clearOption, expectInvalid, expectRefusal, postEntry, setOption, uuid } from './money-support';

/**
 * Decision 020: the agent's six dashboards. Each is checked figure by figure on a history made by hand on known days of
 * the platform's time zone (Asia/Shanghai unless a test sets another), with entries on both sides of every bound and
 * other agents' activity on the same days, which must never show.
 */
let t: TestApp;
let goodsId: number;
beforeAll(async () => {
  t = await build();
  goodsId = await createGoods(t.db);
});
afterAll(async () => {
  await assertLedgerInvariants(t.db);
  await t.close();
});

/** A wall-clock time of the platform (Asia/Shanghai, +08:00). */
const at = (local: string) => new Date(`${local}+08:00`);
const agentOf = (agentId: number) => ({ ownerType: 'agent', ownerId: agentId }) as const;
const playerOf = (playerId: number) => ({ ownerType: 'player', ownerId: playerId }) as const;
const MARCH = { period: 'custom', from: '2026-03-01', to: '2026-03-03' } as const;

/** A recharge as the live call writes it (its record and both entries), at a given time. */
async function rechargeAt(agentId: number, playerId: number, diamonds: number, when: Date) {
  await t.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(recharges)
      .values({ agentId, playerId, diamonds, createdAt: when })
      .returning({ id: recharges.id });
    const ref = { type: 'recharge', id: String((row as { id: number }).id) };
    const base = { currency: 'diamonds', billType: BillType.rechargePlayer, ref, at: when } as const;
    await post(tx, { ...base, owner: agentOf(agentId), amount: -diamonds, counterparty: playerOf(playerId) });
    await post(tx, { ...base, owner: playerOf(playerId), amount: diamonds, counterparty: agentOf(agentId) });
  });
}

async function transferAt(fromAgentId: number, toAgentId: number, diamonds: number, when: Date) {
  await t.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(transfers)
      .values({ fromAgentId, toAgentId, diamonds, createdAt: when })
      .returning({ id: transfers.id });
    const ref = { type: 'transfer', id: String((row as { id: number }).id) };
    await post(tx, {
      owner: agentOf(fromAgentId),
      currency: 'diamonds',
      amount: -diamonds,
      billType: BillType.transferOut,
      ref,
      counterparty: agentOf(toAgentId),
      at: when,
    });
    await post(tx, {
      owner: agentOf(toAgentId),
      currency: 'diamonds',
      amount: diamonds,
      billType: BillType.transferIn,
      ref,
      counterparty: agentOf(fromAgentId),
      at: when,
    });
  });
}

/** A paid order and what its payment wrote: the buyer's diamonds (an agent) and each share of profit. */
async function paidOrder(values: {
  buyerPlayerId: number;
  buyerAgentId: number | null;
  diamonds: number;
  amountFen: number;
  pricing: OrderPricing;
  profits: { agentId: number; fen: number }[];
  when: Date;
}): Promise<string> {
  const id = `T${uuid().replaceAll('-', '').slice(0, 20)}`;
  await t.db.insert(orders).values({
    id,
    playerId: values.buyerPlayerId,
    agentId: values.buyerAgentId,
    requestId: uuid(),
    goodsId,
    goodsName: 'test',
    quantity: 1,
    diamonds: values.diamonds,
    unitPriceFen: Math.round(values.amountFen / values.diamonds),
    amountFen: values.amountFen,
    status: 'paid',
    pricing: values.pricing,
    provider: 'sandbox',
    createdAt: values.when,
    expiresAt: new Date(values.when.getTime() + 15 * 60_000),
    paidAt: values.when,
  });
  const buyer = values.buyerAgentId === null ? playerOf(values.buyerPlayerId) : agentOf(values.buyerAgentId);
  await t.db.transaction(async (tx) => {
    const ref = { type: 'order', id };
    await post(tx, {
      owner: buyer,
      currency: 'diamonds',
      amount: values.diamonds,
      billType: BillType.buyDiamonds,
      ref,
      at: values.when,
    });
    for (const share of values.profits)
      await post(tx, {
        owner: agentOf(share.agentId),
        currency: 'balance',
        amount: share.fen,
        billType: BillType.profit,
        ref,
        counterparty: buyer,
        at: values.when,
      });
  });
  return id;
}

async function setCreatedAt(agentId: number, when: Date) {
  await t.db.update(agents).set({ createdAt: when }).where(eq(agents.id, agentId));
}

describe('the period', () => {
  it('takes a preset counted back from today in the platform’s time zone, today included', async () => {
    const a = await createAgent(t.db);
    const token = await signIn(t.app, t.db, a.playerId);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    for (const [period, days] of [
      ['today', 1],
      ['7d', 7],
      ['30d', 30],
    ] as const) {
      const answer = await api(t.app, 'dashboardEcommerce', { token, input: { period } });
      expect(answer.code, answer.msg).toBe(1);
      expect(answer.data.period).toEqual({
        period,
        from: addDays(today, 1 - days),
        to: today,
        days,
        timeZone: 'Asia/Shanghai',
      });
      expect(answer.data.series.map((d) => d.day)).toEqual(
        Array.from({ length: days }, (_, i) => addDays(today, i + 1 - days)),
      );
    }
    // No period at all: the last 7 days.
    expect((await api(t.app, 'dashboardEcommerce', { token })).data.period.days).toBe(7);
  });

  it('takes a custom period of up to a year, both days included, and refuses any other', async () => {
    const a = await createAgent(t.db);
    const token = await signIn(t.app, t.db, a.playerId);
    const year = await api(t.app, 'dashboardEcommerce', {
      token,
      input: { period: 'custom', from: '2024-01-01', to: '2024-12-31' },
    });
    expect(year.data.period.days).toBe(DASHBOARD_PERIOD_MAX_DAYS);
    expect(year.data.series).toHaveLength(366);
    expect(year.data.series[59]?.day).toBe('2024-02-29');

    const refused = async (input: Record<string, unknown>, field: string) => {
      for (const name of [
        'dashboardEcommerce',
        'dashboardWebAnalytics',
        'dashboardAgency',
        'dashboardSaas',
      ] as const)
        expectInvalid(await apiUnchecked(t.app, name, { token, input }), field);
    };
    await refused({ period: 'custom', from: '2024-01-01', to: '2025-01-01' }, 'to');
    await refused({ period: 'custom', from: '2026-03-02', to: '2026-03-01' }, 'to');
    await refused({ period: 'custom', from: '2026-03-01' }, 'from');
    await refused({ period: '7d', from: '2026-03-01', to: '2026-03-02' }, 'from');
    await refused({ period: 'custom', from: '2026-02-30', to: '2026-03-02' }, 'from');
    await refused({ period: 'custom', from: '1999-12-31', to: '2000-01-01' }, 'from');
    await refused({ period: 'week' }, 'period');
    expectInvalid(
      await apiUnchecked(t.app, 'dashboardAgency', { token, input: { rankBy: 'age' } }),
      'rankBy',
    );
  });

  it('refuses everyone but a usable agent on every dashboard', async () => {
    const player = await createPlayer(t.db);
    const frozen = await createAgent(t.db, { status: 'frozen' });
    const names: CallName[] = [
      'dashboardEcommerce',
      'dashboardWebAnalytics',
      'dashboardAgency',
      'dashboardSaas',
      'dashboardMagazine',
      'dashboardNews',
    ];
    for (const name of names) {
      const anonymous = await apiUnchecked(t.app, name, {});
      expect({ code: anonymous.code, msg: anonymous.msg }, name).toEqual({
        code: ResponseCode.notSignedIn,
        msg: SESSION_EXPIRED_MSG,
      });
      expectRefusal(
        await apiUnchecked(t.app, name, { token: await signIn(t.app, t.db, player) }),
        '仅推广员可以使用此功能',
      );
      const asFrozen = await apiUnchecked(t.app, name, { token: await signIn(t.app, t.db, frozen.playerId) });
      expect(asFrozen.code, name).toBe(ResponseCode.agentUnavailable);
    }
  });
});

describe('agent/dashboard/ecommerce', () => {
  let a: { agentId: number; playerId: number };
  let token: string;
  let p1: number;
  let p2: number;

  beforeAll(async () => {
    a = await createAgent(t.db, { level: 1 });
    const child = await createAgent(t.db, { level: 2, parentId: a.agentId });
    const other = await createAgent(t.db, { level: 1 });
    token = await signIn(t.app, t.db, a.playerId);
    p1 = await createPlayer(t.db, { nickname: '一号' });
    p2 = await createPlayer(t.db, { nickname: '二号' });
    const p3 = await createPlayer(t.db);
    await fund(t.db, agentOf(a.agentId), 'diamonds', 100_000, at('2026-02-01T00:00:00'));
    await fund(t.db, agentOf(other.agentId), 'diamonds', 100_000, at('2026-02-01T00:00:00'));
    // Three recharges on two days: the last second of March 1st, the first of March 3rd.
    await rechargeAt(a.agentId, p1, 100, at('2026-03-01T09:00:00'));
    await rechargeAt(a.agentId, p2, 250, at('2026-03-01T23:59:59'));
    await rechargeAt(a.agentId, p1, 40, at('2026-03-03T00:00:00'));
    // Outside the period, one second on either side.
    await rechargeAt(a.agentId, p3, 999, at('2026-02-28T23:59:59'));
    await rechargeAt(a.agentId, p3, 777, at('2026-03-04T00:00:00'));
    await transferAt(a.agentId, child.agentId, 300, at('2026-03-02T12:00:00'));
    await paidOrder({
      buyerPlayerId: a.playerId,
      buyerAgentId: a.agentId,
      diamonds: 5_000,
      amountFen: 250_000,
      pricing: { buyer: 'agent', chain: [{ agentId: a.agentId, priceFen: 50 }] },
      profits: [],
      when: at('2026-03-03T08:00:00'),
    });
    // Another agent's day, the same players: never A's.
    await rechargeAt(other.agentId, p1, 55, at('2026-03-01T10:00:00'));
    await paidOrder({
      buyerPlayerId: other.playerId,
      buyerAgentId: other.agentId,
      diamonds: 1_000,
      amountFen: 50_000,
      pricing: { buyer: 'agent', chain: [{ agentId: other.agentId, priceFen: 50 }] },
      profits: [],
      when: at('2026-03-02T08:00:00'),
    });
    // What the child received is the child's, not a sale of A's.
    await rechargeAt(child.agentId, p2, 60, at('2026-03-02T09:00:00'));
  });

  it('answers each day of the period, sales and purchases exact, with the top players', async () => {
    const answer = await api(t.app, 'dashboardEcommerce', { token, input: MARCH });
    expect(answer.code, answer.msg).toBe(1);
    expect(Object.keys(answer.data).sort()).toEqual(Object.keys(ZSalesDashboard.shape).sort());
    expect(answer.data.series).toEqual([
      { day: '2026-03-01', recharged: 350, transferred: 0, purchased: 0, spend: '0.00' },
      { day: '2026-03-02', recharged: 0, transferred: 300, purchased: 0, spend: '0.00' },
      { day: '2026-03-03', recharged: 40, transferred: 0, purchased: 5_000, spend: '2500.00' },
    ]);
    expect(answer.data.totals).toEqual({
      recharged: 390,
      transferred: 300,
      purchased: 5_000,
      orders: 1,
      spend: '2500.00',
      recharges: 3,
      players: 2,
    });
    expect(
      answer.data.topPlayers.map(({ playerId, nickname, diamonds, recharges: n }) => [
        playerId,
        nickname,
        diamonds,
        n,
      ]),
    ).toEqual([
      [p2, '二号', 250, 1],
      [p1, '一号', 140, 2],
    ]);
    expect(answer.data.topPlayers[1]?.lastRechargeAt).toBe(at('2026-03-03T00:00:00').toISOString());
  });

  it('cuts days in the platform’s time zone', async () => {
    await setOption(t.db, 'platform.timezone', 'UTC');
    try {
      const answer = await api(t.app, 'dashboardEcommerce', { token, input: MARCH });
      expect(answer.data.period.timeZone).toBe('UTC');
      // 23:59:59 and 00:00:00 in Shanghai are 15:59:59 and 16:00:00 UTC: the recharge of 40 moves to March 2nd,
      // the one of 777 (March 4th in Shanghai) falls on March 3rd.
      expect(answer.data.series.map((d) => [d.day, d.recharged, d.transferred, d.purchased])).toEqual([
        ['2026-03-01', 350, 0, 0],
        ['2026-03-02', 40, 300, 0],
        ['2026-03-03', 777, 0, 5_000],
      ]);
    } finally {
      await clearOption(t.db, 'platform.timezone');
    }
  });

  it('shows a recharge made now under today', async () => {
    const live = await api(t.app, 'recharge', {
      token,
      input: { playerId: p2, diamonds: 12, requestId: uuid() },
    });
    expect(live.code, live.msg).toBe(1);
    const today = await api(t.app, 'dashboardEcommerce', { token, input: { period: 'today' } });
    expect(today.data.series).toHaveLength(1);
    expect(today.data.totals).toMatchObject({ recharged: 12, recharges: 1, players: 1 });
    expect(today.data.topPlayers.map((p) => [p.playerId, p.diamonds])).toEqual([[p2, 12]]);
  });

  it('answers zeros for an agent with no account yet', async () => {
    const fresh = await createAgent(t.db);
    const answer = await api(t.app, 'dashboardEcommerce', {
      token: await signIn(t.app, t.db, fresh.playerId),
      input: MARCH,
    });
    expect(answer.data.totals).toEqual({
      recharged: 0,
      transferred: 0,
      purchased: 0,
      orders: 0,
      spend: '0.00',
      recharges: 0,
      players: 0,
    });
    expect(answer.data.series.every((d) => d.recharged === 0 && d.spend === '0.00')).toBe(true);
    expect(answer.data.topPlayers).toEqual([]);
  });
});

describe('agent/public/inviteOpen and agent/dashboard/webAnalytics', () => {
  let w: { agentId: number; playerId: number };
  let token: string;

  beforeAll(async () => {
    w = await createAgent(t.db, { level: 1 });
    const other = await createAgent(t.db, { level: 1 });
    token = await signIn(t.app, t.db, w.playerId);
    const open = (agentId: number, visitor: string, local: string) =>
      t.db.insert(inviteOpens).values({ agentId, visitorHash: visitor, createdAt: at(local) });
    await open(w.agentId, 'v1', '2026-03-01T08:00:00');
    await open(w.agentId, 'v1', '2026-03-01T08:05:00');
    await open(w.agentId, 'v2', '2026-03-01T23:59:59');
    await open(w.agentId, 'v1', '2026-03-02T10:00:00');
    await open(w.agentId, 'v3', '2026-03-04T00:00:00');
    await open(w.agentId, 'v4', '2026-02-28T23:59:59');
    await open(other.agentId, 'v5', '2026-03-01T09:00:00');
    // Sign-ups: a direct child on March 2nd (counted), one before the period, and a grandchild (not W's sign-up).
    const child = await createAgent(t.db, { level: 2, parentId: w.agentId });
    await setCreatedAt(child.agentId, at('2026-03-02T15:00:00'));
    const early = await createAgent(t.db, { level: 2, parentId: w.agentId });
    await setCreatedAt(early.agentId, at('2026-02-27T15:00:00'));
    const grandchild = await createAgent(t.db, { level: 3, parentId: child.agentId });
    await setCreatedAt(grandchild.agentId, at('2026-03-02T16:00:00'));
    const otherChild = await createAgent(t.db, { level: 2, parentId: other.agentId });
    await setCreatedAt(otherChild.agentId, at('2026-03-02T16:00:00'));
    // Binds: one on March 3rd, one long before, one to another agent.
    const bound = async (agentId: number, local: string) => {
      const playerId = await createPlayer(t.db, { boundAgentId: agentId });
      await t.db
        .update(players)
        .set({ boundAt: at(local) })
        .where(eq(players.id, playerId));
    };
    await bound(w.agentId, '2026-03-03T07:00:00');
    await bound(w.agentId, '2026-02-20T07:00:00');
    await bound(other.agentId, '2026-03-03T07:00:00');
  });

  it('counts opens, distinct visitors, sign-ups and binds per day, and the conversion', async () => {
    const answer = await api(t.app, 'dashboardWebAnalytics', { token, input: MARCH });
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data.series).toEqual([
      { day: '2026-03-01', opens: 3, visitors: 2, signUps: 0, binds: 0 },
      { day: '2026-03-02', opens: 1, visitors: 1, signUps: 1, binds: 0 },
      { day: '2026-03-03', opens: 0, visitors: 0, signUps: 0, binds: 1 },
    ]);
    // v1 came on both days: two distinct visitors in the period, not three.
    expect(answer.data.totals).toEqual({ opens: 4, visitors: 2, signUps: 1, binds: 1, conversion: 0.5 });
  });

  it('has no conversion without a visitor', async () => {
    const answer = await api(t.app, 'dashboardWebAnalytics', {
      token,
      input: { period: 'custom', from: '2025-01-01', to: '2025-01-02' },
    });
    expect(answer.data.totals).toEqual({ opens: 0, visitors: 0, signUps: 0, binds: 0, conversion: null });
  });

  it('stores an open with the visitor’s SHA-256 only, and counts it today', async () => {
    const visitorId = 'visitor_0123456789-abcdef';
    const answer = await api(t.app, 'inviteOpen', {
      input: { agentId: w.agentId, visitorId },
      ip: '10.12.0.1',
    });
    expect({ code: answer.code, data: answer.data }).toEqual({ code: 1, data: {} });
    const stored = await t.db.execute<{ visitor_hash: string }>(
      sql`select visitor_hash from invite_opens where agent_id = ${w.agentId} order by id desc limit 1`,
    );
    expect(stored.rows[0]?.visitor_hash).toBe(createHash('sha256').update(visitorId).digest('hex'));
    const anywhere = await t.db.execute(
      sql`select 1 from invite_opens where visitor_hash like ${`%${visitorId}%`}`,
    );
    expect(anywhere.rows).toEqual([]);
    const today = await api(t.app, 'dashboardWebAnalytics', { token, input: { period: 'today' } });
    expect(today.data.totals).toMatchObject({ opens: 1, visitors: 1 });
  });

  it('refuses an unknown, a frozen and a pending agent’s link, and a malformed visitor id', async () => {
    const frozen = await createAgent(t.db, { status: 'frozen' });
    const pending = await createAgent(t.db, { status: 'pending' });
    const before = await t.db.execute(sql`select count(*)::int as n from invite_opens`);
    for (const agentId of [999_999, frozen.agentId, pending.agentId])
      expectRefusal(
        await api(t.app, 'inviteOpen', {
          input: { agentId, visitorId: 'visitor-0123456789' },
          ip: '10.12.0.2',
        }),
        '推广员不存在',
      );
    for (const visitorId of ['short', 'has spaces in it 0123', 'x'.repeat(65)])
      expectInvalid(
        await apiUnchecked(t.app, 'inviteOpen', {
          input: { agentId: w.agentId, visitorId },
          ip: '10.12.0.2',
        }),
        'visitorId',
      );
    const after = await t.db.execute(sql`select count(*)::int as n from invite_opens`);
    expect(after.rows).toEqual(before.rows);
  });

  it('limits opens per address: 30 a minute, another address unaffected', async () => {
    const send = (ip: string, i: number) =>
      apiUnchecked(t.app, 'inviteOpen', {
        input: { agentId: w.agentId, visitorId: `rate-limit-visitor-${i}` },
        ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send('10.12.0.9', i)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await send('10.12.0.10', 99)).code).toBe(1);
  });
});

describe('agent/dashboard/agency', () => {
  let m: { agentId: number; playerId: number };
  let c1: { agentId: number; playerId: number };
  let c2: { agentId: number; playerId: number };
  let token: string;

  beforeAll(async () => {
    m = await createAgent(t.db, { level: 1 });
    token = await signIn(t.app, t.db, m.playerId);
    c1 = await createAgent(t.db, { level: 2, parentId: m.agentId, nickname: '金一' });
    await setCreatedAt(c1.agentId, at('2026-02-20T10:00:00'));
    c2 = await createAgent(t.db, { level: 2, parentId: m.agentId, nickname: '金二' });
    await setCreatedAt(c2.agentId, at('2026-03-02T10:00:00'));
    const g1 = await createAgent(t.db, { level: 3, parentId: c1.agentId });
    await setCreatedAt(g1.agentId, at('2026-03-03T10:00:00'));
    // After the period: not in its team sizes.
    const late = await createAgent(t.db, { level: 3, parentId: c2.agentId });
    await setCreatedAt(late.agentId, at('2026-03-04T00:00:00'));
    const x = await createAgent(t.db, { level: 1 });
    const xChild = await createAgent(t.db, { level: 2, parentId: x.agentId });
    await setCreatedAt(xChild.agentId, at('2026-03-02T10:00:00'));

    // c1 buys 4000 at 0.60: M earns 0.10 each.
    await paidOrder({
      buyerPlayerId: c1.playerId,
      buyerAgentId: c1.agentId,
      diamonds: 4_000,
      amountFen: 240_000,
      pricing: {
        buyer: 'agent',
        chain: [
          { agentId: c1.agentId, priceFen: 60 },
          { agentId: m.agentId, priceFen: 50 },
        ],
      },
      profits: [{ agentId: m.agentId, fen: 40_000 }],
      when: at('2026-03-02T09:00:00'),
    });
    // g1 (c1's branch) buys 1000 at 0.70: c1 earns 0.10, M 0.10.
    await paidOrder({
      buyerPlayerId: g1.playerId,
      buyerAgentId: g1.agentId,
      diamonds: 1_000,
      amountFen: 70_000,
      pricing: {
        buyer: 'agent',
        chain: [
          { agentId: g1.agentId, priceFen: 70 },
          { agentId: c1.agentId, priceFen: 60 },
          { agentId: m.agentId, priceFen: 50 },
        ],
      },
      profits: [
        { agentId: c1.agentId, fen: 10_000 },
        { agentId: m.agentId, fen: 10_000 },
      ],
      when: at('2026-03-03T11:00:00'),
    });
    // c2 buys 6000 at the 0.55 M set for it: M earns 0.05 each.
    await paidOrder({
      buyerPlayerId: c2.playerId,
      buyerAgentId: c2.agentId,
      diamonds: 6_000,
      amountFen: 330_000,
      pricing: {
        buyer: 'agent',
        chain: [
          { agentId: c2.agentId, priceFen: 55 },
          { agentId: m.agentId, priceFen: 50 },
        ],
      },
      profits: [{ agentId: m.agentId, fen: 30_000 }],
      when: at('2026-03-01T09:00:00'),
    });
    // A player of c2's buys 100.00: M earns 30 % - 25 % = 5.00, from c2's branch.
    const c2Player = await createPlayer(t.db, { boundAgentId: c2.agentId });
    await paidOrder({
      buyerPlayerId: c2Player,
      buyerAgentId: null,
      diamonds: 100,
      amountFen: 10_000,
      pricing: {
        buyer: 'player',
        chain: [
          { agentId: c2.agentId, rateBp: 2500 },
          { agentId: m.agentId, rateBp: 3000 },
        ],
      },
      profits: [
        { agentId: c2.agentId, fen: 2_500 },
        { agentId: m.agentId, fen: 500 },
      ],
      when: at('2026-03-02T20:00:00'),
    });
    // M's own player buys: M's commission, no child's.
    const mPlayer = await createPlayer(t.db, { boundAgentId: m.agentId });
    await paidOrder({
      buyerPlayerId: mPlayer,
      buyerAgentId: null,
      diamonds: 100,
      amountFen: 10_000,
      pricing: { buyer: 'player', chain: [{ agentId: m.agentId, rateBp: 3000 }] },
      profits: [{ agentId: m.agentId, fen: 3_000 }],
      when: at('2026-03-02T20:00:00'),
    });
    // Profit entries from before orders kept their chain: the counterparty (g1) names the branch.
    await postEntry(t.db, {
      owner: agentOf(m.agentId),
      currency: 'balance',
      amount: 100,
      billType: BillType.profit,
      refType: 'order',
      refId: 'legacy-order-1',
      counterparty: agentOf(g1.agentId),
      at: at('2026-03-01T12:00:00'),
    });
    // And one of a player's purchase: the player's agent (c2) names it.
    await postEntry(t.db, {
      owner: agentOf(m.agentId),
      currency: 'balance',
      amount: 200,
      billType: BillType.profit,
      refType: 'order',
      refId: 'legacy-order-2',
      counterparty: playerOf(c2Player),
      at: at('2026-03-02T12:00:00'),
    });
    // c2 bought before the period too: not counted.
    await paidOrder({
      buyerPlayerId: c2.playerId,
      buyerAgentId: c2.agentId,
      diamonds: 7_000,
      amountFen: 385_000,
      pricing: {
        buyer: 'agent',
        chain: [
          { agentId: c2.agentId, priceFen: 55 },
          { agentId: m.agentId, priceFen: 50 },
        ],
      },
      profits: [{ agentId: m.agentId, fen: 35_000 }],
      when: at('2026-02-28T23:59:59'),
    });
  });

  it('counts the downline joining per day and its size at each day’s end', async () => {
    const answer = await api(t.app, 'dashboardAgency', { token, input: MARCH });
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data.series).toEqual([
      { day: '2026-03-01', newAgents: 0, teamSize: 1 },
      { day: '2026-03-02', newAgents: 1, teamSize: 2 },
      { day: '2026-03-03', newAgents: 1, teamSize: 3 },
    ]);
    expect(answer.data.totals).toEqual({
      newAgents: 2,
      teamSize: 3,
      teamSizeBefore: 1,
      directChildren: 2,
      diamondsBought: 10_000,
      profit: '808.00',
    });
  });

  it('ranks the children by the profit their branch brought, or by the diamonds they bought', async () => {
    const byProfit = await api(t.app, 'dashboardAgency', { token, input: { ...MARCH, rankBy: 'profit' } });
    expect(byProfit.data.rankBy).toBe('profit');
    expect(
      byProfit.data.children.map((c) => [
        c.agentId,
        c.nickname,
        c.level,
        c.teamSize,
        c.diamondsBought,
        c.profit,
      ]),
    ).toEqual([
      [c1.agentId, '金一', 2, 1, 4_000, '501.00'],
      [c2.agentId, '金二', 2, 1, 6_000, '307.00'],
    ]);
    const byDiamonds = await api(t.app, 'dashboardAgency', {
      token,
      input: { ...MARCH, rankBy: 'diamonds' },
    });
    expect(byDiamonds.data.children.map((c) => c.agentId)).toEqual([c2.agentId, c1.agentId]);
  });

  it('shows a child only its own branch', async () => {
    const answer = await api(t.app, 'dashboardAgency', {
      token: await signIn(t.app, t.db, c1.playerId),
      input: MARCH,
    });
    expect(answer.data.totals).toMatchObject({
      teamSize: 1,
      teamSizeBefore: 0,
      directChildren: 1,
      profit: '100.00',
    });
    expect(answer.data.children.map((c) => [c.diamondsBought, c.profit])).toEqual([[1_000, '100.00']]);
  });
});

describe('agent/dashboard/saas', () => {
  it('answers the level, the prices and the profit of the period at the price of the level above', async () => {
    const parent = await createAgent(t.db, { level: 1 });
    const s = await createAgent(t.db, { level: 2, parentId: parent.agentId });
    await t.db.update(agents).set({ priceFen: 55 }).where(eq(agents.id, s.agentId));
    const k = await createAgent(t.db, { level: 3, parentId: s.agentId });
    await t.db.update(agents).set({ priceFen: 65 }).where(eq(agents.id, k.agentId));
    const player = await createPlayer(t.db, { boundAgentId: s.agentId });
    await fund(t.db, agentOf(s.agentId), 'diamonds', 10_000, at('2026-02-01T00:00:00'));
    await rechargeAt(s.agentId, player, 200, at('2026-03-01T10:00:00'));
    await rechargeAt(s.agentId, player, 100, at('2026-03-02T10:00:00'));
    await rechargeAt(s.agentId, player, 5_000, at('2026-02-28T10:00:00'));
    await transferAt(s.agentId, k.agentId, 400, at('2026-03-02T11:00:00'));
    // K buys 1000 at 0.65: S earns 0.10 each, the parent 0.05.
    await paidOrder({
      buyerPlayerId: k.playerId,
      buyerAgentId: k.agentId,
      diamonds: 1_000,
      amountFen: 65_000,
      pricing: {
        buyer: 'agent',
        chain: [
          { agentId: k.agentId, priceFen: 65 },
          { agentId: s.agentId, priceFen: 55 },
          { agentId: parent.agentId, priceFen: 50 },
        ],
      },
      profits: [
        { agentId: s.agentId, fen: 10_000 },
        { agentId: parent.agentId, fen: 5_000 },
      ],
      when: at('2026-03-03T09:00:00'),
    });
    // S's player buys 200.00: S's commission of 25 %.
    await paidOrder({
      buyerPlayerId: player,
      buyerAgentId: null,
      diamonds: 200,
      amountFen: 20_000,
      pricing: {
        buyer: 'player',
        chain: [
          { agentId: s.agentId, rateBp: 2500 },
          { agentId: parent.agentId, rateBp: 3000 },
        ],
      },
      profits: [
        { agentId: s.agentId, fen: 5_000 },
        { agentId: parent.agentId, fen: 1_000 },
      ],
      when: at('2026-03-03T10:00:00'),
    });

    const answer = await api(t.app, 'dashboardSaas', {
      token: await signIn(t.app, t.db, s.playerId),
      input: MARCH,
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data).toMatchObject({
      level: 2,
      price: '0.55',
      priceSetByParent: true,
      levelAbove: { level: 1, price: '0.50' },
      retail: '1.00',
      levels: [
        { level: 1, price: '0.50', commissionRate: '30' },
        { level: 2, price: '0.60', commissionRate: '25' },
        { level: 3, price: '0.70', commissionRate: '20' },
      ],
      sales: { recharged: 300, transferred: 400, transferValue: '260.00', teamBought: 1_000 },
      // 300 x (1.00 - 0.55) + (260.00 - 400 x 0.55) + 150.00 credited = 135.00 + 40.00 + 150.00;
      // at 0.50: (300 + 400 + 1000) x 0.05 = 85.00 more.
      profit: { credited: '150.00', atCurrent: '325.00', atAbove: '410.00', gain: '85.00' },
    });
  });

  it('has no level above for a diamond agent, and follows the operator’s prices', async () => {
    await setOption(t.db, 'price.level1', '0.45');
    try {
      const top = await createAgent(t.db, { level: 1 });
      const answer = await api(t.app, 'dashboardSaas', {
        token: await signIn(t.app, t.db, top.playerId),
        input: MARCH,
      });
      expect(answer.data).toMatchObject({
        level: 1,
        price: '0.45',
        priceSetByParent: false,
        levelAbove: null,
        profit: { credited: '0.00', atCurrent: '0.00', atAbove: null, gain: null },
      });
      expect(answer.data.levels[0]).toEqual({ level: 1, price: '0.45', commissionRate: '30' });
    } finally {
      await clearOption(t.db, 'price.level1');
    }
  });
});

describe('agent/dashboard/magazine and agent/dashboard/news', () => {
  it('lists the articles last changed first, each in the reader’s language or wholly in Chinese', async () => {
    await t.db.insert(articles).values([
      {
        slug: 'dash-older',
        title: '旧文章',
        content: '旧内容',
        translations: { en: { title: 'Older', content: 'Older text' } },
        updatedAt: at('2026-03-01T10:00:00'),
      },
      {
        slug: 'dash-newer',
        title: '新文章',
        content: '新内容',
        // Half a translation reads the Chinese one, title and content together.
        translations: { en: { title: 'Newer', content: '' } },
        updatedAt: at('2026-03-02T10:00:00'),
      },
    ]);
    const token = await signIn(t.app, t.db, (await createAgent(t.db)).playerId);
    const english = await api(t.app, 'dashboardMagazine', { token, headers: { 'x-lang': 'en' } });
    expect(english.code, english.msg).toBe(1);
    const mine = english.data.list.filter((a) => a.slug.startsWith('dash-'));
    expect(mine.map((a) => [a.slug, a.title, a.content, a.locale])).toEqual([
      ['dash-newer', '新文章', '新内容', 'cn'],
      ['dash-older', 'Older', 'Older text', 'en'],
    ]);
    const chinese = await api(t.app, 'dashboardMagazine', { token, headers: { 'x-lang': 'cn' } });
    expect(chinese.data.list.find((a) => a.slug === 'dash-older')?.title).toBe('旧文章');
    const second = await api(t.app, 'dashboardMagazine', { token, input: { page: 2, pageSize: 1 } });
    expect(second.data).toMatchObject({ page: 2, pageSize: 1, total: english.data.total });
    expect(second.data.list).toHaveLength(1);
  });

  it('lists the announcements to every agent or to the reader’s level, not withdrawn, newest first', async () => {
    const operator = await createTestOperator(t.db, 'support');
    const announce = async (title: string, level: 1 | 2 | 3 | null, local: string, withdrawn = false) => {
      const [row] = await t.db
        .insert(announcements)
        .values({
          title,
          content: `${title}的内容`,
          translations: { ja: { title: `${title}（日本語）`, content: '本文' } },
          level,
          createdBy: operator.id,
          createdAt: at(local),
          withdrawnAt: withdrawn ? at(local) : null,
        })
        .returning({ id: announcements.id });
      return (row as { id: number }).id;
    };
    const all = await announce('全体公告', null, '2026-03-01T10:00:00');
    const gold = await announce('黄金公告', 2, '2026-03-02T10:00:00');
    const diamond = await announce('钻石公告', 1, '2026-03-03T10:00:00');
    await announce('已撤回', null, '2026-03-04T10:00:00', true);

    const goldAgent = await createAgent(t.db, { level: 2, parentId: (await createAgent(t.db)).agentId });
    const forGold = await api(t.app, 'dashboardNews', {
      token: await signIn(t.app, t.db, goldAgent.playerId),
    });
    expect(forGold.code, forGold.msg).toBe(1);
    expect(forGold.data.list.map((n) => [n.id, n.title, n.level])).toEqual([
      [gold, '黄金公告', 2],
      [all, '全体公告', null],
    ]);
    expect(forGold.data.total).toBe(2);
    const diamondAgent = await createAgent(t.db, { level: 1 });
    const forDiamond = await api(t.app, 'dashboardNews', {
      token: await signIn(t.app, t.db, diamondAgent.playerId),
      headers: { 'x-lang': 'ja' },
    });
    expect(forDiamond.data.list.map((n) => [n.id, n.title, n.content, n.locale])).toEqual([
      [diamond, '钻石公告（日本語）', '本文', 'ja'],
      [all, '全体公告（日本語）', '本文', 'ja'],
    ]);
  });
});
