import { randomUUID } from 'node:crypto';
import { calls, ResponseCode } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, orders } from '../../src/db/schema';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxPaymentProvider,
} from '../../src/platform/payments/sandbox-provider';
import { createAgent, createGoods, createPlayer, signIn } from '../factories';
import { api, build, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';
import { asOperator } from '../operator-factories';
import { adminApi, signInOperators } from './admin-support';
import { accountValue, agentOwner } from './money-support';

/**
 * The shape of the tree in the console (decision 018): change an agent's level and move an agent
 * under another parent. A child's level stays greater than its parent's (so the tree stays at most three deep and has
 * no loop), each change is a compare-and-set on what the operator saw, checked under row locks so that two changes
 * at once cannot break it, audited; orders placed before a move pay the line they were priced with.
 */
const sandbox = new SandboxPaymentProvider('admin-agent-tree-test-key');
let t: TestApp;
let admin: ReturnType<typeof adminApi>;
let support: string;
let support2: string;
let viewer: string;
let finance: string;
let goodsId: number;

beforeAll(async () => {
  t = await build({}, undefined, { payments: sandbox });
  admin = adminApi(t);
  [support, support2, viewer, finance] = await signInOperators(t, [
    'support',
    'support',
    'viewer',
    'finance',
  ]);
  goodsId = await createGoods(t.db, { name: '1000 钻石', category: '钻石套餐' });
});
afterAll(async () => t.close());

const reason = '组织架构调整';

async function row(agentId: number) {
  const [found] = await t.db
    .select({ level: agents.level, parentId: agents.parentId, priceFen: agents.priceFen })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!found) throw new Error(`no agent ${agentId}`);
  return found;
}

async function auditOf(action: string, targetId: number) {
  const result = await t.db.execute(
    sql`select operator_name, before, after from audit_log where action = ${action} and target_id = ${String(targetId)}
        order by id`,
  );
  return result.rows as { operator_name: string; before: unknown; after: unknown }[];
}

/** Every agent of the database whose level is not greater than its parent's, or that stands in a loop. */
async function brokenTree(): Promise<unknown[]> {
  const levels = await t.db.execute(sql`
    select c.id, c.level, p.id as parent, p.level as parent_level
    from agents c join agents p on p.id = c.parent_id where c.level <= p.level`);
  const loops = await t.db.execute(sql`
    with recursive up(start, id, depth) as (
      select id, parent_id, 1 from agents where parent_id is not null
      union all
      select up.start, a.parent_id, up.depth + 1 from up join agents a on a.id = up.id
      where a.parent_id is not null and up.depth < 10
    )
    select distinct start from up where id = start or depth >= 10`);
  return [...levels.rows, ...loops.rows];
}

const changeLevel = (token: string, agentId: number, level: 1 | 2 | 3, expectedLevel: 1 | 2 | 3) =>
  admin('adminAgentChangeLevel', token, { agentId, level, expectedLevel, reason });

const move = (token: string, agentId: number, newParentId: number | null, expectedParentId: number | null) =>
  admin('adminAgentMove', token, { agentId, newParentId, expectedParentId, reason });

