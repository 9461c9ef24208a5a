import { createHash } from 'node:crypto';
import {
  calls,
  ResponseCode,
  SESSION_EXPIRED_MSG,
  SESSION_LIST_MAX,
  type CallInput,
  type TBoundPlayer,
} from '@promoter/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { players, recharges, sessions } from '../../src/db/schema';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api, apiUnchecked, build, type TestApp } from '../helper';
import { cn } from './identity-support';
import { agentOwner, expectInvalid, expectLedgerConsistent, expectRefusal, uuid } from './money-support';

/**
 * The agent's profile and lists (decision 021): agent/user/profile (parent, counts), the account's live sessions and
 * "sign out everywhere else", and the players bound to the agent with what it recharged to them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterEach(async () => expectLedgerConsistent(t.db));
afterAll(async () => t.close());

const getUser = (token: string) => api(t.app, 'getUser', { token });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('agent/user/profile', () => {
  it('names the parent and counts the bound players and the direct children', async () => {
    const parent = await createAgent(t.db, { level: 1, nickname: '上级甲' });
    const agent = await createAgent(t.db, { level: 2, parentId: parent.agentId, nickname: '本人' });
    await createAgent(t.db, { level: 3, parentId: agent.agentId });
    await createAgent(t.db, { level: 3, parentId: agent.agentId });
    await createPlayer(t.db, { boundAgentId: agent.agentId });
    await createPlayer(t.db, { boundAgentId: agent.agentId });
    await createPlayer(t.db, { boundAgentId: agent.agentId });
    // Bound to the parent or a child: not this agent's.
    await createPlayer(t.db, { boundAgentId: parent.agentId });

    const answer = await api(t.app, 'agentProfile', { token: await signIn(t.app, t.db, agent.playerId) });
    expect(answer.code, answer.msg).toBe(ResponseCode.success);
    expect(calls.agentProfile.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data).toMatchObject({
      agentId: agent.agentId,
      parent: { agentId: parent.agentId, nickname: '上级甲', avatar: '', level: 1 },
      boundPlayers: 3,
      children: 2,
    });
    expect(Date.now() - Date.parse(answer.data.createdAt)).toBeLessThan(60_000);
  });

  it('answers no parent for an agent at the top of its line', async () => {
    const top = await createAgent(t.db, { level: 1 });
    const answer = await api(t.app, 'agentProfile', { token: await signIn(t.app, t.db, top.playerId) });
    expect(answer.data).toMatchObject({ agentId: top.agentId, parent: null, boundPlayers: 0, children: 0 });
  });

  it('is for agents: a player is refused, a stranger is not signed in', async () => {
    const playerId = await createPlayer(t.db);
    expectRefusal(
      await api(t.app, 'agentProfile', { token: await signIn(t.app, t.db, playerId) }),
      cn('agentsOnly'),
    );
    const anonymous = await api(t.app, 'agentProfile');
    expect({ code: anonymous.code, msg: anonymous.msg }).toEqual({
      code: ResponseCode.notSignedIn,
      msg: SESSION_EXPIRED_MSG,
    });
  });
});

describe('agent/user/sessions', () => {
  it('lists the account’s live sessions, the current one first and marked, and never a token or its hash', async () => {
    const agent = await createAgent(t.db);
    const phone = await signIn(t.app, t.db, agent.playerId);
    const tablet = await signIn(t.app, t.db, agent.playerId);
    const revoked = await signIn(t.app, t.db, agent.playerId);
    const expired = await signIn(t.app, t.db, agent.playerId);
    await t.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.tokenHash, sha256(revoked)));
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.tokenHash, sha256(expired)));
    // Someone else's session is not this account's.
    const other = await createAgent(t.db);
    await signIn(t.app, t.db, other.playerId);

    const ids = await t.db
      .select({ id: sessions.id, tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.playerId, agent.playerId));
    const idOf = (token: string) => String(ids.find((row) => row.tokenHash === sha256(token))?.id);

    const current = await signIn(t.app, t.db, agent.playerId);
    const answer = await api(t.app, 'sessionList', { token: current });
    expect(answer.code, answer.msg).toBe(ResponseCode.success);
    expect(calls.sessionList.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data.total).toBe(3);
    expect(answer.data.list.map((s) => s.current)).toEqual([true, false, false]);
    expect(new Set(answer.data.list.slice(1).map((s) => s.id))).toEqual(new Set([idOf(phone), idOf(tablet)]));
    for (const session of answer.data.list) {
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
      expect(Date.parse(session.createdAt)).toBeLessThanOrEqual(Date.parse(session.lastSeenAt) + 1);
    }

    const body = JSON.stringify(answer.data);
    for (const token of [current, phone, tablet, revoked, expired]) {
      expect(body).not.toContain(token);
      expect(body).not.toContain(sha256(token));
    }
  });

  it(`lists at most ${SESSION_LIST_MAX}, the current one always among them, and counts them all`, async () => {
    const agent = await createAgent(t.db);
    const current = await signIn(t.app, t.db, agent.playerId);
    for (let i = 0; i < SESSION_LIST_MAX + 4; i++) await signIn(t.app, t.db, agent.playerId);
    // The current session is the oldest and the least recently seen: it still comes first.
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 seconds'` })
      .where(eq(sessions.tokenHash, sha256(current)));
    const answer = await api(t.app, 'sessionList', { token: current });
    expect(answer.data.total).toBe(SESSION_LIST_MAX + 5);
    expect(answer.data.list).toHaveLength(SESSION_LIST_MAX);
    expect(answer.data.list[0]?.current).toBe(true);
    expect(answer.data.list.filter((s) => s.current)).toHaveLength(1);
  });

  it('is for agents only', async () => {
    const playerId = await createPlayer(t.db);
    expectRefusal(
      await api(t.app, 'sessionList', { token: await signIn(t.app, t.db, playerId) }),
      cn('agentsOnly'),
    );
  });
});

describe('agent/user/endOtherSessions', () => {
  it('revokes every other live session of the account and keeps this one; other accounts keep theirs', async () => {
    const agent = await createAgent(t.db);
    const current = await signIn(t.app, t.db, agent.playerId);
    const phone = await signIn(t.app, t.db, agent.playerId);
    const tablet = await signIn(t.app, t.db, agent.playerId);
    const other = await createAgent(t.db);
    const bystander = await signIn(t.app, t.db, other.playerId);

    const answer = await api(t.app, 'endOtherSessions', { token: current, input: {} });
    expect(answer.code, answer.msg).toBe(ResponseCode.success);
    expect(answer.data).toEqual({ revokedSessions: 2 });

    expect((await getUser(current)).code).toBe(ResponseCode.success);
    for (const ended of [phone, tablet]) {
      const refused = await getUser(ended);
      expect({ code: refused.code, msg: refused.msg }).toEqual({
        code: ResponseCode.notSignedIn,
        msg: SESSION_EXPIRED_MSG,
      });
    }
    expect((await getUser(bystander)).code).toBe(ResponseCode.success);

    const list = await api(t.app, 'sessionList', { token: current });
    expect(list.data.total).toBe(1);
    expect(list.data.list.map((s) => s.current)).toEqual([true]);

    // Nothing left to end.
    expect((await api(t.app, 'endOtherSessions', { token: current, input: {} })).data).toEqual({
      revokedSessions: 0,
    });
  });

  it('does not count the sessions that had expired already', async () => {
    const agent = await createAgent(t.db);
    const current = await signIn(t.app, t.db, agent.playerId);
    const expired = await signIn(t.app, t.db, agent.playerId);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.tokenHash, sha256(expired)));
    expect((await api(t.app, 'endOtherSessions', { token: current, input: {} })).data).toEqual({
      revokedSessions: 0,
    });
  });

  it('two devices asking at once: one stays signed in, the other is told it is signed out', async () => {
    for (let round = 0; round < 5; round++) {
      const agent = await createAgent(t.db);
      const a = await signIn(t.app, t.db, agent.playerId);
      const b = await signIn(t.app, t.db, agent.playerId);
      const c = await signIn(t.app, t.db, agent.playerId);
      const answers = await Promise.all(
        [a, b].map((token) => api(t.app, 'endOtherSessions', { token, input: {} })),
      );
      const kept = answers.flatMap((answer, i) => (answer.code === ResponseCode.success ? [[a, b][i]] : []));
      expect(kept, JSON.stringify(answers)).toHaveLength(1);
      expect(answers.find((answer) => answer.code === ResponseCode.success)?.data).toEqual({
        revokedSessions: 2,
      });
      expect(answers.find((answer) => answer.code !== ResponseCode.success)?.code).toBe(
        ResponseCode.notSignedIn,
      );
      const live = await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.playerId, agent.playerId),
            sql`${sessions.revokedAt} is null`,
            inArray(sessions.tokenHash, [a, b, c].map(sha256)),
          ),
        );
      expect(live).toHaveLength(1);
      expect((await getUser(kept[0] as string)).code).toBe(ResponseCode.success);
    }
  });

  it('is for agents only', async () => {
    const playerId = await createPlayer(t.db);
    const token = await signIn(t.app, t.db, playerId);
    const other = await signIn(t.app, t.db, playerId);
    expectRefusal(await api(t.app, 'endOtherSessions', { token, input: {} }), cn('agentsOnly'));
    expect((await api(t.app, 'getPlayer', { token: other, input: { playerId } })).code).toBe(
      ResponseCode.success,
    );
  });
});

describe('agent/user/players', () => {
  /** An agent with stock, its token, and a way to recharge a player through the real call. */
  async function seller(nickname?: string) {
    const agent = await createAgent(t.db, { level: 2, nickname });
    await fund(t.db, agentOwner(agent.agentId), 'diamonds', 100_000);
    const token = await signIn(t.app, t.db, agent.playerId);
    const recharge = async (playerId: number, diamonds: number, daysAgo = 0) => {
      const answer = await api(t.app, 'recharge', {
        token,
        input: { playerId, diamonds, requestId: uuid() },
      });
      expect(answer.code, answer.msg).toBe(ResponseCode.success);
      if (daysAgo > 0)
        await t.db
          .update(recharges)
          .set({ createdAt: sql`now() - make_interval(days => ${daysAgo})` })
          .where(eq(recharges.id, Number(answer.data.rechargeId)));
    };
    return { ...agent, token, recharge };
  }

  const list = (token: string, input: CallInput<'boundPlayers'> = {}) =>
    api(t.app, 'boundPlayers', { token, input });
  const byId = (rows: TBoundPlayer[]) => new Map(rows.map((row) => [row.playerId, row]));

  it('lists the players bound to the caller with its last recharge and the diamonds of the period', async () => {
    const me = await seller();
    const child = await createAgent(t.db, { level: 3, parentId: me.agentId });
    const other = await seller();
    const often = await createPlayer(t.db, {
      boundAgentId: me.agentId,
      nickname: '常客',
      mobile: '13511112222',
    });
    const once = await createPlayer(t.db, { boundAgentId: me.agentId, nickname: '偶尔' });
    const never = await createPlayer(t.db, { boundAgentId: me.agentId, nickname: '从不' });
    const childs = await createPlayer(t.db, { boundAgentId: child.agentId });
    const unbound = await createPlayer(t.db);

    await me.recharge(often, 100);
    await me.recharge(often, 50, 2);
    await me.recharge(often, 30, 40);
    await me.recharge(once, 70, 10);
    // Not this agent's players, or not this agent's recharges: none of it counts.
    await me.recharge(unbound, 500);
    await me.recharge(childs, 500);
    await other.recharge(often, 900);

    const answer = await list(me.token);
    expect(answer.code, answer.msg).toBe(ResponseCode.success);
    expect(calls.boundPlayers.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data).toMatchObject({ total: 3, page: 1, pageSize: 20, periodDiamonds: 100 + 50 + 70 });
    // Default sort: the last recharge first, never recharged last.
    expect(answer.data.list.map((p) => p.playerId)).toEqual([often, once, never]);
    const rows = byId(answer.data.list);
    expect(rows.get(often)).toMatchObject({
      nickname: '常客',
      mobile: '13511112222',
      periodDiamonds: 150,
      totalDiamonds: 180,
    });
    expect(Date.now() - Date.parse(rows.get(often)?.lastRechargeAt ?? '')).toBeLessThan(60_000);
    expect(rows.get(once)).toMatchObject({ periodDiamonds: 70, totalDiamonds: 70 });
    expect(Date.now() - Date.parse(rows.get(once)?.lastRechargeAt ?? '')).toBeGreaterThan(9 * 86_400_000);
    expect(rows.get(never)).toMatchObject({ lastRechargeAt: null, periodDiamonds: 0, totalDiamonds: 0 });

    // The period: today, the last 7 days, the last year (calendar days of the platform's time zone).
    const today = await list(me.token, { days: 1 });
    expect(today.data.periodDiamonds).toBe(100);
    expect(byId(today.data.list).get(often)?.periodDiamonds).toBe(100);
    expect(byId(today.data.list).get(once)?.periodDiamonds).toBe(0);
    // Today began at midnight in Shanghai (the demo's and default time zone, no daylight saving): 16:00 UTC.
    const since = new Date(today.data.since);
    expect([since.getUTCHours(), since.getUTCMinutes(), since.getUTCSeconds()]).toEqual([16, 0, 0]);
    expect(Date.now() - since.getTime()).toBeGreaterThanOrEqual(0);
    expect(Date.now() - since.getTime()).toBeLessThan(86_400_000);
    expect((await list(me.token, { days: 7 })).data.periodDiamonds).toBe(150);
    expect((await list(me.token, { days: 366 })).data.periodDiamonds).toBe(250);
    const week = await list(me.token, { days: 7 });
    expect(Date.parse(today.data.since) - Date.parse(week.data.since)).toBe(6 * 86_400_000);
  });

  it('sorts by the last recharge, by the diamonds of the period or by when they bound', async () => {
    const me = await seller();
    const [a, b, c] = [
      await createPlayer(t.db, { boundAgentId: me.agentId }),
      await createPlayer(t.db, { boundAgentId: me.agentId }),
      await createPlayer(t.db, { boundAgentId: me.agentId }),
    ];
    await me.recharge(a, 10, 3);
    await me.recharge(b, 500, 5);
    await me.recharge(c, 20);
    const boundDaysAgo = { [a]: 1, [b]: 9, [c]: 4 };
    for (const [id, days] of Object.entries(boundDaysAgo))
      await t.db
        .update(players)
        .set({ boundAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(players.id, Number(id)));

    const order = async (sort: CallInput<'boundPlayers'>['sort']) =>
      (await list(me.token, { sort })).data.list.map((p) => p.playerId);
    expect(await order('lastRecharge')).toEqual([c, a, b]);
    expect(await order('periodDiamonds')).toEqual([b, c, a]);
    expect(await order('boundAt')).toEqual([a, c, b]);
  });

  it('finds a player by its id, by part of its nickname (wildcards as typed) or by digits of its mobile', async () => {
    const me = await seller();
    const lucky = await createPlayer(t.db, {
      boundAgentId: me.agentId,
      nickname: '幸运_星',
      mobile: '13698765432',
    });
    const plain = await createPlayer(t.db, { boundAgentId: me.agentId, nickname: '幸运儿' });
    const hundred = await createPlayer(t.db, { boundAgentId: me.agentId, nickname: '100%赢' });
    // Another agent's player, with the same words: never found here.
    const stranger = await seller();
    await createPlayer(t.db, { boundAgentId: stranger.agentId, nickname: '幸运_星', mobile: '13698760000' });

    const found = async (keyword: string) =>
      (await list(me.token, { keyword })).data.list.map((p) => p.playerId).sort();
    expect(await found(String(lucky))).toEqual([lucky]);
    expect(await found('幸运')).toEqual([lucky, plain].sort());
    expect(await found('运_')).toEqual([lucky]);
    expect(await found('%')).toEqual([hundred]);
    expect(await found('8765')).toEqual([lucky]);
    expect(await found('13698765432')).toEqual([lucky]);
    expect(await found('9876000')).toEqual([]);
    expect(await found('没有这个人')).toEqual([]);
    // A number beyond any id is still a keyword, and finds nothing.
    expect(await found('99999999999999')).toEqual([]);
    const narrowed = await list(me.token, { keyword: '幸运' });
    expect(narrowed.data.total).toBe(2);
  });

  it('pages on the server', async () => {
    const me = await seller();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await createPlayer(t.db, { boundAgentId: me.agentId });
      ids.push(id);
      await me.recharge(id, 10 + i, 5 - i);
    }
    const newestFirst = [...ids].reverse();
    const first = await list(me.token, { page: 1, pageSize: 2 });
    const second = await list(me.token, { page: 2, pageSize: 2 });
    const third = await list(me.token, { page: 3, pageSize: 2 });
    const beyond = await list(me.token, { page: 9, pageSize: 2 });
    expect([first, second, third].flatMap((a) => a.data.list.map((p) => p.playerId))).toEqual(newestFirst);
    expect([first.data.total, third.data.list.length, beyond.data.list.length, beyond.data.total]).toEqual([
      5, 1, 0, 5,
    ]);
    // The period's sum is of every player found, not of the page.
    expect(first.data.periodDiamonds).toBe(10 + 11 + 12 + 13 + 14);
  });

  it('refuses a period, a page size, a sort or a keyword out of bounds, naming the field', async () => {
    const me = await seller();
    const ask = (input: Record<string, unknown>) =>
      apiUnchecked(t.app, 'boundPlayers', { token: me.token, input });
    expectInvalid(await ask({ days: 0 }), 'days');
    expectInvalid(await ask({ days: 367 }), 'days');
    expectInvalid(await ask({ days: 'week' }), 'days');
    expectInvalid(await ask({ pageSize: 101 }), 'pageSize');
    expectInvalid(await ask({ page: 0 }), 'page');
    expectInvalid(await ask({ sort: 'balance' }), 'sort');
    expectInvalid(await ask({ keyword: 'x'.repeat(33) }), 'keyword');
  });

  it('is for agents only', async () => {
    const playerId = await createPlayer(t.db);
    expectRefusal(await list(await signIn(t.app, t.db, playerId)), cn('agentsOnly'));
  });
});
