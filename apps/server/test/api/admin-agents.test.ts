import { ResponseCode, calls } from '@promoter/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api } from '../helper';
import { asOperator } from '../operator-factories';
import { adminApi, signInOperators, useAdminTestApp } from './admin-support';
import { applyToWithdraw } from './money-support';

/**
 * Issue 11, agents in the console (decision 018): search, the agent's page, freeze and unfreeze with a reason (the
 * agent's very next call answers 1002), a one-time password that ends every session of the agent.
 */
const t = useAdminTestApp();
const admin = adminApi(t);
let support: string;
let viewer: string;
let finance: string;
beforeAll(async () => {
  [support, viewer, finance] = await signInOperators(t, ['support', 'viewer', 'finance']);
});

async function auditOf(action: string, targetId: string) {
  const result = await t.db.execute(
    sql`select operator_name, before, after from audit_log where action = ${action} and target_id = ${targetId}
        order by id`,
  );
  return result.rows as { operator_name: string; before: unknown; after: unknown }[];
}

describe('the agents list', () => {
  it('searches by id, nickname, mobile, level, status and parent, paginated on the server', async () => {
    const tag = randomUUID().slice(0, 6);
    const root = await createAgent(t.db, { level: 1, nickname: `根${tag}` });
    const a = await createAgent(t.db, { level: 2, parentId: root.agentId, nickname: `甲${tag}` });
    const b = await createAgent(t.db, {
      level: 2,
      parentId: root.agentId,
      nickname: `乙${tag}`,
      status: 'frozen',
    });
    await t.db.execute(sql`update players set mobile = '13512345678' where id = ${a.playerId}`);
    await fund(t.db, { ownerType: 'agent', ownerId: a.agentId }, 'balance', 12_345);
    await fund(t.db, { ownerType: 'agent', ownerId: a.agentId }, 'diamonds', 77);

    const byParent = await admin('adminAgentList', viewer, { parentId: root.agentId });
    expect(byParent.code, byParent.msg).toBe(1);
    expect(calls.adminAgentList.data.parse(byParent.data)).toEqual(byParent.data);
    expect(byParent.data.list.map((x) => x.agentId).sort()).toEqual([a.agentId, b.agentId].sort());
    expect(byParent.data.total).toBe(2);

    const byId = await admin('adminAgentList', viewer, { agentId: a.agentId });
    expect(byId.data.list).toEqual([
      expect.objectContaining({
        agentId: a.agentId,
        nickname: `甲${tag}`,
        mobile: '13512345678',
        level: 2,
        status: 'active',
        parentId: root.agentId,
        balance: '123.45',
        diamonds: 77,
        childrenCount: 0,
      }),
    ]);
    const byNickname = await admin('adminAgentList', viewer, { nickname: tag });
    expect(byNickname.data.total).toBe(3);
    const byMobile = await admin('adminAgentList', viewer, { mobile: '1351234' });
    expect(byMobile.data.list.map((x) => x.agentId)).toEqual([a.agentId]);
    const frozen = await admin('adminAgentList', viewer, { nickname: tag, status: 'frozen' });
    expect(frozen.data.list.map((x) => x.agentId)).toEqual([b.agentId]);
    const level1 = await admin('adminAgentList', viewer, { nickname: tag, level: 1 });
    expect(level1.data.list).toEqual([expect.objectContaining({ agentId: root.agentId, childrenCount: 2 })]);
    const page2 = await admin('adminAgentList', viewer, { nickname: tag, page: 2, pageSize: 2 });
    expect({ n: page2.data.list.length, total: page2.data.total, page: page2.data.page }).toEqual({
      n: 1,
      total: 3,
      page: 2,
    });
    // LIKE's wildcards typed by the operator match themselves.
    expect((await admin('adminAgentList', viewer, { nickname: '%' })).data.total).toBe(0);
  });

  it('refuses a malformed filter with 400 naming the field', async () => {
    const answer = await api(t.app, 'adminAgentList', {
      input: { mobile: 'abc' } as never,
      ...asOperator(viewer),
    });
    expect(answer.status).toBe(400);
    expect(answer.msg).toContain('mobile');
  });
});

