import { ResponseCode, calls } from '@promoter/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api, apiUnchecked } from '../helper';
import { asOperator } from '../operator-factories';
import { adminApi, signInOperators, useAdminTestApp } from './admin-support';
import { applyToWithdraw } from './money-support';

/**
 * Agents in the console (decision 018): search, the agent's page, freeze and unfreeze with a reason (the
 * agent's very next call answers 1002), the password removed with every session of the agent (decision 037).
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
      msg: '该推广员当前状态为「已冻结」，无法执行此操作',
    });

    const unfrozen = await admin('adminAgentUnfreeze', support, {
      agentId: agent.agentId,
      reason: '核实无误',
      notice: '经核实，账户恢复正常',
    });
    expect(unfrozen.data.status).toBe('active');
    expect((await api(t.app, 'getUser', { token })).code).toBe(1);
    // The agent was told of both, in its language; the internal reasons stay in the console (decision 037).
    const inbox = await api(t.app, 'notificationList', { token, input: {} });
    const told = inbox.data.list.filter((item) => item.ref?.type === 'agent').map((item) => item.text);
    expect(told).toEqual([
      '平台已解冻您的代理账户，您可以继续使用。平台留言：经核实，账户恢复正常',
      '平台已冻结您的代理账户，冻结期间您的提现暂缓处理。',
    ]);
    expect(JSON.stringify(inbox.data)).not.toContain('涉嫌刷单');
    const twice = await admin('adminAgentUnfreeze', support, { agentId: agent.agentId, reason: 'x' });
    expect(twice.msg).toBe('该推广员当前状态为「正常」，无法执行此操作');

    expect(await auditOf('agent.freeze', String(agent.agentId))).toEqual([
      expect.objectContaining({
        before: { status: 'active' },
        after: { status: 'frozen', reason: '涉嫌刷单' },
      }),
    ]);
    expect(await auditOf('agent.unfreeze', String(agent.agentId))).toEqual([
      expect.objectContaining({
        before: { status: 'frozen' },
        after: { status: 'active', reason: '核实无误', notice: '经核实，账户恢复正常' },
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

describe('reset an agent’s password (decision 037: support never holds a usable password)', () => {
  it('removes the password: no operator sees one, every session ends, the agent is told, the reason is kept', async () => {
    const agent = await createAgent(t.db, { password: 'old-secret-1' });
    const tokens = [await signIn(t.app, t.db, agent.playerId), await signIn(t.app, t.db, agent.playerId)];
    const answer = await admin('adminAgentResetPassword', support, {
      agentId: agent.agentId,
      reason: '代理来电：密码泄露',
      notice: '请从游戏内重新登录',
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data).toEqual({ agentId: agent.agentId, revokedSessions: 2 });
    for (const token of tokens)
      expect((await api(t.app, 'getUser', { token })).code).toBe(ResponseCode.notSignedIn);
    // Neither the old password nor anything else signs in with a password now.
    const old = await api(t.app, 'loginById', {
      input: { agentId: agent.agentId, password: 'old-secret-1' },
    });
    expect(old.code).toBe(0);
    const audit = await auditOf('agent.resetPassword', String(agent.agentId));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ reason: '代理来电：密码泄露', notice: '请从游戏内重新登录' });
    // The agent, back from the game's link, reads why in its inbox; the internal reason is not there.
    const back = await signIn(t.app, t.db, agent.playerId);
    const inbox = await api(t.app, 'notificationList', { token: back, input: {} });
    const item = inbox.data.list.find((entry) => entry.kind === 'passwordRemoved');
    expect(item?.title).toBe('密码已清除');
    expect(item?.text).toContain('平台留言：请从游戏内重新登录');
    expect(JSON.stringify(inbox.data)).not.toContain('密码泄露');
  });

  it('needs a reason; refuses an unknown agent, and finance', async () => {
    const agent = await createAgent(t.db, { password: 'old-secret-1' });
    const noReason = await apiUnchecked(t.app, 'adminAgentResetPassword', {
      input: { agentId: agent.agentId },
      ...asOperator(support),
    });
    expect(noReason.status).toBe(400);
    const unknown = await admin('adminAgentResetPassword', support, { agentId: 999_999, reason: 'x' });
    expect({ code: unknown.code, msg: unknown.msg }).toEqual({ code: 0, msg: '推广员不存在' });
    const forbidden = await admin('adminAgentResetPassword', finance, {
      agentId: agent.agentId,
      reason: 'x',
    });
    expect(forbidden.code).toBe(ResponseCode.operatorForbidden);
    const still = await api(t.app, 'loginById', {
      input: { agentId: agent.agentId, password: 'old-secret-1' },
    });
    expect(still.code, still.msg).toBe(1);
  });
});

describe('the agents list, sorted on the server', () => {
  it('sorts by balance, diamonds, level, id and time, either way; the id breaks ties', async () => {
    const tag = randomUUID().slice(0, 6);
    const poor = await createAgent(t.db, { level: 3, nickname: `排序${tag}` });
    const rich = await createAgent(t.db, { level: 2, nickname: `排序${tag}` });
    const middle = await createAgent(t.db, { level: 1, nickname: `排序${tag}` });
    await fund(t.db, { ownerType: 'agent', ownerId: rich.agentId }, 'balance', 90_000);
    await fund(t.db, { ownerType: 'agent', ownerId: middle.agentId }, 'balance', 50_000);
    await fund(t.db, { ownerType: 'agent', ownerId: poor.agentId }, 'diamonds', 5);
    const ids = async (
      sort: 'balance' | 'diamonds' | 'level' | 'agentId' | 'createdAt',
      order: 'asc' | 'desc',
    ) =>
      (await admin('adminAgentList', viewer, { nickname: tag, sort, order })).data.list.map((a) => a.agentId);
    expect(await ids('balance', 'desc')).toEqual([rich.agentId, middle.agentId, poor.agentId]);
    expect(await ids('balance', 'asc')).toEqual([poor.agentId, middle.agentId, rich.agentId]);
    expect(await ids('diamonds', 'desc')).toEqual([poor.agentId, middle.agentId, rich.agentId]);
    expect(await ids('level', 'asc')).toEqual([middle.agentId, rich.agentId, poor.agentId]);
    expect(await ids('agentId', 'asc')).toEqual([poor.agentId, rich.agentId, middle.agentId]);
    expect(await ids('createdAt', 'desc')).toEqual([middle.agentId, rich.agentId, poor.agentId]);
    const unknown = await api(t.app, 'adminAgentList', {
      input: { sort: 'password' } as never,
      ...asOperator(viewer),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('sort');
  });
});

describe('an agent’s ledger', () => {
  it('pages one currency on the server, filtered by bill type and dates, newest first', async () => {
    const agent = await createAgent(t.db, { level: 2 });
    const owner = { ownerType: 'agent' as const, ownerId: agent.agentId };
    const day = (d: number) => new Date(Date.UTC(2024, 0, d, 4));
    await fund(t.db, owner, 'balance', 10_000, day(1));
    await fund(t.db, owner, 'balance', 20_000, day(2));
    await fund(t.db, owner, 'balance', 30_000, day(3));
    await fund(t.db, owner, 'diamonds', 500, day(2));
    const token = await signIn(t.app, t.db, agent.playerId);
    expect((await applyToWithdraw(t.app, token, '100.00')).code).toBe(1);

    const page = await admin('adminAgentLedger', viewer, {
      agentId: agent.agentId,
      currency: 'balance',
      pageSize: 2,
    });
    expect(page.code, page.msg).toBe(1);
    expect(calls.adminAgentLedger.data.parse(page.data)).toEqual(page.data);
    expect(page.data).toMatchObject({ total: 4, totalIsLowerBound: false, page: 1, pageSize: 2 });
    expect(page.data.list.map((e) => [e.billType, e.amount, e.after])).toEqual([
      [6, '-100.00', '500.00'],
      [9, '300.00', '600.00'],
    ]);
    expect(page.data.list[0]).toMatchObject({ refType: 'withdrawal', memo: '申请提现' });
    const second = await admin('adminAgentLedger', viewer, {
      agentId: agent.agentId,
      currency: 'balance',
      page: 2,
      pageSize: 2,
    });
    expect(second.data.list.map((e) => e.amount)).toEqual(['200.00', '100.00']);

    const adjustmentsOnly = await admin('adminAgentLedger', viewer, {
      agentId: agent.agentId,
      currency: 'balance',
      billType: 9,
      from: day(2).toISOString(),
      to: day(3).toISOString(),
    });
    expect(adjustmentsOnly.data.list.map((e) => e.amount)).toEqual(['200.00']);
    const diamonds = await admin('adminAgentLedger', viewer, {
      agentId: agent.agentId,
      currency: 'diamonds',
    });
    expect(diamonds.data.list.map((e) => [e.amount, e.after])).toEqual([['500', '500']]);
    // The memo reads in the operator's language.
    const english = await api(t.app, 'adminAgentLedger', {
      input: { agentId: agent.agentId, currency: 'balance', billType: 6 },
      headers: { ...asOperator(viewer).headers, 'x-lang': 'en' },
    });
    expect(english.data.list[0]?.memo).not.toBe('申请提现');

    const none = await admin('adminAgentLedger', viewer, { agentId: 999_999, currency: 'balance' });
    expect({ code: none.code, msg: none.msg }).toEqual({ code: 0, msg: '推广员不存在' });
    const badType = await api(t.app, 'adminAgentLedger', {
      input: { agentId: agent.agentId, currency: 'balance', billType: 12 } as never,
      ...asOperator(viewer),
    });
    expect(badType.status).toBe(400);
  });
});

describe('an agent’s sessions', () => {
  it('lists the live ones without any token, and revokes them all with a reason (audited)', async () => {
    const agent = await createAgent(t.db, { level: 2 });
    const tokens = [await signIn(t.app, t.db, agent.playerId), await signIn(t.app, t.db, agent.playerId)];
    const expired = await signIn(t.app, t.db, agent.playerId);
    await t.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = (select max(id) from sessions)`,
    );
    const listed = await admin('adminAgentSessions', viewer, { agentId: agent.agentId });
    expect(listed.code, listed.msg).toBe(1);
    expect(calls.adminAgentSessions.data.parse(listed.data)).toEqual(listed.data);
    expect(listed.data.total).toBe(2);
    const body = JSON.stringify(listed.data);
    for (const token of [...tokens, expired]) expect(body).not.toContain(token);
    expect(body).not.toContain('token');

    for (const token of [viewer, finance]) {
      const forbidden = await admin('adminAgentRevokeSessions', token, {
        agentId: agent.agentId,
        reason: 'x',
      });
      expect(forbidden.code).toBe(ResponseCode.operatorForbidden);
    }
    const revoked = await admin('adminAgentRevokeSessions', support, {
      agentId: agent.agentId,
      reason: '账号疑似被盗',
    });
    expect(revoked.code, revoked.msg).toBe(1);
    expect(revoked.data).toEqual({ agentId: agent.agentId, revokedSessions: 2 });
    for (const token of tokens)
      expect((await api(t.app, 'getUser', { token })).code).toBe(ResponseCode.notSignedIn);
    expect((await admin('adminAgentSessions', viewer, { agentId: agent.agentId })).data.total).toBe(0);
    expect((await admin('adminAgentDetail', viewer, { agentId: agent.agentId })).data.activeSessions).toBe(0);
    expect(await auditOf('agent.revokeSessions', String(agent.agentId))).toEqual([
      expect.objectContaining({ after: { revokedSessions: 2, reason: '账号疑似被盗' } }),
    ]);
    const unknown = await admin('adminAgentRevokeSessions', support, { agentId: 999_999, reason: 'x' });
    expect(unknown.msg).toBe('推广员不存在');
    const blank = await api(t.app, 'adminAgentRevokeSessions', {
      input: { agentId: agent.agentId, reason: '' },
      ...asOperator(support),
    });
    expect(blank.status).toBe(400);
  });
});

describe('players', () => {
  it('a player is no agent: the agents list does not show it', async () => {
    const playerId = await createPlayer(t.db, { nickname: `纯玩家${randomUUID().slice(0, 4)}` });
    const answer = await admin('adminAgentList', viewer, { nickname: '纯玩家' });
    expect(answer.data.list.map((x) => x.playerId)).not.toContain(playerId);
  });
});
