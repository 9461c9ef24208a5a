import { randomUUID } from 'node:crypto';
import { calls, ResponseCode } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { players } from '../../src/db/schema';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api } from '../helper';
import { asOperator } from '../operator-factories';
import { adminApi, signInOperators, useAdminTestApp } from './admin-support';
import { setOption } from './money-support';

/**
 * Players in the console (decision 018): search, the player's page (diamonds, bound agent,
 * recharges received, orders), and unbinding by an operator (a compare-and-set on the agent it saw, audited, allowed
 * whatever bind.unbindAllowed says to players).
 */
const t = useAdminTestApp({ checkLedger: true });
const admin = adminApi(t);
let support: string;
let support2: string;
let viewer: string;
let finance: string;
beforeAll(async () => {
  [support, support2, viewer, finance] = await signInOperators(t, [
    'support',
    'support',
    'viewer',
    'finance',
  ]);
});

async function boundAgentOf(playerId: number) {
  const [row] = await t.db
    .select({ boundAgentId: players.boundAgentId })
    .from(players)
    .where(eq(players.id, playerId));
  return row?.boundAgentId ?? null;
}

async function recharge(agent: { agentId: number; playerId: number }, playerId: number, diamonds: number) {
  const token = await signIn(t.app, t.db, agent.playerId);
  const answer = await api(t.app, 'recharge', {
    token,
    input: { playerId, diamonds, requestId: randomUUID() },
  });
  expect(answer.code, answer.msg).toBe(1);
}

