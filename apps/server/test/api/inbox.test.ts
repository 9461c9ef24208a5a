import { randomUUID } from 'node:crypto';
import { calls, ResponseCode, UNREAD_COUNT_CAP } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { type CallInput, type CallName } from '@promoter/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents, notifications, orders } from '../../src/db/schema';
import { translate } from '../../src/i18n/messages';
import { notify } from '../../src/modules/notifications/notification-service';
import { applyPayment, expireOrders } from '../../src/modules/payments/payment-service';
import { createAgent, createGoods, createPlayer, fund, signIn } from '../factories';
import { api, apiUnchecked, build, countStatements, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';
import { asOperator } from '../operator-factories';
import { CapturingSmsProvider } from '../stand-ins/sms-capture';
import { signInOperators } from './admin-support';
import { agentOwner, applyToWithdraw } from './money-support';

/**
 * The agent's inbox (decision 018): notifications written in the transaction of their event, the
 * announcements for the agent's level read beside them, each in the reader's language; unread counts; mark-read.
 */
const sms = new CapturingSmsProvider();
let t: TestApp;
let finance: string;
let support: string;
beforeAll(async () => {
  t = await build({}, undefined, { sms });
  [finance, support] = await signInOperators(t, ['finance', 'support']);
});
afterEach(async () => assertLedgerInvariants(t.db));
afterAll(async () => t.close());

const admin = <N extends CallName>(name: N, token: string, input: CallInput<N>) =>
  api(t.app, name, { input, ...asOperator(token) });

const en = { 'x-lang': 'en' };

async function agentWithToken(level: 1 | 2 | 3 = 1, parentId?: number) {
  const agent = await createAgent(t.db, { level, parentId, nickname: `a-${randomUUID().slice(0, 6)}` });
  return { ...agent, token: await signIn(t.app, t.db, agent.playerId) };
}

const inbox = async (token: string, headers: Record<string, string> = {}, page = 1, pageSize = 20) => {
  const answer = await api(t.app, 'notificationList', { token, headers, input: { page, pageSize } });
  expect(answer.code, answer.msg).toBe(1);
  expect(calls.notificationList.data.parse(answer.data)).toEqual(answer.data);
  return answer.data;
};
const unread = async (token: string) => {
  const answer = await api(t.app, 'notificationUnreadCount', { token });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.unread;
};
const markRead = async (token: string, input: { ids: string[] } | { upTo: string }) => {
  const answer = await api(t.app, 'notificationMarkRead', { token, input });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.unread;
};

/** An agent with money that has applied to withdraw `amount`. */
async function applied(amount: string) {
  const agent = await agentWithToken();
  await fund(t.db, agentOwner(agent.agentId), 'balance', 1_000_000);
  const answer = await applyToWithdraw(t.app, agent.token, amount);
  expect(answer.code, answer.msg).toBe(1);
  return { ...agent, withdrawalId: answer.data.withdrawal.id };
}

describe('withdrawal notices', () => {
  it('a rejected withdrawal: the agent reads the reason in its language, unread until marked', async () => {
    const agent = await applied('150.00');
    expect(await unread(agent.token)).toBe(0);
    const rejected = await admin('adminWithdrawalReject', finance, {
      id: agent.withdrawalId,
      reason: '收款账户信息有误',
    });
    expect(rejected.code, rejected.msg).toBe(1);

    expect(await unread(agent.token)).toBe(1);
    const [item] = (await inbox(agent.token)).list;
    expect(item).toMatchObject({
      kind: 'withdrawalRejected',
      title: '提现被驳回',
      text: '您申请的 150.00 元提现被驳回：收款账户信息有误。金额已退回余额。',
      read: false,
      ref: { type: 'withdrawal', id: agent.withdrawalId },
    });
    expect(item?.id).toMatch(/^n\d+$/);
    const [inEnglish] = (await inbox(agent.token, en)).list;
    expect(inEnglish).toMatchObject({
      title: 'Withdrawal rejected',
      text: 'Your withdrawal of 150.00 yuan was rejected: 收款账户信息有误. The amount is back in your balance.',
    });

    expect(await markRead(agent.token, { ids: [item?.id as string] })).toBe(0);
    expect((await inbox(agent.token)).list[0]?.read).toBe(true);
    // Marking again changes nothing.
    expect(await markRead(agent.token, { ids: [item?.id as string] })).toBe(0);
  });

  it('approved, then paid with its reference; approved, then failed with its reason', async () => {
    const paid = await applied('200.00');
    expect((await admin('adminWithdrawalApprove', finance, { id: paid.withdrawalId })).code).toBe(1);
    // Settled by another operator than the one who approved it (maker/checker, decision 037).
    const [checker] = await signInOperators(t, ['finance']);
    expect(
      (await admin('adminWithdrawalPay', checker, { id: paid.withdrawalId, reference: 'TX-778' })).code,
    ).toBe(1);
    expect((await inbox(paid.token)).list.map((item) => [item.kind, item.text])).toEqual([
      ['withdrawalPaid', '您申请的 200.00 元提现已打款，转账凭证：TX-778。'],
      ['withdrawalApproved', '您申请的 200.00 元提现已通过审核，正在等待打款。'],
    ]);
    expect(await unread(paid.token)).toBe(2);

    const failed = await applied('300.00');
    await admin('adminWithdrawalApprove', finance, { id: failed.withdrawalId });
    expect(
      (await admin('adminWithdrawalFail', checker, { id: failed.withdrawalId, reason: '银行退票' })).code,
    ).toBe(1);
    expect((await inbox(failed.token)).list[0]).toMatchObject({
      kind: 'withdrawalFailed',
      text: '您申请的 300.00 元提现打款失败：银行退票。金额已退回余额。',
    });
  });

  it('the first of two approvals above the threshold tells the agent nothing yet', async () => {
    const big = await applied('6000.00');
    const [second] = await signInOperators(t, ['finance']);
    await admin('adminWithdrawalApprove', finance, { id: big.withdrawalId });
    expect(await unread(big.token)).toBe(0);
    await admin('adminWithdrawalApprove', second, { id: big.withdrawalId });
    expect((await inbox(big.token)).list.map((item) => item.kind)).toEqual(['withdrawalApproved']);
  });

  it('a refused change writes no notice: a reject racing a reject notifies once', async () => {
    const agent = await applied('120.00');
    const [first, second] = await Promise.all([
      admin('adminWithdrawalReject', finance, { id: agent.withdrawalId, reason: 'a' }),
      admin('adminWithdrawalReject', finance, { id: agent.withdrawalId, reason: 'b' }),
    ]);
    expect([first.code, second.code].sort()).toEqual([0, 1]);
    expect((await inbox(agent.token)).total).toBe(1);
  });
});

describe('who reads what', () => {
  it('an agent never reads, counts or marks another agent’s notifications', async () => {
    const owner = await applied('100.00');
    await admin('adminWithdrawalReject', finance, { id: owner.withdrawalId, reason: '私密原因' });
    const [item] = (await inbox(owner.token)).list;
    const stranger = await agentWithToken();
    expect(await unread(stranger.token)).toBe(0);
    expect(JSON.stringify(await inbox(stranger.token))).not.toContain('私密原因');
    expect(await markRead(stranger.token, { ids: [item?.id as string] })).toBe(0);
    expect(await markRead(stranger.token, { upTo: new Date(Date.now() + 60_000).toISOString() })).toBe(0);
    expect(await unread(owner.token)).toBe(1);
  });

  it('is for agents only: a player and a stranger are refused', async () => {
    const player = await createPlayer(t.db);
    const asPlayer = await api(t.app, 'notificationUnreadCount', {
      token: await signIn(t.app, t.db, player),
    });
    expect(asPlayer).toMatchObject({ code: 0, msg: translate('cn', 'agentsOnly') });
    const anonymous = await api(t.app, 'notificationList', { input: {} });
    expect(anonymous.code).toBe(ResponseCode.notSignedIn);
  });

  it('refuses a malformed mark-read: both ids and upTo, neither, a bad id', async () => {
    const agent = await agentWithToken();
    for (const input of [
      { ids: ['n1'], upTo: new Date().toISOString() },
      {},
      { ids: ['x1'] },
      { ids: ['n0'] },
      { ids: [] },
      { upTo: 'yesterday' },
    ]) {
      const answer = await apiUnchecked(t.app, 'notificationMarkRead', { token: agent.token, input });
      expect(answer.status, JSON.stringify(input)).toBe(400);
    }
  });
});

describe('mark read and counts', () => {
  it('up to the newest seen: what came later stays unread', async () => {
    const agent = await agentWithToken();
    const notice = (n: number) => ({
      agentId: agent.agentId,
      kind: 'playerBound' as const,
      params: { playerId: 900_000 + n, nickname: `p${n}` },
      ref: { type: 'player', id: String(900_000 + n) },
    });
    await notify(t.db, notice(1), notice(2));
    const seen = await inbox(agent.token);
    expect(seen.list.map((item) => item.text)).toEqual([
      '玩家 p2（ID 900002）已绑定您为推广员。',
      '玩家 p1（ID 900001）已绑定您为推广员。',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await notify(t.db, notice(3));
    expect(await markRead(agent.token, { upTo: seen.list[0]?.createdAt as string })).toBe(1);
    const after = await inbox(agent.token);
    expect(after.list.map((item) => [item.text.slice(0, 6), item.read])).toEqual([
      ['玩家 p3（', false],
      ['玩家 p2（', true],
      ['玩家 p1（', true],
    ]);
  });

  it('counts stop at the cap, and pages walk the whole inbox newest first', async () => {
    const agent = await agentWithToken();
    const many = Array.from({ length: UNREAD_COUNT_CAP + 5 }, (_, n) => ({
      agentId: agent.agentId,
      kind: 'playerBound' as const,
      params: { playerId: n + 1, nickname: `n${n}` },
      ref: { type: 'player', id: String(n + 1) },
    }));
    await notify(t.db, ...many);
    expect(await unread(agent.token)).toBe(UNREAD_COUNT_CAP);
    const first = await inbox(agent.token, {}, 1, 50);
    const third = await inbox(agent.token, {}, 3, 50);
    expect(first).toMatchObject({ total: 105, totalIsLowerBound: false, page: 1, pageSize: 50 });
    expect(first.list).toHaveLength(50);
    expect(third.list).toHaveLength(5);
    const ids = [...first.list, ...(await inbox(agent.token, {}, 2, 50)).list, ...third.list].map(
      (i) => i.id,
    );
    expect(new Set(ids).size).toBe(105);
    expect(third.list.at(-1)?.text).toContain('n0');
  });

  it('an unknown kind (from a newer or older version) still shows, as a bare notification', async () => {
    const agent = await agentWithToken();
    await t.db.insert(notifications).values({ agentId: agent.agentId, kind: 'somethingRetired', params: {} });
    expect((await inbox(agent.token, en)).list[0]).toMatchObject({
      kind: 'somethingRetired',
      title: 'Notification',
      text: '',
      ref: null,
    });
  });
});

describe('announcements', () => {
  async function publish(level: 1 | 2 | 3 | null, title: string, translations = {}) {
    const answer = await admin('adminAnnouncementSave', support, {
      title,
      content: `${title}的内容\n第二行`,
      level,
      translations,
    });
    expect(answer.code, answer.msg).toBe(1);
    return answer.data;
  }

  it('reach the agents of their level only, from the day they joined, in their language', async () => {
    const before = await agentWithToken(2);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const toLevel2 = await publish(2, '二级公告', {
      en: { title: 'Level 2 news', content: 'For gold agents' },
    });
    const toAll = await publish(null, '全体公告');
    const level1 = await agentWithToken(1);
    const level2 = await agentWithToken(2);
    // Agents who joined after them do not get them in their inbox.
    expect(await unread(level1.token)).toBe(0);
    expect(await unread(level2.token)).toBe(0);

    expect(await unread(before.token)).toBe(2);
    const items = (await inbox(before.token)).list;
    expect(items.map((item) => [item.id, item.kind, item.title])).toEqual([
      [`a${toAll.id}`, 'announcement', '全体公告'],
      [`a${toLevel2.id}`, 'announcement', '二级公告'],
    ]);
    expect(items[1]?.text).toBe('二级公告的内容\n第二行');
    // English where it has a version, Chinese where it has none (the fallback), Japanese reads Chinese.
    const english = (await inbox(before.token, en)).list;
    expect(english.map((item) => item.title)).toEqual(['全体公告', 'Level 2 news']);
    expect(english[1]?.text).toBe('For gold agents');
    expect((await inbox(before.token, { 'x-lang': 'ja' })).list[1]?.title).toBe('二级公告');
  });

  it('a level-2 announcement is not seen by a level-1 agent; a withdrawn one is seen by nobody', async () => {
    const level1 = await agentWithToken(1);
    const level2 = await agentWithToken(2);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const announcement = await publish(2, '只给黄金');
    expect(await unread(level1.token)).toBe(0);
    expect(JSON.stringify(await inbox(level1.token))).not.toContain('只给黄金');
    expect(await unread(level2.token)).toBe(1);
    expect((await admin('adminAnnouncementWithdraw', support, { id: announcement.id })).code).toBe(1);
    expect(await unread(level2.token)).toBe(0);
    expect((await inbox(level2.token)).total).toBe(0);
  });

  it('read once per agent, even marked twice at once; an edit keeps it read; others still have it unread', async () => {
    const reader = await agentWithToken(3);
    const other = await agentWithToken(3);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const announcement = await publish(null, '维护通知');
    const id = `a${announcement.id}`;
    const counts = await Promise.all([
      markRead(reader.token, { ids: [id] }),
      markRead(reader.token, { ids: [id] }),
      markRead(reader.token, { ids: [id] }),
    ]);
    expect(counts).toEqual([0, 0, 0]);
    const markers = await t.db.execute(
      sql`select count(*)::int as n from notifications where agent_id = ${reader.agentId} and kind = 'announcement.read'`,
    );
    expect((markers.rows[0] as { n: number }).n).toBe(1);
    expect((await inbox(reader.token)).list[0]).toMatchObject({ id, read: true });
    // The markers are not items of the inbox.
    expect((await inbox(reader.token)).total).toBe(1);
    expect(await unread(other.token)).toBe(1);

    const edited = await admin('adminAnnouncementSave', support, {
      id: announcement.id,
      title: '维护通知（更新）',
      content: '时间改为周三',
      level: null,
      translations: {},
      expectedUpdatedAt: announcement.updatedAt,
    });
    expect(edited.code, edited.msg).toBe(1);
    expect((await inbox(reader.token)).list[0]).toMatchObject({ title: '维护通知（更新）', read: true });
  });

  it('the bell’s count is one round trip, the session included, and agrees with what mark-read answers', async () => {
    const agent = await agentWithToken(3);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await publish(null, '新版本上线');
    await publish(3, '三级推广员须知');
    const [count, statements] = await countStatements(t.app, () => unread(agent.token));
    expect(statements).toBe(1);
    expect(count).toBe(2);
    expect(await markRead(agent.token, { upTo: new Date(Date.now() - 60_000).toISOString() })).toBe(count);
  });

  it('mark all read covers announcements and notifications up to the time seen', async () => {
    const agent = await agentWithToken(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await publish(1, '一级公告');
    await notify(t.db, {
      agentId: agent.agentId,
      kind: 'subAgentJoined',
      params: { agentId: 12345, nickname: '小王' },
      ref: { type: 'agent', id: '12345' },
    });
    const seen = await inbox(agent.token);
    expect(seen.list).toHaveLength(2);
    expect(await unread(agent.token)).toBe(2);
    expect(await markRead(agent.token, { upTo: seen.list[0]?.createdAt as string })).toBe(0);
    expect((await inbox(agent.token)).list.every((item) => item.read)).toBe(true);
  });
});

describe('events that notify', () => {
  it('a new sub-agent registered from the invite tells its inviter', async () => {
    const inviter = await agentWithToken(1);
    const playerId = await createPlayer(t.db, { nickname: '新朋友' });
    const token = await signIn(t.app, t.db, playerId);
    const mobile = `135${String(Date.now()).slice(-8)}`;
    expect((await api(t.app, 'registerCaptcha', { input: { mobile } })).code).toBe(1);
    const registered = await api(t.app, 'register', {
      token,
      input: { mobile, captcha: sms.lastCode(mobile), password: 'secret123', from: inviter.agentId },
    });
    expect(registered.code, registered.msg).toBe(1);
    const [item] = (await inbox(inviter.token)).list;
    expect(item).toMatchObject({
      kind: 'subAgentJoined',
      text: `新朋友（推广员ID ${registered.data.user.agentId}）已注册成为您的下级推广员。`,
      ref: { type: 'agent', id: String(registered.data.user.agentId) },
    });
  });

  it('a player binding to the agent tells it; a refused bind tells nothing', async () => {
    const agent = await agentWithToken(2);
    const playerId = await createPlayer(t.db, { nickname: '阿绑' });
    const playerToken = await signIn(t.app, t.db, playerId);
    expect((await api(t.app, 'bind', { token: playerToken, input: { agentId: agent.agentId } })).code).toBe(
      1,
    );
    expect((await api(t.app, 'bind', { token: playerToken, input: { agentId: agent.agentId } })).code).toBe(
      0,
    );
    expect((await inbox(agent.token)).list.map((item) => [item.kind, item.text])).toEqual([
      ['playerBound', `玩家 阿绑（ID ${playerId}）已绑定您为推广员。`],
    ]);
  });

  it('a paid order: the buyer’s diamonds and each upline’s profit; a player’s: the commissions', async () => {
    const goodsId = await createGoods(t.db, { name: '1000 钻石', diamonds: 1000 });
    const top = await agentWithToken(1);
    const middle = await agentWithToken(2, top.agentId);
    const buyer = await agentWithToken(3, middle.agentId);
    const bought = await api(t.app, 'buyGoods', {
      token: buyer.token,
      input: { goodsId, quantity: 1, requestId: randomUUID() },
      headers: { uid: String(buyer.playerId) },
    });
    expect(bought.code, bought.msg).toBe(1);
    const order = bought.data.orderId;
    const outcome = await applyPayment(t.db, 'sandbox', {
      orderId: order,
      providerRef: `T-${order}`,
      amountFen: Math.round(Number(bought.data.amount) * 100),
      paid: true,
    });
    expect(outcome).toBe('delivered');
    expect((await inbox(buyer.token)).list[0]).toMatchObject({
      kind: 'orderPaid',
      text: `订单 ${order}（1000 钻石）已支付，1000 颗钻石已到账。`,
      ref: { type: 'order', id: order },
    });
    // Demo prices 0.50 / 0.60 / 0.70: the gold agent earns 0.10 a diamond, the diamond agent 0.10.
    expect((await inbox(middle.token)).list[0]).toMatchObject({
      kind: 'profitFromAgent',
      text: `下级推广员 ${buyer.agentId} 购买钻石，您获得差价收益 100.00 元。`,
    });
    expect((await inbox(top.token)).list[0]?.kind).toBe('profitFromAgent');
    // A duplicate notification changes nothing, tells nothing.
    await applyPayment(t.db, 'sandbox', {
      orderId: order,
      providerRef: `T-${order}`,
      amountFen: Math.round(Number(bought.data.amount) * 100),
      paid: true,
    });
    expect((await inbox(middle.token)).total).toBe(1);

    const player = await createPlayer(t.db, { boundAgentId: buyer.agentId });
    const playerToken = await signIn(t.app, t.db, player);
    const playerOrder = await api(t.app, 'buyGoods', {
      token: playerToken,
      input: { goodsId, quantity: 1, requestId: randomUUID() },
      headers: { uid: String(player) },
    });
    expect(playerOrder.code, playerOrder.msg).toBe(1);
    await applyPayment(t.db, 'sandbox', {
      orderId: playerOrder.data.orderId,
      providerRef: `T-${playerOrder.data.orderId}`,
      amountFen: Math.round(Number(playerOrder.data.amount) * 100),
      paid: true,
    });
    expect((await inbox(buyer.token)).list[0]).toMatchObject({
      kind: 'profitFromPlayer',
      text: `玩家 ${player} 在商城购买钻石，您获得提成 200.00 元。`,
    });
  });

  it('an order left unpaid expires and tells its buying agent; a frozen buyer’s payment is held and told', async () => {
    const goodsId = await createGoods(t.db);
    const buyer = await agentWithToken(1);
    const bought = await api(t.app, 'buyGoods', {
      token: buyer.token,
      input: { goodsId, quantity: 1, requestId: randomUUID() },
      headers: { uid: String(buyer.playerId) },
    });
    expect(bought.code, bought.msg).toBe(1);
    await t.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, bought.data.orderId));
    expect(await expireOrders(t.db)).toBeGreaterThanOrEqual(1);
    expect((await inbox(buyer.token)).list[0]).toMatchObject({
      kind: 'orderExpired',
      ref: { type: 'order', id: bought.data.orderId },
    });
    // The sweep closes each order once: a second run tells nothing more.
    await expireOrders(t.db);
    expect((await inbox(buyer.token)).total).toBe(1);

    const held = await api(t.app, 'buyGoods', {
      token: buyer.token,
      input: { goodsId, quantity: 1, requestId: randomUUID() },
      headers: { uid: String(buyer.playerId) },
    });
    expect(held.code, held.msg).toBe(1);
    await t.db.update(agents).set({ status: 'frozen' }).where(eq(agents.id, buyer.agentId));
    const outcome = await applyPayment(t.db, 'sandbox', {
      orderId: held.data.orderId,
      providerRef: `T-${held.data.orderId}`,
      amountFen: Math.round(Number(held.data.amount) * 100),
      paid: true,
    });
    expect(outcome).toBe('held');
    // Frozen, it reads nothing (1002); unfrozen, it finds why its diamonds did not come.
    expect((await api(t.app, 'notificationUnreadCount', { token: buyer.token })).code).toBe(
      ResponseCode.agentUnavailable,
    );
    await t.db.update(agents).set({ status: 'active' }).where(eq(agents.id, buyer.agentId));
    expect((await inbox(buyer.token)).list[0]).toMatchObject({
      kind: 'orderHeld',
      ref: { type: 'order', id: held.data.orderId },
    });
  });
});
