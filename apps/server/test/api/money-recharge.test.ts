import { BillType, ResponseCode, SESSION_EXPIRED_MSG, calls, maskMobile } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents, recharges } from '../../src/db/schema';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api, apiUnchecked, build, type TestApp } from '../helper';
import {
  accountValue,
  agentOwner,
  entriesOf,
  entriesOfRef,
  expectLedgerConsistent,
  moneySnapshot,
  playerOwner,
  uuid,
  expectInvalid,
  expectRefusal,
} from './money-support';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterEach(async () => expectLedgerConsistent(t.db));
afterAll(async () => t.close());

type RechargeData = {
  rechargeId: string;
  diamonds: number;
  player: { playerId: number; nickname: string; avatar: string; mobile: string | null; boundToMe: boolean };
};

/** A signed-in agent with `diamonds` in stock. */
async function stockedAgent(diamonds: number, values: Parameters<typeof createAgent>[1] = {}) {
  const agent = await createAgent(t.db, values);
  if (diamonds > 0) await fund(t.db, agentOwner(agent.agentId), 'diamonds', diamonds);
  return { ...agent, token: await signIn(t.app, t.db, agent.playerId) };
}

const recharge = (token: string | undefined, body: unknown, headers?: Record<string, string>) =>
  apiUnchecked(t.app, 'recharge', { token, input: body, headers });

let nextMobile = 13_800_000_100;
const freshMobile = () => String(++nextMobile);