describe('the players list', () => {
  it('searches by id, nickname, mobile and bound agent, newest first, paged on the server', async () => {
    const tag = randomUUID().slice(0, 6);
    const agent = await createAgent(t.db, { level: 2, nickname: `推广${tag}` });
    const first = await createPlayer(t.db, { nickname: `玩家甲${tag}`, mobile: '13811112222' });
    const second = await createPlayer(t.db, { nickname: `玩家乙${tag}`, boundAgentId: agent.agentId });
    await fund(t.db, { ownerType: 'player', ownerId: second }, 'diamonds', 42);

    const byTag = await admin('adminPlayerList', viewer, { nickname: tag });
    expect(byTag.code, byTag.msg).toBe(1);
    expect(calls.adminPlayerList.data.parse(byTag.data)).toEqual(byTag.data);
    // The agent is a player too: three, newest first.
    expect(byTag.data.list.map((p) => p.playerId)).toEqual([second, first, agent.playerId]);
    expect(byTag.data.list[0]).toEqual({
      playerId: second,
      nickname: `玩家乙${tag}`,
      avatar: '',
      mobile: null,
      diamonds: 42,
      boundAgent: { agentId: agent.agentId, nickname: `推广${tag}` },
      agentId: null,
      createdAt: expect.any(String),
    });
    expect(byTag.data.list[2]).toMatchObject({
      playerId: agent.playerId,
      agentId: agent.agentId,
      boundAgent: null,
    });

    expect(
      (await admin('adminPlayerList', viewer, { playerId: first })).data.list.map((p) => p.playerId),
    ).toEqual([first]);
    expect(
      (await admin('adminPlayerList', viewer, { mobile: '1381111' })).data.list.map((p) => p.playerId),
    ).toEqual([first]);
    const bound = await admin('adminPlayerList', viewer, { boundAgentId: agent.agentId });
    expect(bound.data).toMatchObject({ total: 1, list: [{ playerId: second }] });
    const paged = await admin('adminPlayerList', viewer, { nickname: tag, page: 2, pageSize: 2 });
    expect({ n: paged.data.list.length, total: paged.data.total }).toEqual({ n: 1, total: 3 });
    expect((await admin('adminPlayerList', viewer, { nickname: '_' })).data.total).toBe(0);
    const malformed = await api(t.app, 'adminPlayerList', {
      input: { mobile: '1-38' } as never,
      ...asOperator(viewer),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.msg).toContain('mobile');
  });
});

describe('the player’s page', () => {
  it('has its diamonds, its agent, the recharges it received (paged) and its orders', async () => {
    const agent = await createAgent(t.db, { level: 2, nickname: '充值人' });
    const other = await createAgent(t.db, { level: 2, nickname: '另一位' });
    await fund(t.db, { ownerType: 'agent', ownerId: agent.agentId }, 'diamonds', 1_000);
    await fund(t.db, { ownerType: 'agent', ownerId: other.agentId }, 'diamonds', 1_000);
    const player = await createPlayer(t.db, { nickname: '收钻人', boundAgentId: agent.agentId });
    await recharge(agent, player, 100);
    await recharge(other, player, 30);
    await recharge(agent, player, 5);

    const detail = await admin('adminPlayerDetail', viewer, { playerId: player });
    expect(detail.code, detail.msg).toBe(1);
    expect(calls.adminPlayerDetail.data.parse(detail.data)).toEqual(detail.data);
    expect(detail.data).toEqual({
      player: expect.objectContaining({
        playerId: player,
        nickname: '收钻人',
        diamonds: 135,
        boundAgent: { agentId: agent.agentId, nickname: '充值人' },
      }),
      recentOrders: [],
      lastUnbindReason: null,
    });

    const page = await admin('adminPlayerRecharges', viewer, { playerId: player, pageSize: 2 });
    expect(calls.adminPlayerRecharges.data.parse(page.data)).toEqual(page.data);
    expect(page.data.total).toBe(3);
    expect(page.data.list.map((r) => [r.agentId, r.agentNickname, r.diamonds])).toEqual([
      [agent.agentId, '充值人', 5],
      [other.agentId, '另一位', 30],
    ]);
    const rest = await admin('adminPlayerRecharges', viewer, { playerId: player, page: 2, pageSize: 2 });
    expect(rest.data.list.map((r) => r.diamonds)).toEqual([100]);

    for (const name of ['adminPlayerDetail', 'adminPlayerRecharges'] as const) {
      const unknown = await admin(name, viewer, { playerId: 999_999 });
      expect({ code: unknown.code, msg: unknown.msg }).toEqual({ code: 0, msg: '玩家不存在' });
    }
  });
});

describe('unbind a player', () => {
  it('unbinds it with a reason, audited; the player is free to bind again', async () => {
    const agent = await createAgent(t.db, { level: 2 });
    const player = await createPlayer(t.db, { boundAgentId: agent.agentId });
    const answer = await admin('adminPlayerUnbind', support, {
      playerId: player,
      expectedAgentId: agent.agentId,
      reason: '玩家申请更换推广员',
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(calls.adminPlayerUnbind.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data).toMatchObject({ playerId: player, boundAgent: null });
    expect(await boundAgentOf(player)).toBeNull();
    const audit = await t.db.execute(
      sql`select before, after from audit_log where action = 'player.unbind' and target_id = ${String(player)}`,
    );
    expect(audit.rows).toEqual([
      {
        before: { boundAgentId: agent.agentId },
        after: { boundAgentId: null, reason: '玩家申请更换推广员' },
      },
    ]);
    expect((await admin('adminPlayerDetail', viewer, { playerId: player })).data.lastUnbindReason).toBe(
      '玩家申请更换推广员',
    );
    const token = await signIn(t.app, t.db, player);
    const rebind = await api(t.app, 'bind', { token, input: { agentId: agent.agentId } });
    expect(rebind.code, rebind.msg).toBe(1);
  });

  it('an operator may unbind even where players may not (bind.unbindAllowed false)', async () => {
    const agent = await createAgent(t.db, { level: 2 });
    const player = await createPlayer(t.db, { boundAgentId: agent.agentId });
    await setOption(t.db, 'bind.unbindAllowed', 'false');
    try {
      const token = await signIn(t.app, t.db, player);
      expect((await api(t.app, 'unbind', { token, input: {} })).msg).toBe('平台当前不允许解绑');
      const answer = await admin('adminPlayerUnbind', support, {
        playerId: player,
        expectedAgentId: agent.agentId,
        reason: '绑定错误',
      });
      expect(answer.code, answer.msg).toBe(1);
    } finally {
      await setOption(t.db, 'bind.unbindAllowed', 'true');
    }
  });

  it('is a compare-and-set on the agent the operator saw; refuses an unbound or unknown player and other roles', async () => {
    const agent = await createAgent(t.db, { level: 2 });
    const other = await createAgent(t.db, { level: 2 });
    const player = await createPlayer(t.db, { boundAgentId: other.agentId });
    const stale = await admin('adminPlayerUnbind', support, {
      playerId: player,
      expectedAgentId: agent.agentId,
      reason: 'x',
    });
    expect({ code: stale.code, msg: stale.msg }).toEqual({
      code: 0,
      msg: `该玩家当前绑定的推广员为 ${other.agentId}，请刷新后重试`,
    });
    expect(await boundAgentOf(player)).toBe(other.agentId);
    const loose = await createPlayer(t.db);
    const unbound = await admin('adminPlayerUnbind', support, {
      playerId: loose,
      expectedAgentId: agent.agentId,
      reason: 'x',
    });
    expect(unbound.msg).toBe('该玩家当前未绑定推广员');
    const unknown = await admin('adminPlayerUnbind', support, {
      playerId: 999_999,
      expectedAgentId: agent.agentId,
      reason: 'x',
    });
    expect(unknown.msg).toBe('玩家不存在');
    const blank = await api(t.app, 'adminPlayerUnbind', {
      input: { playerId: player, expectedAgentId: other.agentId, reason: ' ' },
      ...asOperator(support),
    });
    expect(blank.status).toBe(400);
    for (const token of [viewer, finance]) {
      const forbidden = await admin('adminPlayerUnbind', token, {
        playerId: player,
        expectedAgentId: other.agentId,
        reason: 'x',
      });
      expect(forbidden.code).toBe(ResponseCode.operatorForbidden);
    }
    expect(await boundAgentOf(player)).toBe(other.agentId);
  });

  it('two operators unbinding at once: one unbinds, the other is told; one audit entry', async () => {
    const agent = await createAgent(t.db, { level: 2 });
    const player = await createPlayer(t.db, { boundAgentId: agent.agentId });
    const answers = await Promise.all(
      [support, support2].map((token) =>
        admin('adminPlayerUnbind', token, {
          playerId: player,
          expectedAgentId: agent.agentId,
          reason: 'race',
        }),
      ),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.code === 0)?.msg).toBe('该玩家当前未绑定推广员');
    const audit = await t.db.execute(
      sql`select 1 from audit_log where action = 'player.unbind' and target_id = ${String(player)}`,
    );
    expect(audit.rows).toHaveLength(1);
  });
});