describe('the agent’s page', () => {
  it('has the profile, money, today, parent, children, ledgers, orders, withdrawals and active sessions', async () => {
    const parent = await createAgent(t.db, { level: 1, nickname: '上级' });
    const agent = await createAgent(t.db, { level: 2, parentId: parent.agentId, nickname: '本人' });
    await createAgent(t.db, { level: 3, parentId: agent.agentId });
    await fund(t.db, { ownerType: 'agent', ownerId: agent.agentId }, 'balance', 50_000);
    await fund(t.db, { ownerType: 'agent', ownerId: agent.agentId }, 'diamonds', 300);
    const token = await signIn(t.app, t.db, agent.playerId);
    await signIn(t.app, t.db, agent.playerId);
    const withdrawn = await applyToWithdraw(t.app, token, '100.00');
    expect(withdrawn.code, withdrawn.msg).toBe(1);

    const answer = await admin('adminAgentDetail', viewer, { agentId: agent.agentId });
    expect(answer.code, answer.msg).toBe(1);
    expect(calls.adminAgentDetail.data.parse(answer.data)).toEqual(answer.data);
    const d = answer.data;
    expect(d.agent).toMatchObject({
      agentId: agent.agentId,
      balance: '400.00',
      diamonds: 300,
      childrenCount: 1,
    });
    expect(d.parent).toEqual({ agentId: parent.agentId, nickname: '上级', level: 1 });
    expect(d.today).toEqual({ profit: '0.00', diamondsSold: 0 });
    expect(d.recentBalanceEntries.map((e) => e.amount)).toEqual(['-100.00', '500.00']);
    expect(d.recentDiamondEntries.map((e) => e.amount)).toEqual(['300']);
    expect(d.recentWithdrawals.map((w) => w.amount)).toEqual(['100.00']);
    expect(d.recentOrders).toEqual([]);
    expect(d.activeSessions).toBe(2);
    expect(d.statusReason).toBeNull();
  });

  it('answers an unknown agent clearly', async () => {
    const answer = await admin('adminAgentDetail', viewer, { agentId: 999_999 });
    expect({ code: answer.code, msg: answer.msg }).toEqual({ code: 0, msg: '推广员不存在' });
  });
});