describe('change an agent’s level', () => {
  it('changes it between its parent’s and its children’s levels, audited with before, after and the reason', async () => {
    const top = await createAgent(t.db, { level: 1 });
    const agent = await createAgent(t.db, { level: 2, parentId: top.agentId });
    const answer = await changeLevel(support, agent.agentId, 3, 2);
    expect(answer.code, answer.msg).toBe(1);
    expect(calls.adminAgentChangeLevel.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data).toEqual({
      agent: expect.objectContaining({ agentId: agent.agentId, level: 3, parentId: top.agentId }),
      pricesCleared: [],
    });
    expect(await row(agent.agentId)).toMatchObject({ level: 3 });
    expect(await auditOf('agent.changeLevel', agent.agentId)).toEqual([
      expect.objectContaining({
        before: { level: 2, priceFen: null },
        after: { level: 3, reason, pricesCleared: [] },
      }),
    ]);
    // The agent reads its new level at once.
    const token = await signIn(t.app, t.db, agent.playerId);
    expect((await api(t.app, 'getUser', { token })).data.level).toBe(3);
  });

  it('refuses a level not greater than the parent’s, or not lower than a child’s, or unchanged: nothing written', async () => {
    const top = await createAgent(t.db, { level: 1 });
    const mid = await createAgent(t.db, { level: 2, parentId: top.agentId });
    const child = await createAgent(t.db, { level: 3, parentId: mid.agentId });

    const abovePa = await changeLevel(support, mid.agentId, 1, 2);
    expect({ code: abovePa.code, msg: abovePa.msg }).toEqual({
      code: 0,
      msg: `等级必须大于上级 ${top.agentId} 的等级（1 级）`,
    });
    const belowChild = await changeLevel(support, mid.agentId, 3, 2);
    expect(belowChild.msg).toBe(`等级必须小于下级 ${child.agentId} 的等级（3 级）`);
    const topDown = await changeLevel(support, top.agentId, 2, 1);
    expect(topDown.msg).toBe(`等级必须小于下级 ${mid.agentId} 的等级（2 级）`);
    const same = await changeLevel(support, child.agentId, 3, 3);
    expect(same.msg).toBe('该推广员已是 3 级');
    expect([await row(top.agentId), await row(mid.agentId), await row(child.agentId)]).toMatchObject([
      { level: 1 },
      { level: 2 },
      { level: 3 },
    ]);
    expect(await auditOf('agent.changeLevel', mid.agentId)).toEqual([]);
    // A parentless agent may take any level its children allow.
    const loner = await createAgent(t.db, { level: 3 });
    expect((await changeLevel(support, loner.agentId, 1, 3)).code).toBe(1);
  });

  it('is a compare-and-set on the level the operator saw: a stale screen is told the current level', async () => {
    const agent = await createAgent(t.db, { level: 3 });
    expect((await changeLevel(support, agent.agentId, 2, 3)).code).toBe(1);
    const stale = await changeLevel(support2, agent.agentId, 1, 3);
    expect({ code: stale.code, msg: stale.msg }).toEqual({
      code: 0,
      msg: '该推广员当前为 2 级，请刷新后重试',
    });
    expect(await row(agent.agentId)).toMatchObject({ level: 2 });
  });

  it('removes the parent-set price of the agent and its children’s prices that fall below its new price', async () => {
    const top = await createAgent(t.db, { level: 1 }); // 0.50
    const agent = await createAgent(t.db, { level: 2, parentId: top.agentId }); // set 0.55 by top
    const cheap = await createAgent(t.db, { level: 3, parentId: agent.agentId }); // set 0.58 by agent
    const dear = await createAgent(t.db, { level: 3, parentId: agent.agentId }); // set 0.90 by agent
    const plain = await createAgent(t.db, { level: 3, parentId: agent.agentId }); // its level's 0.70
    await t.db.update(agents).set({ priceFen: 55 }).where(eq(agents.id, agent.agentId));
    await t.db.update(agents).set({ priceFen: 58 }).where(eq(agents.id, cheap.agentId));
    await t.db.update(agents).set({ priceFen: 90 }).where(eq(agents.id, dear.agentId));
    // Up from level 2 (0.60) is refused by the parent's level 1; to show the children, the parent goes first.
    await t.db.update(agents).set({ parentId: null }).where(eq(agents.id, agent.agentId));
    const answer = await changeLevel(support, agent.agentId, 1, 2);
    expect(answer.code, answer.msg).toBe(1);
    // Its own price is now level 1's 0.50: 0.58 stays above it. Nothing of the children goes.
    expect(answer.data.pricesCleared).toEqual([agent.agentId]);
    expect((await row(cheap.agentId)).priceFen).toBe(58);

    // Down to level 2 again: its price 0.60 is above the 0.58 it set for `cheap`, which goes; 0.90 stays.
    await t.db.update(agents).set({ priceFen: 55 }).where(eq(agents.id, agent.agentId));
    const down = await changeLevel(support, agent.agentId, 2, 1);
    expect(down.data.pricesCleared).toEqual([agent.agentId, cheap.agentId]);
    expect((await row(agent.agentId)).priceFen).toBeNull();
    expect((await row(cheap.agentId)).priceFen).toBeNull();
    expect((await row(dear.agentId)).priceFen).toBe(90);
    expect((await row(plain.agentId)).priceFen).toBeNull();
    const audit = await auditOf('agent.changeLevel', agent.agentId);
    expect(audit.at(-1)).toMatchObject({
      before: { level: 1, priceFen: 55 },
      after: { level: 2, pricesCleared: [agent.agentId, cheap.agentId] },
    });
  });

  it('refuses an unknown agent, a malformed level (400), and operators without agents.manage', async () => {
    const unknown = await changeLevel(support, 999_999, 2, 3);
    expect({ code: unknown.code, msg: unknown.msg }).toEqual({ code: 0, msg: '推广员不存在' });
    const agent = await createAgent(t.db, { level: 3 });
    const malformed = await api(t.app, 'adminAgentChangeLevel', {
      input: { agentId: agent.agentId, level: 4, expectedLevel: 3, reason } as never,
      ...asOperator(support),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.msg).toContain('level');
    const noReason = await api(t.app, 'adminAgentChangeLevel', {
      input: { agentId: agent.agentId, level: 2, expectedLevel: 3, reason: ' ' },
      ...asOperator(support),
    });
    expect(noReason.status).toBe(400);
    for (const token of [viewer, finance]) {
      const forbidden = await changeLevel(token, agent.agentId, 2, 3);
      expect(forbidden.code).toBe(ResponseCode.operatorForbidden);
    }
    expect(await row(agent.agentId)).toMatchObject({ level: 3 });
  });

  it('a parent and its child changed at once (1→2 and 3→2): never both, the levels stay sound', async () => {
    for (let round = 0; round < 6; round++) {
      const parent = await createAgent(t.db, { level: 1 });
      const child = await createAgent(t.db, { level: 3, parentId: parent.agentId });
      const [up, down] = await Promise.all([
        changeLevel(support, parent.agentId, 2, 1),
        changeLevel(support2, child.agentId, 2, 3),
      ]);
      // Each alone is allowed; together they would put a level-2 child under a level-2 parent.
      expect([up.code, down.code].sort(), `${up.msg} / ${down.msg}`).toEqual([0, 1]);
      const refused = up.code === 0 ? up : down;
      expect(refused.msg).toMatch(/^等级必须(大于上级|小于下级)/);
    }
    expect(await brokenTree()).toEqual([]);
  });

  it('a level change racing a new child of the agent (setChildAgent): the child’s level stays greater', async () => {
    for (let round = 0; round < 6; round++) {
      const parent = await createAgent(t.db, { level: 2 });
      const player = await createPlayer(t.db, { boundAgentId: parent.agentId });
      const token = await signIn(t.app, t.db, parent.playerId);
      const [changed, promoted] = await Promise.all([
        changeLevel(support, parent.agentId, 3, 2),
        api(t.app, 'setChildAgent', { token, input: { playerId: player, level: 3 } }),
      ]);
      expect([changed.code, promoted.code].sort(), `${changed.msg} / ${promoted.msg}`).toEqual([0, 1]);
    }
    expect(await brokenTree()).toEqual([]);
  });
});

describe('the move preview', () => {
  it('lists who moves with the agent, how deep it would stand, whose prices would go', async () => {
    const oldTop = await createAgent(t.db, { level: 1, nickname: '旧上级' });
    const newTop = await createAgent(t.db, { level: 1, nickname: '新上级' });
    const agent = await createAgent(t.db, { level: 2, parentId: oldTop.agentId, nickname: '本人' });
    const c1 = await createAgent(t.db, { level: 3, parentId: agent.agentId, nickname: '下级一' });
    const c2 = await createAgent(t.db, { level: 3, parentId: agent.agentId, nickname: '下级二' });
    await t.db.update(agents).set({ priceFen: 55 }).where(eq(agents.id, agent.agentId));
    await t.db.update(agents).set({ priceFen: 56 }).where(eq(agents.id, c2.agentId));

    const answer = await admin('adminAgentMovePreview', viewer, {
      agentId: agent.agentId,
      newParentId: newTop.agentId,
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(calls.adminAgentMovePreview.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data).toEqual({
      agent: {
        agentId: agent.agentId,
        nickname: '本人',
        level: 2,
        status: 'active',
        parentId: oldTop.agentId,
      },
      newParent: { agentId: newTop.agentId, nickname: '新上级', level: 1, status: 'active' },
      allowed: true,
      refusal: null,
      message: null,
      subtree: {
        total: 3,
        list: [
          {
            agentId: agent.agentId,
            nickname: '本人',
            level: 2,
            status: 'active',
            parentId: oldTop.agentId,
            depth: 0,
          },
          {
            agentId: c1.agentId,
            nickname: '下级一',
            level: 3,
            status: 'active',
            parentId: agent.agentId,
            depth: 1,
          },
          {
            agentId: c2.agentId,
            nickname: '下级二',
            level: 3,
            status: 'active',
            parentId: agent.agentId,
            depth: 1,
          },
        ],
      },
      depthAfter: { agent: 2, deepest: 3 },
      // Its own 0.55 (set by the old parent) goes; then its price is level 2's 0.60, above c2's 0.56.
      pricesCleared: [agent.agentId, c2.agentId],
    });
    // Reading changes nothing.
    expect(await row(agent.agentId)).toMatchObject({ parentId: oldTop.agentId, priceFen: 55 });

    const toTop = await admin('adminAgentMovePreview', viewer, { agentId: agent.agentId });
    expect(toTop.data).toMatchObject({
      allowed: true,
      newParent: null,
      depthAfter: { agent: 1, deepest: 2 },
    });
  });

  it('says why a move is refused, in the operator’s language: itself, unchanged, a loop, levels, unknown parent', async () => {
    const top = await createAgent(t.db, { level: 1 });
    const mid = await createAgent(t.db, { level: 2, parentId: top.agentId });
    const leaf = await createAgent(t.db, { level: 3, parentId: mid.agentId });
    const sibling = await createAgent(t.db, { level: 2, parentId: top.agentId });
    const preview = (agentId: number, newParentId?: number) =>
      admin('adminAgentMovePreview', viewer, { agentId, newParentId });

    expect((await preview(mid.agentId, mid.agentId)).data).toMatchObject({
      allowed: false,
      refusal: 'self',
      message: '推广员不能成为自己的上级',
    });
    expect((await preview(mid.agentId, top.agentId)).data).toMatchObject({
      refusal: 'unchanged',
      message: '该推广员已在此上级之下',
    });
    expect((await preview(top.agentId)).data.refusal).toBe('unchanged');
    expect((await preview(top.agentId, leaf.agentId)).data).toMatchObject({
      refusal: 'cycle',
      message: `${leaf.agentId} 是该推广员的下级，不能成为它的上级`,
    });
    expect((await preview(mid.agentId, sibling.agentId)).data).toMatchObject({
      refusal: 'level',
      message: `新上级 ${sibling.agentId} 为 2 级，必须小于该推广员的等级（2 级）`,
    });
    expect((await preview(mid.agentId, 999_999)).data).toMatchObject({
      refusal: 'parentNotFound',
      newParent: null,
      message: '新上级 999999 不存在',
    });
    const english = await api(t.app, 'adminAgentMovePreview', {
      input: { agentId: mid.agentId, newParentId: mid.agentId },
      headers: { ...asOperator(viewer).headers, 'x-lang': 'en' },
    });
    expect(english.data.message).toBe('A promoter cannot be its own parent');
    const unknown = await preview(999_999);
    expect({ code: unknown.code, msg: unknown.msg }).toEqual({ code: 0, msg: '推广员不存在' });
  });
});

describe('move an agent', () => {
  it('moves it with its downline under the new parent: audited, prices set by the old parent gone', async () => {
    const oldTop = await createAgent(t.db, { level: 1 });
    const newTop = await createAgent(t.db, { level: 1 });
    const agent = await createAgent(t.db, { level: 2, parentId: oldTop.agentId });
    const child = await createAgent(t.db, { level: 3, parentId: agent.agentId });
    await t.db.update(agents).set({ priceFen: 55 }).where(eq(agents.id, agent.agentId));

    const answer = await move(support, agent.agentId, newTop.agentId, oldTop.agentId);
    expect(answer.code, answer.msg).toBe(1);
    expect(calls.adminAgentMove.data.parse(answer.data)).toEqual(answer.data);
    expect(answer.data).toEqual({
      agent: expect.objectContaining({ agentId: agent.agentId, parentId: newTop.agentId, childrenCount: 1 }),
      moved: 2,
      pricesCleared: [agent.agentId],
    });
    expect(await row(agent.agentId)).toEqual({ level: 2, parentId: newTop.agentId, priceFen: null });
    expect(await row(child.agentId)).toMatchObject({ parentId: agent.agentId });
    expect(await auditOf('agent.move', agent.agentId)).toEqual([
      expect.objectContaining({
        before: { parentId: oldTop.agentId, priceFen: 55 },
        after: { parentId: newTop.agentId, reason, moved: 2, pricesCleared: [agent.agentId] },
      }),
    ]);
    // The new parent sees it among its children; the old one no longer does.
    const newToken = await signIn(t.app, t.db, newTop.playerId);
    const oldToken = await signIn(t.app, t.db, oldTop.playerId);
    expect((await api(t.app, 'children', { token: newToken })).data.list.map((c) => c.agentId)).toEqual([
      agent.agentId,
    ]);
    expect((await api(t.app, 'children', { token: oldToken })).data.total).toBe(0);

    // And to the top of its own tree.
    const top = await move(support, agent.agentId, null, newTop.agentId);
    expect(top.code, top.msg).toBe(1);
    expect(top.data.agent.parentId).toBeNull();
  });

  it('refuses what the preview refuses, and a stale parent (compare-and-set): nothing written', async () => {
    const top = await createAgent(t.db, { level: 1 });
    const other = await createAgent(t.db, { level: 1 });
    const mid = await createAgent(t.db, { level: 2, parentId: top.agentId });
    const leaf = await createAgent(t.db, { level: 3, parentId: mid.agentId });

    expect((await move(support, top.agentId, leaf.agentId, null)).msg).toBe(
      `${leaf.agentId} 是该推广员的下级，不能成为它的上级`,
    );
    expect((await move(support, mid.agentId, mid.agentId, top.agentId)).msg).toBe('推广员不能成为自己的上级');
    expect((await move(support, mid.agentId, top.agentId, top.agentId)).msg).toBe('该推广员已在此上级之下');
    expect((await move(support, leaf.agentId, 999_999, mid.agentId)).msg).toBe('新上级 999999 不存在');
    expect((await move(support, mid.agentId, leaf.agentId, top.agentId)).msg).toBe(
      `${leaf.agentId} 是该推广员的下级，不能成为它的上级`,
    );
    const levels = await move(
      support,
      leaf.agentId,
      await createAgent(t.db, { level: 3 }).then((a) => a.agentId),
      mid.agentId,
    );
    expect(levels.msg).toMatch(/^新上级 \d+ 为 3 级，必须小于该推广员的等级（3 级）$/);
    const stale = await move(support, leaf.agentId, other.agentId, top.agentId);
    expect({ code: stale.code, msg: stale.msg }).toEqual({
      code: 0,
      msg: `该推广员的上级已变为 ${mid.agentId}，请刷新后重试`,
    });
    const staleTop = await move(support, other.agentId, top.agentId, mid.agentId);
    expect(staleTop.msg).toBe('该推广员已没有上级，请刷新后重试');
    expect(await row(mid.agentId)).toMatchObject({ parentId: top.agentId });
    expect(await row(leaf.agentId)).toMatchObject({ parentId: mid.agentId });
    expect(await auditOf('agent.move', leaf.agentId)).toEqual([]);
    for (const token of [viewer, finance])
      expect((await move(token, leaf.agentId, other.agentId, mid.agentId)).code).toBe(
        ResponseCode.operatorForbidden,
      );
    const unknown = await move(support, 999_999, null, null);
    expect(unknown.msg).toBe('推广员不存在');
  });

  it('A under B and B under A at once: exactly one applies, and no loop is ever made', async () => {
    for (let round = 0; round < 8; round++) {
      const a = await createAgent(t.db, { level: 1 });
      const b = await createAgent(t.db, { level: 2 });
      const [aUnderB, bUnderA] = await Promise.all([
        move(support, a.agentId, b.agentId, null),
        move(support2, b.agentId, a.agentId, null),
      ]);
      expect([aUnderB.code, bUnderA.code].sort(), `${aUnderB.msg} / ${bUnderA.msg}`).toEqual([0, 1]);
      expect(await row(b.agentId)).toMatchObject({ parentId: a.agentId });
      expect(await row(a.agentId)).toMatchObject({ parentId: null });
    }
    // Two level-2 agents, each moved under the other at once: levels refuse both whatever the order.
    const x = await createAgent(t.db, { level: 2 });
    const y = await createAgent(t.db, { level: 2 });
    const both = await Promise.all([
      move(support, x.agentId, y.agentId, null),
      move(support2, y.agentId, x.agentId, null),
    ]);
    expect(both.map((answer) => answer.code)).toEqual([0, 0]);
    expect(await brokenTree()).toEqual([]);
  });

  it('a move racing a level change of the new parent: the moved agent’s level stays greater', async () => {
    for (let round = 0; round < 6; round++) {
      const target = await createAgent(t.db, { level: 1 });
      const agent = await createAgent(t.db, { level: 2 });
      // Each alone is allowed: target becomes level 2 (no children yet), or agent moves under a level-1 target.
      const [moved, changed] = await Promise.all([
        move(support, agent.agentId, target.agentId, null),
        changeLevel(support2, target.agentId, 2, 1),
      ]);
      expect([moved.code, changed.code].sort(), `${moved.msg} / ${changed.msg}`).toEqual([0, 1]);
    }
    expect(await brokenTree()).toEqual([]);
  });

  it('an order placed before the move pays its profit to the line it was priced with', async () => {
    const oldTop = await createAgent(t.db, { level: 1 }); // 0.50
    const newTop = await createAgent(t.db, { level: 1 }); // 0.50
    const mid = await createAgent(t.db, { level: 2, parentId: oldTop.agentId }); // 0.60
    const buyer = await createAgent(t.db, { level: 3, parentId: mid.agentId }); // 0.70
    const token = await signIn(t.app, t.db, buyer.playerId);
    const bought = await api(t.app, 'buyGoods', {
      token,
      input: { goodsId, quantity: 1, requestId: randomUUID() },
      headers: { uid: String(buyer.playerId) },
    });
    expect(bought.code, bought.msg).toBe(1);
    expect(bought.data.amount).toBe('700.00');

    // The buyer moves to the new line before its payment lands.
    const moved = await move(support, buyer.agentId, newTop.agentId, mid.agentId);
    expect(moved.code, moved.msg).toBe(1);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, bought.data.orderId));
    const { body, signature } = sandbox.notification({
      orderId: bought.data.orderId,
      providerRef: `T-${randomUUID()}`,
      amountFen: order?.amountFen ?? 0,
      paid: true,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/notify',
      payload: body,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    });
    expect(response.statusCode).toBe(200);

    const balance = (agentId: number) => accountValue(t.db, agentOwner(agentId), 'balance');
    expect(await accountValue(t.db, agentOwner(buyer.agentId), 'diamonds')).toBe(1000);
    expect(await balance(mid.agentId)).toBe(10_000); // (0.70 - 0.60) x 1,000
    expect(await balance(oldTop.agentId)).toBe(10_000); // (0.60 - 0.50) x 1,000
    expect(await balance(newTop.agentId)).toBe(0);

    // A purchase after the move is priced with the new line: all the margin to the new parent.
    const after = await api(t.app, 'buyGoods', {
      token,
      input: { goodsId, quantity: 1, requestId: randomUUID() },
      headers: { uid: String(buyer.playerId) },
    });
    const [next] = await t.db.select().from(orders).where(eq(orders.id, after.data.orderId));
    expect(next?.pricing).toEqual({
      buyer: 'agent',
      chain: [
        { agentId: buyer.agentId, priceFen: 70, level: 3 },
        { agentId: newTop.agentId, priceFen: 50, level: 1 },
      ],
    });
    await assertLedgerInvariants(t.db);
  });
});