describe('agent/index/recharge', () => {
  it('moves diamonds from the agent’s stock to the player, with one entry of type 2 on each side', async () => {
    const agent = await stockedAgent(1000, { nickname: '代理甲' });
    const playerId = await createPlayer(t.db, { nickname: '玩家乙' });
    const result = await recharge(agent.token, { playerId, diamonds: 300, requestId: uuid() });
    expect(result).toMatchObject({ status: 200, code: ResponseCode.success });
    expect(calls.recharge.data.parse(result.data)).toEqual(result.data);
    expect(result.data.diamonds).toBe(700);
    expect(result.data.player).toMatchObject({ playerId, nickname: '玩家乙', boundToMe: false });

    expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(700);
    expect(await accountValue(t.db, playerOwner(playerId), 'diamonds')).toBe(300);

    const [row] = await t.db
      .select()
      .from(recharges)
      .where(eq(recharges.id, Number(result.data.rechargeId)));
    expect(row).toMatchObject({ agentId: agent.agentId, playerId, diamonds: 300 });

    const entries = await entriesOfRef(t.db, 'recharge', result.data.rechargeId);
    expect(entries).toHaveLength(2);
    const debit = entries.find((e) => e.ownerType === 'agent');
    const credit = entries.find((e) => e.ownerType === 'player');
    expect(debit).toMatchObject({
      ownerId: agent.agentId,
      currency: 'diamonds',
      amount: -300,
      after: 700,
      billType: BillType.rechargePlayer,
      counterpartyType: 'player',
      counterpartyId: playerId,
    });
    expect(credit).toMatchObject({
      ownerId: playerId,
      currency: 'diamonds',
      amount: 300,
      after: 300,
      billType: BillType.rechargePlayer,
      counterpartyType: 'agent',
      counterpartyId: agent.agentId,
    });
  });

  it('answers the player as the caller may see it: the whole mobile only when bound to its downline', async () => {
    const agent = await stockedAgent(100);
    const ownMobile = freshMobile();
    const strangerMobile = freshMobile();
    const own = await createPlayer(t.db, { mobile: ownMobile, boundAgentId: agent.agentId });
    const stranger = await createPlayer(t.db, { mobile: strangerMobile });
    const toOwn = await recharge(agent.token, { playerId: own, diamonds: 1, requestId: uuid() });
    expect(toOwn.data.player).toMatchObject({ playerId: own, mobile: ownMobile, boundToMe: true });
    const toStranger = await recharge(agent.token, { playerId: stranger, diamonds: 1, requestId: uuid() });
    expect(toStranger.data.player).toMatchObject({
      playerId: stranger,
      mobile: `${strangerMobile.slice(0, 3)}****${strangerMobile.slice(-4)}`,
      boundToMe: false,
    });
  });

  it('masks in its statement exactly as the contract’s maskMobile does, a child’s player shown whole', async () => {
    // The recharge is one SQL statement (decision 025) that builds the player card itself: held to maskMobile here.
    const agent = await stockedAgent(100);
    const child = await createAgent(t.db, { parentId: agent.agentId, level: 2 });
    const odd = ['123456', '1234567', '+85291234567', '138****0009', '8613800001111', freshMobile()];
    for (const mobile of odd) {
      const stranger = await createPlayer(t.db, { mobile });
      const shown = await recharge(agent.token, { playerId: stranger, diamonds: 1, requestId: uuid() });
      expect(shown.data.player).toMatchObject({ mobile: maskMobile(mobile), boundToMe: false });
    }
    const childsMobile = freshMobile();
    const childs = await createPlayer(t.db, { mobile: childsMobile, boundAgentId: child.agentId });
    const toChilds = await recharge(agent.token, { playerId: childs, diamonds: 1, requestId: uuid() });
    expect(toChilds.data.player).toMatchObject({ mobile: childsMobile, boundToMe: true });
    const without = await createPlayer(t.db, {});
    const toWithout = await recharge(agent.token, { playerId: without, diamonds: 1, requestId: uuid() });
    expect(toWithout.data.player).toMatchObject({ mobile: null, boundToMe: false });
  });

  it('accepts the bounds of 1 and 100,000 diamonds', async () => {
    const agent = await stockedAgent(100_001);
    const playerId = await createPlayer(t.db);
    const one = await recharge(agent.token, { playerId, diamonds: 1, requestId: uuid() });
    expect(one).toMatchObject({ code: 1, data: { diamonds: 100_000 } });
    const max = await recharge(agent.token, { playerId, diamonds: 100_000, requestId: uuid() });
    expect(max).toMatchObject({ code: 1, data: { diamonds: 0 } });
    expect(await accountValue(t.db, playerOwner(playerId), 'diamonds')).toBe(100_001);
  });

  it('accepts a stock of exactly the amount and leaves it at zero', async () => {
    const agent = await stockedAgent(50);
    const playerId = await createPlayer(t.db);
    const result = await recharge(agent.token, { playerId, diamonds: 50, requestId: uuid() });
    expect(result).toMatchObject({ code: 1, data: { diamonds: 0 } });
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(0);
  });

  it('refuses more diamonds than the stock and changes nothing', async () => {
    const agent = await stockedAgent(100);
    const playerId = await createPlayer(t.db);
    const before = await moneySnapshot(t.db);
    const result = await recharge(agent.token, { playerId, diamonds: 101, requestId: uuid() });
    expect(result).toMatchObject({ status: 200, code: 0, msg: '钻石库存不足', data: null });
    expect(await moneySnapshot(t.db)).toEqual(before);
    expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(100);
    expect(await t.db.select().from(recharges).where(eq(recharges.agentId, agent.agentId))).toHaveLength(0);
    expect(await entriesOf(t.db, agentOwner(agent.agentId), 'diamonds')).toHaveLength(1); // the funding only
  });

  it('refuses an agent with no diamond account at all', async () => {
    const agent = await stockedAgent(0);
    const playerId = await createPlayer(t.db);
    const before = await moneySnapshot(t.db);
    const result = await recharge(agent.token, { playerId, diamonds: 1, requestId: uuid() });
    expectRefusal(result, '钻石库存不足');
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it('answers the refusal in the caller’s language', async () => {
    const agent = await stockedAgent(1);
    const playerId = await createPlayer(t.db);
    const result = await recharge(
      agent.token,
      { playerId, diamonds: 2, requestId: uuid() },
      { 'x-lang': 'en' },
    );
    expectRefusal(result, 'Not enough diamonds in stock');
  });

  it('refuses an unknown player and changes nothing', async () => {
    const agent = await stockedAgent(100);
    const before = await moneySnapshot(t.db);
    const result = await recharge(agent.token, { playerId: 2_000_000_000, diamonds: 10, requestId: uuid() });
    expect(result).toMatchObject({ status: 200, code: 0, msg: '玩家不存在', data: null });
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it.each([
    ['0', 0],
    ['100001', 100_001],
    ['1.5', 1.5],
    ['-5', -5],
    ['a string', '10'],
  ])('answers 400 naming the field for diamonds %s', async (_label, diamonds) => {
    const agent = await stockedAgent(200_000);
    const playerId = await createPlayer(t.db);
    const before = await moneySnapshot(t.db);
    const result = await recharge(agent.token, { playerId, diamonds, requestId: uuid() });
    expectInvalid(result, 'diamonds');
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it.each([['not-a-uuid'], [''], [42]])('answers 400 naming requestId for %j', async (requestId) => {
    const agent = await stockedAgent(100);
    const playerId = await createPlayer(t.db);
    const before = await moneySnapshot(t.db);
    const result = await recharge(agent.token, { playerId, diamonds: 1, requestId });
    expect(result.status).toBe(400);
    expect(result.msg).toContain('requestId');
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it('answers 400 naming requestId when it is missing', async () => {
    const agent = await stockedAgent(100);
    const playerId = await createPlayer(t.db);
    const result = await recharge(agent.token, { playerId, diamonds: 1 });
    expect(result.status).toBe(400);
    expect(result.msg).toContain('requestId');
  });

  it('refuses a player session: agents only', async () => {
    const callerId = await createPlayer(t.db);
    await fund(t.db, playerOwner(callerId), 'diamonds', 100);
    const token = await signIn(t.app, t.db, callerId);
    const playerId = await createPlayer(t.db);
    const before = await moneySnapshot(t.db);
    const result = await recharge(token, { playerId, diamonds: 10, requestId: uuid() });
    expect(result).toMatchObject({ status: 200, code: 0, msg: '仅推广员可以使用此功能', data: null });
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it('refuses without a session with 10001', async () => {
    const playerId = await createPlayer(t.db);
    const before = await moneySnapshot(t.db);
    const none = await recharge(undefined, { playerId, diamonds: 10, requestId: uuid() });
    expect(none).toMatchObject({ code: ResponseCode.notSignedIn, msg: SESSION_EXPIRED_MSG });
    const forged = await recharge('forged', { playerId, diamonds: 10, requestId: uuid() });
    expect(forged.code).toBe(ResponseCode.notSignedIn);
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it('refuses a frozen agent with 1002 and changes nothing', async () => {
    const agent = await stockedAgent(100);
    await t.db.update(agents).set({ status: 'frozen' }).where(eq(agents.id, agent.agentId));
    const playerId = await createPlayer(t.db);
    const before = await moneySnapshot(t.db);
    const result = await recharge(agent.token, { playerId, diamonds: 10, requestId: uuid() });
    expect(result.code).toBe(ResponseCode.agentUnavailable);
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  describe('idempotency', () => {
    it('answers the same requestId twice with the identical result and applies it once', async () => {
      const agent = await stockedAgent(1000);
      const playerId = await createPlayer(t.db);
      const body = { playerId, diamonds: 120, requestId: uuid() };
      const first = await recharge(agent.token, body);
      expect(first.code).toBe(1);
      const afterFirst = await moneySnapshot(t.db);
      const second = await recharge(agent.token, body);
      expect(second).toEqual(first);
      expect(await moneySnapshot(t.db)).toEqual(afterFirst);
      expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(880);
      expect(await accountValue(t.db, playerOwner(playerId), 'diamonds')).toBe(120);
      expect(await t.db.select().from(recharges).where(eq(recharges.agentId, agent.agentId))).toHaveLength(1);
    });

    it('still answers the first result after the stock has changed', async () => {
      const agent = await stockedAgent(1000);
      const playerId = await createPlayer(t.db);
      const body = { playerId, diamonds: 100, requestId: uuid() };
      const first = await recharge(agent.token, body);
      await recharge(agent.token, { playerId, diamonds: 50, requestId: uuid() });
      const replay = await recharge(agent.token, body);
      expect(replay.data).toEqual(first.data);
      expect(replay.data.diamonds).toBe(900);
      expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(850);
    });

    it('applies once when the same request races with itself', async () => {
      const agent = await stockedAgent(1000);
      const playerId = await createPlayer(t.db);
      const body = { playerId, diamonds: 10, requestId: uuid() };
      const results = await Promise.all(Array.from({ length: 6 }, () => recharge(agent.token, body)));
      for (const r of results) expect(r).toEqual(results[0]);
      expect(results[0]?.code).toBe(1);
      expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(990);
      expect(await t.db.select().from(recharges).where(eq(recharges.agentId, agent.agentId))).toHaveLength(1);
    });

    it('replays, never refuses, a copy that finds the stock spent by the first while it waited', async () => {
      // The stock covers one copy: a copy racing the first waits on the agent's account, then finds the diamonds
      // gone; it must answer the first's result, not "not enough diamonds".
      for (let round = 0; round < 5; round++) {
        const agent = await stockedAgent(10);
        const playerId = await createPlayer(t.db);
        const body = { playerId, diamonds: 10, requestId: uuid() };
        const results = await Promise.all(Array.from({ length: 4 }, () => recharge(agent.token, body)));
        for (const r of results) expect(r).toEqual(results[0]);
        expect(results[0]?.code).toBe(1);
        expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(0);
      }
    });

    it('refuses the same requestId with other parameters and applies nothing', async () => {
      const agent = await stockedAgent(1000);
      const playerId = await createPlayer(t.db);
      const otherPlayer = await createPlayer(t.db);
      const requestId = uuid();
      const first = await recharge(agent.token, { playerId, diamonds: 10, requestId });
      expect(first.code).toBe(1);
      const before = await moneySnapshot(t.db);
      const otherAmount = await recharge(agent.token, { playerId, diamonds: 11, requestId });
      expectRefusal(otherAmount, '请求编号已用于另一笔操作，请刷新后重试');
      const otherTarget = await recharge(agent.token, { playerId: otherPlayer, diamonds: 10, requestId });
      expectRefusal(otherTarget, '请求编号已用于另一笔操作，请刷新后重试');
      expect(await moneySnapshot(t.db)).toEqual(before);
      expect(await accountValue(t.db, playerOwner(otherPlayer), 'diamonds')).toBe(0);
    });

    it('lets a requestId refused for want of diamonds run once after funding', async () => {
      const agent = await stockedAgent(10);
      const playerId = await createPlayer(t.db);
      const body = { playerId, diamonds: 50, requestId: uuid() };
      const refused = await recharge(agent.token, body);
      expectRefusal(refused, '钻石库存不足');
      await fund(t.db, agentOwner(agent.agentId), 'diamonds', 100);
      const retried = await recharge(agent.token, body);
      expect(retried).toMatchObject({ code: 1, data: { diamonds: 60 } });
      const again = await recharge(agent.token, body);
      expect(again).toEqual(retried);
      expect(await accountValue(t.db, agentOwner(agent.agentId), 'diamonds')).toBe(60);
      expect(await accountValue(t.db, playerOwner(playerId), 'diamonds')).toBe(50);
      expect(await t.db.select().from(recharges).where(eq(recharges.agentId, agent.agentId))).toHaveLength(1);
    });

    it('keeps one agent’s requestId apart from another’s', async () => {
      const a = await stockedAgent(100);
      const b = await stockedAgent(100);
      const playerId = await createPlayer(t.db);
      const body = { playerId, diamonds: 30, requestId: uuid() };
      const byA = await recharge(a.token, body);
      const byB = await recharge(b.token, body);
      expect(byA.code).toBe(1);
      expect(byB.code).toBe(1);
      expect(byB.data.rechargeId).not.toBe(byA.data.rechargeId);
      expect(await accountValue(t.db, agentOwner(a.agentId), 'diamonds')).toBe(70);
      expect(await accountValue(t.db, agentOwner(b.agentId), 'diamonds')).toBe(70);
      expect(await accountValue(t.db, playerOwner(playerId), 'diamonds')).toBe(60);
    });
  });
});

type Summary = RechargeData['player'];
const search = (token: string | undefined, keyword: string) =>
  api(t.app, 'searchUser', { token, input: { keyword } });

describe('agent/index/searchUser', () => {
  it('finds a player by exact id, with the mobile masked when it is not bound to the caller’s downline', async () => {
    const agent = await stockedAgent(0);
    const mobile = freshMobile();
    const playerId = await createPlayer(t.db, { nickname: '陌生人', mobile });
    const result = await search(agent.token, String(playerId));
    expect(result.code).toBe(1);
    expect(calls.searchUser.data.parse(result.data)).toEqual(result.data);
    expect(result.data.list).toEqual([
      {
        playerId,
        nickname: '陌生人',
        avatar: '',
        mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
        boundToMe: false,
      },
    ]);
  });

  it('does not read an id with a leading zero as that id', async () => {
    const agent = await stockedAgent(0);
    const playerId = await createPlayer(t.db);
    expect((await search(agent.token, `0${playerId}`)).data.list).toEqual([]);
  });

  it('masks a mobile as 138****0001', async () => {
    const agent = await stockedAgent(0);
    const playerId = await createPlayer(t.db, { mobile: '13800000001' });
    const result = await search(agent.token, '13800000001');
    expect(result.data.list).toEqual([expect.objectContaining({ playerId, mobile: '138****0001' })]);
  });

  it('finds a player by exact mobile', async () => {
    const agent = await stockedAgent(0);
    const mobile = freshMobile();
    const playerId = await createPlayer(t.db, { mobile });
    const result = await search(agent.token, mobile);
    expect(result.code).toBe(1);
    expect(result.data.list.map((p) => p.playerId)).toEqual([playerId]);
  });

  it('shows the whole mobile of a player bound to the caller or to its downline', async () => {
    const root = await stockedAgent(0, { level: 1 });
    const child = await createAgent(t.db, { level: 2, parentId: root.agentId });
    const grandchild = await createAgent(t.db, { level: 3, parentId: child.agentId });
    const own = freshMobile();
    const ofChild = freshMobile();
    const ofGrandchild = freshMobile();
    const mine = await createPlayer(t.db, { mobile: own, boundAgentId: root.agentId });
    const childs = await createPlayer(t.db, { mobile: ofChild, boundAgentId: child.agentId });
    const grandchilds = await createPlayer(t.db, { mobile: ofGrandchild, boundAgentId: grandchild.agentId });
    for (const [playerId, mobile] of [
      [mine, own],
      [childs, ofChild],
      [grandchilds, ofGrandchild],
    ] as const) {
      const result = await search(root.token, mobile);
      expect(result.data.list).toEqual([expect.objectContaining({ playerId, mobile, boundToMe: true })]);
    }
  });

  it('masks the mobile of a player bound to the caller’s parent, sibling or an unrelated agent', async () => {
    const parent = await createAgent(t.db, { level: 1 });
    const me = await createAgent(t.db, { level: 2, parentId: parent.agentId });
    const sibling = await createAgent(t.db, { level: 2, parentId: parent.agentId });
    const stranger = await createAgent(t.db, { level: 1 });
    const token = await signIn(t.app, t.db, me.playerId);
    for (const boundAgentId of [parent.agentId, sibling.agentId, stranger.agentId]) {
      const mobile = freshMobile();
      const playerId = await createPlayer(t.db, { mobile, boundAgentId });
      const result = await search(token, String(playerId));
      expect(result.data.list).toEqual([
        expect.objectContaining({
          playerId,
          mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
          boundToMe: false,
        }),
      ]);
    }
  });

  it('answers a null mobile for a player without one', async () => {
    const agent = await stockedAgent(0);
    const playerId = await createPlayer(t.db);
    const result = await search(agent.token, String(playerId));
    expect(result.data.list).toEqual([expect.objectContaining({ playerId, mobile: null })]);
  });

  it('finds nothing with a partial keyword', async () => {
    const agent = await stockedAgent(0);
    const mobile = freshMobile();
    const playerId = await createPlayer(t.db, { mobile, nickname: '部分匹配' });
    for (const keyword of [
      mobile.slice(0, 7),
      mobile.slice(-4),
      String(playerId).slice(0, 4),
      '部分',
      '%',
      '1380%',
    ]) {
      const result = await search(agent.token, keyword);
      expect(result.code).toBe(1);
      expect(result.data.list).toEqual([]);
    }
  });

  it('finds nothing for an unknown id', async () => {
    const agent = await stockedAgent(0);
    expect((await search(agent.token, '2000000000')).data.list).toEqual([]);
    expect((await search(agent.token, '99999999999')).data.list).toEqual([]);
  });

  it('answers 400 for an empty or too long keyword', async () => {
    const agent = await stockedAgent(0);
    const empty = await search(agent.token, '');
    expect(empty.status).toBe(400);
    expect(empty.msg).toContain('keyword');
    const long = await search(agent.token, '1'.repeat(33));
    expect(long.status).toBe(400);
  });

  it('refuses a player session and no session', async () => {
    const token = await signIn(t.app, t.db, await createPlayer(t.db));
    expectRefusal(await search(token, '1'), '仅推广员可以使用此功能');
    expect((await search(undefined, '1')).code).toBe(ResponseCode.notSignedIn);
  });
});

type Recent = Summary & { lastRechargeAt: string };
const recent = (token: string | undefined) => api(t.app, 'recentUser', { token });

describe('agent/user/recentUser', () => {
  it('lists the players the caller recharged, newest first, each once', async () => {
    const agent = await stockedAgent(1000);
    const mobile = freshMobile();
    const p1 = await createPlayer(t.db, { nickname: '一号', mobile });
    const p2 = await createPlayer(t.db, { nickname: '二号' });
    const p3 = await createPlayer(t.db, { nickname: '三号' });
    for (const playerId of [p1, p2, p3, p1]) {
      const r = await recharge(agent.token, { playerId, diamonds: 1, requestId: uuid() });
      expect(r.code).toBe(1);
    }
    const result = await recent(agent.token);
    expect(result.code).toBe(1);
    expect(calls.recentUser.data.parse(result.data)).toEqual(result.data);
    expect(result.data.list.map((p) => p.playerId)).toEqual([p1, p3, p2]);
    const first = result.data.list[0] as Recent;
    expect(first).toMatchObject({ nickname: '一号', boundToMe: false });
    expect(first.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    const times = result.data.list.map((p) => Date.parse(p.lastRechargeAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('never shows another agent’s recharges', async () => {
    const a = await stockedAgent(100);
    const b = await stockedAgent(100);
    const shared = await createPlayer(t.db);
    const onlyB = await createPlayer(t.db);
    await recharge(a.token, { playerId: shared, diamonds: 1, requestId: uuid() });
    await recharge(b.token, { playerId: onlyB, diamonds: 1, requestId: uuid() });
    await recharge(b.token, { playerId: shared, diamonds: 1, requestId: uuid() });
    const ofA = await recent(a.token);
    expect(ofA.data.list.map((p) => p.playerId)).toEqual([shared]);
    const [row] = await t.db.select().from(recharges).where(eq(recharges.agentId, a.agentId));
    expect(Date.parse((ofA.data.list[0] as Recent).lastRechargeAt)).toBe((row?.createdAt as Date).getTime());
    expect((await recent(b.token)).data.list.map((p) => p.playerId)).toEqual([shared, onlyB]);
  });

  it('does not list a refused recharge', async () => {
    const agent = await stockedAgent(0);
    const playerId = await createPlayer(t.db);
    await recharge(agent.token, { playerId, diamonds: 5, requestId: uuid() });
    expect((await recent(agent.token)).data.list).toEqual([]);
  });

  it('keeps the list short: the ten latest players', async () => {
    const agent = await stockedAgent(100);
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      const playerId = await createPlayer(t.db);
      ids.push(playerId);
      await recharge(agent.token, { playerId, diamonds: 1, requestId: uuid() });
    }
    const list = (await recent(agent.token)).data.list.map((p) => p.playerId);
    expect(list).toEqual(ids.slice(1).reverse());
  });

  it('refuses a player session and no session', async () => {
    const token = await signIn(t.app, t.db, await createPlayer(t.db));
    expectRefusal(await recent(token), '仅推广员可以使用此功能');
    expect((await recent(undefined)).code).toBe(ResponseCode.notSignedIn);
  });
});