describe('freeze and unfreeze', () => {
  it('freezes with a reason: the agent’s very next call answers 1002; unfreeze gives it back; both audited', async () => {
    const agent = await createAgent(t.db, { level: 2 });
    const token = await signIn(t.app, t.db, agent.playerId);
    expect((await api(t.app, 'getUser', { token })).code).toBe(1);

    const frozen = await admin('adminAgentFreeze', support, { agentId: agent.agentId, reason: '涉嫌刷单' });
    expect(frozen.code, frozen.msg).toBe(1);
    expect(frozen.data.status).toBe('frozen');
    const next = await api(t.app, 'getUser', { token });
    expect({ code: next.code, msg: next.msg }).toEqual({
      code: ResponseCode.agentUnavailable,
      msg: '您的推广员账号已被冻结，请联系上级或客服',
    });
    const detail = await admin('adminAgentDetail', viewer, { agentId: agent.agentId });
    expect(detail.data.statusReason).toBe('涉嫌刷单');

    const again = await admin('adminAgentFreeze', support, { agentId: agent.agentId, reason: 'again' });
    expect({ code: again.code, msg: again.msg }).toEqual({
      code: 0,
      msg: '该推广员当前状态为 frozen，无法执行此操作',
    });

    const unfrozen = await admin('adminAgentUnfreeze', support, {
      agentId: agent.agentId,
      reason: '核实无误',
    });
    expect(unfrozen.data.status).toBe('active');
    expect((await api(t.app, 'getUser', { token })).code).toBe(1);
    const twice = await admin('adminAgentUnfreeze', support, { agentId: agent.agentId, reason: 'x' });
    expect(twice.msg).toBe('该推广员当前状态为 active，无法执行此操作');

    expect(await auditOf('agent.freeze', String(agent.agentId))).toEqual([
      expect.objectContaining({
        before: { status: 'active' },
        after: { status: 'frozen', reason: '涉嫌刷单' },
      }),
    ]);
    expect(await auditOf('agent.unfreeze', String(agent.agentId))).toEqual([
      expect.objectContaining({
        before: { status: 'frozen' },
        after: { status: 'active', reason: '核实无误' },
      }),
    ]);
  });

  it('requires a reason (400) and a known agent', async () => {
    const agent = await createAgent(t.db);
    const blank = await api(t.app, 'adminAgentFreeze', {
      input: { agentId: agent.agentId, reason: '  ' },
      ...asOperator(support),
    });
    expect(blank.status).toBe(400);
    expect(blank.msg).toContain('reason');
    const unknown = await admin('adminAgentFreeze', support, { agentId: 999_999, reason: 'x' });
    expect({ code: unknown.code, msg: unknown.msg }).toEqual({ code: 0, msg: '推广员不存在' });
  });

  it('is refused to finance and viewer (10103)', async () => {
    const agent = await createAgent(t.db);
    for (const token of [finance, viewer]) {
      const answer = await admin('adminAgentFreeze', token, { agentId: agent.agentId, reason: 'x' });
      expect(answer.code).toBe(ResponseCode.operatorForbidden);
    }
  });

  it('two operators freezing at once: one freezes it, the other is told its state', async () => {
    const agent = await createAgent(t.db);
    const answers = await Promise.all(
      [support, support].map((token) =>
        admin('adminAgentFreeze', token, { agentId: agent.agentId, reason: 'race' }),
      ),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
    expect(await auditOf('agent.freeze', String(agent.agentId))).toHaveLength(1);
  });
});

describe('reset an agent’s password', () => {
  it('answers a one-time password that signs in; every session of the agent ends; audited without it', async () => {
    const agent = await createAgent(t.db, { password: 'old-secret-1' });
    const tokens = [await signIn(t.app, t.db, agent.playerId), await signIn(t.app, t.db, agent.playerId)];
    const answer = await admin('adminAgentResetPassword', support, { agentId: agent.agentId });
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data.revokedSessions).toBe(2);
    expect(answer.data.password).toMatch(/^[a-zA-Z2-9]{12}$/);
    for (const token of tokens)
      expect((await api(t.app, 'getUser', { token })).code).toBe(ResponseCode.notSignedIn);
    const login = await api(t.app, 'loginById', {
      input: { agentId: agent.agentId, password: answer.data.password },
    });
    expect(login.code, login.msg).toBe(1);
    const old = await api(t.app, 'loginById', {
      input: { agentId: agent.agentId, password: 'old-secret-1' },
    });
    expect(old.code).toBe(0);
    const audit = await auditOf('agent.resetPassword', String(agent.agentId));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(answer.data.password);
  });

  it('refuses an unknown agent, and finance', async () => {
    const unknown = await admin('adminAgentResetPassword', support, { agentId: 999_999 });
    expect({ code: unknown.code, msg: unknown.msg }).toEqual({ code: 0, msg: '推广员不存在' });
    const agent = await createAgent(t.db);
    const forbidden = await admin('adminAgentResetPassword', finance, { agentId: agent.agentId });
    expect(forbidden.code).toBe(ResponseCode.operatorForbidden);
  });
});

describe('players', () => {
  it('a player is no agent: the agents list does not show it', async () => {
    const playerId = await createPlayer(t.db, { nickname: `纯玩家${randomUUID().slice(0, 4)}` });
    const answer = await admin('adminAgentList', viewer, { nickname: '纯玩家' });
    expect(answer.data.list.map((x) => x.playerId)).not.toContain(playerId);
  });
});
