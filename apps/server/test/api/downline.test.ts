import { calls, ResponseCode, type TChildAgent, type TTreeNode } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, players } from '../../src/db/schema';
import { type MessageKey, translate } from '../../src/i18n/messages';
import { createAgent, createGoods, createPlayer, signIn } from '../factories';
import { api, apiUnchecked, build, type TestApp } from '../helper';

/**
 * The downline calls of an agent: children (direct children, team sizes, keyword, pages), tree (the whole subtree,
 * nested), setChildAgent (a bound player becomes a child agent) and setPrice (a direct child's price between the
 * caller's price and retail), with the new price seen in children, tree and the child's shop.
 */

let t: TestApp;
/** A goods of 1000 diamonds: its price in the shop is the buyer's price per diamond × 1000. */
let goodsId: number;

beforeAll(async () => {
  t = await build();
  goodsId = await createGoods(t.db);
});
afterAll(async () => t.close());

const cn = (key: MessageKey, params?: Record<string, string>) => translate('cn', key, params);

const children = (token: string, query: Record<string, string | number> = {}) =>
  api(t.app, 'children', { token, input: query });
const tree = (token: string, parentId?: number) =>
  api(t.app, 'tree', { token, input: parentId === undefined ? {} : { parentId } });

/** The whole tree as the web opens it: one level per call, each node that has children asked for them. */
async function fullTree(token: string, parentId?: number): Promise<TTreeNode> {
  const answer = await tree(token, parentId);
  expect(answer.code, answer.msg).toBe(ResponseCode.success);
  const node = answer.data.root;
  expect(node.children).toHaveLength(node.childCount);
  const children = await Promise.all(
    node.children.map((child) => (child.childCount > 0 ? fullTree(token, child.agentId) : child)),
  );
  return { ...node, children };
}
const setPrice = (token: string, childId: number, price: string) =>
  api(t.app, 'setPrice', { token, input: { childId, price } });
const setChildAgent = (token: string, playerId: number, level: number) =>
  apiUnchecked(t.app, 'setChildAgent', { token, input: { playerId, level } });

/** The price of the 1000-diamond goods in the shop of the account behind `playerId`. */
async function shopPrice(playerId: number): Promise<string> {
  const token = await signIn(t.app, t.db, playerId);
  const result = await api(t.app, 'shopCategories', {
    token,
    input: {},
    headers: { uid: String(playerId) },
  });
  expect(result).toMatchObject({ status: 200, code: ResponseCode.success });
  const item = result.data.list.flatMap((c) => c.goods).find((g) => g.id === goodsId);
  if (!item) throw new Error('the seeded goods is not in the shop');
  expect(item.diamonds).toBe(1000);
  return item.price;
}

let groups = 0;
/**
 * A fresh downline with nicknames unique to it (letters only, so an id typed as keyword never matches a nickname):
 *   top (L1) ─┬─ g1 (L2) ─┬─ s1 (L3)
 *             │           └─ s2 (L3)
 *             ├─ g2 (L2) ─── s3 (L3)
 *             └─ s0 (L3)
 *   stranger (L1) ─── x (L2) ─── y (L3)
 */
async function downline() {
  const tag = `组${String.fromCharCode(65 + (groups % 26))}${String.fromCharCode(65 + Math.floor(groups / 26))}`;
  groups += 1;
  const top = await createAgent(t.db, { level: 1, nickname: `${tag}钻石` });
  const g1 = await createAgent(t.db, { level: 2, parentId: top.agentId, nickname: `${tag}黄金一` });
  const g2 = await createAgent(t.db, { level: 2, parentId: top.agentId, nickname: `${tag}黄金二` });
  const s0 = await createAgent(t.db, { level: 3, parentId: top.agentId, nickname: `${tag}白银直属` });
  const s1 = await createAgent(t.db, { level: 3, parentId: g1.agentId, nickname: `${tag}白银一` });
  const s2 = await createAgent(t.db, { level: 3, parentId: g1.agentId, nickname: `${tag}白银二` });
  const s3 = await createAgent(t.db, { level: 3, parentId: g2.agentId, nickname: `${tag}白银三` });
  const stranger = await createAgent(t.db, { level: 1, nickname: `${tag}外人` });
  const x = await createAgent(t.db, { level: 2, parentId: stranger.agentId, nickname: `${tag}外人黄金` });
  const y = await createAgent(t.db, { level: 3, parentId: x.agentId, nickname: `${tag}外人白银` });
  return {
    tag,
    top: { ...top, token: await signIn(t.app, t.db, top.playerId) },
    g1: { ...g1, token: await signIn(t.app, t.db, g1.playerId) },
    g2,
    s0,
    s1: { ...s1, token: await signIn(t.app, t.db, s1.playerId) },
    s2,
    s3,
    stranger: { ...stranger, token: await signIn(t.app, t.db, stranger.playerId) },
    x,
    y,
  };
}

const ids = (list: { agentId: number }[]) => list.map((c) => c.agentId);

/** Every agent id of a tree, depth first. */
function flatten(node: TTreeNode): number[] {
  return [node.agentId, ...node.children.flatMap(flatten)];
}

async function priceFenOf(agentId: number): Promise<number | null> {
  const [row] = await t.db.select({ priceFen: agents.priceFen }).from(agents).where(eq(agents.id, agentId));
  return row?.priceFen ?? null;
}

describe('agent/user/children', () => {
  it('lists direct children only, each with level, price, status and the size of its whole team', async () => {
    const d = await downline();
    await t.db.update(agents).set({ status: 'frozen' }).where(eq(agents.id, d.s0.agentId));
    const result = await children(d.top.token);
    expect(result).toMatchObject({ status: 200, code: ResponseCode.success });
    expect(calls.children.data.parse(result.data)).toEqual(result.data);
    expect(result.data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(ids(result.data.list)).toEqual([d.g1.agentId, d.g2.agentId, d.s0.agentId]);
    const byId = new Map(result.data.list.map((c) => [c.agentId, c]));
    expect(byId.get(d.g1.agentId)).toMatchObject({
      nickname: `${d.tag}黄金一`,
      level: 2,
      price: '0.60',
      teamSize: 2,
      status: 'active',
    });
    expect(byId.get(d.g2.agentId)).toMatchObject({ level: 2, price: '0.60', teamSize: 1, status: 'active' });
    expect(byId.get(d.s0.agentId)).toMatchObject({ level: 3, price: '0.70', teamSize: 0, status: 'frozen' });

    // One level down: g1 sees its own two children, never its parent or its siblings.
    const below = await children(d.g1.token);
    expect(ids(below.data.list)).toEqual([d.s1.agentId, d.s2.agentId]);
    expect(below.data.list.every((c) => c.teamSize === 0 && c.price === '0.70')).toBe(true);

    // A leaf has no children.
    expect((await children(d.s1.token)).data).toMatchObject({ list: [], total: 0 });
  });

  it('counts the whole team below a child, however deep, and grows as agents join', async () => {
    const d = await downline();
    // Two more silver agents under g2: its team grows from 1 to 3; top's own list is unchanged.
    await createAgent(t.db, { level: 3, parentId: d.g2.agentId });
    await createAgent(t.db, { level: 3, parentId: d.g2.agentId });
    const result = await children(d.top.token);
    const byId = new Map(result.data.list.map((c) => [c.agentId, c]));
    expect(byId.get(d.g2.agentId)?.teamSize).toBe(3);
    expect(byId.get(d.g1.agentId)?.teamSize).toBe(2);
    expect(result.data.total).toBe(3);
  });

  it('finds a child by its exact agent id or by part of its nickname', async () => {
    const d = await downline();
    const byId = await children(d.top.token, { keyword: String(d.g2.agentId) });
    expect(ids(byId.data.list)).toEqual([d.g2.agentId]);
    expect(byId.data.total).toBe(1);

    // Part of an id is not an id.
    const partial = await children(d.top.token, { keyword: String(d.g2.agentId).slice(0, 3) });
    expect(partial.data).toMatchObject({ list: [], total: 0 });

    const gold = await children(d.top.token, { keyword: '黄金' });
    expect(ids(gold.data.list)).toEqual([d.g1.agentId, d.g2.agentId]);
    expect(gold.data.total).toBe(2);
    const second = await children(d.top.token, { keyword: '黄金二' });
    expect(ids(second.data.list)).toEqual([d.g2.agentId]);
    const surrounded = await children(d.top.token, { keyword: `  ${d.tag}白银  ` });
    expect(ids(surrounded.data.list)).toEqual([d.s0.agentId]);

    // A grandchild's id or nickname is not a direct child.
    expect((await children(d.top.token, { keyword: String(d.s1.agentId) })).data.total).toBe(0);
    expect((await children(d.top.token, { keyword: '白银一' })).data.total).toBe(0);
    expect((await children(d.top.token, { keyword: '没有这个人' })).data).toMatchObject({
      list: [],
      total: 0,
    });
  });

  it('pages the children with the total of all pages', async () => {
    const parent = await createAgent(t.db, { level: 1 });
    const token = await signIn(t.app, t.db, parent.playerId);
    const made: number[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await createAgent(t.db, { level: 2, parentId: parent.agentId })).agentId);

    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const result = await children(token, { page, pageSize: 2 });
      expect(result).toMatchObject({ code: ResponseCode.success });
      expect(result.data).toMatchObject({ total: 5, page, pageSize: 2 });
      expect(result.data.list).toHaveLength(page === 3 ? 1 : 2);
      seen.push(...ids(result.data.list));
    }
    expect(seen).toEqual(made);
    const beyond = await children(token, { page: 4, pageSize: 2 });
    expect(beyond.data).toMatchObject({ list: [], total: 5, page: 4, pageSize: 2 });

    const all = await children(token, { pageSize: 100 });
    expect(all.data).toMatchObject({ total: 5, pageSize: 100 });
    expect(ids(all.data.list)).toEqual(made);
  });

  it('refuses a page size over 100 and a page below 1 with HTTP 400', async () => {
    const d = await downline();
    const queries: Record<string, string | number>[] = [
      { pageSize: 101 },
      { pageSize: 0 },
      { page: 0 },
      { page: 'x' },
    ];
    for (const query of queries) {
      const result = await children(d.top.token, query);
      expect(result, JSON.stringify(query)).toMatchObject({ status: 400, code: ResponseCode.failure });
    }
  });

  it('never lists another agent’s children', async () => {
    const d = await downline();
    const mine = await children(d.top.token, { pageSize: 100 });
    expect(ids(mine.data.list)).not.toContain(d.x.agentId);
    expect((await children(d.top.token, { keyword: String(d.x.agentId) })).data.total).toBe(0);
    expect((await children(d.top.token, { keyword: '外人' })).data.total).toBe(0);

    const theirs = await children(d.stranger.token);
    expect(ids(theirs.data.list)).toEqual([d.x.agentId]);
    expect(theirs.data.list[0]?.teamSize).toBe(1);
  });

  it('answers agents only: a player is refused, nobody signed in gets 10001', async () => {
    const playerId = await createPlayer(t.db);
    const token = await signIn(t.app, t.db, playerId);
    expect(await children(token)).toMatchObject({ code: ResponseCode.failure, msg: cn('agentsOnly') });
    const anonymous = await api(t.app, 'children');
    expect(anonymous).toMatchObject({ code: ResponseCode.notSignedIn });
  });

  // Server bug: downline-service.ts listChildren answers `avatar: ''` for every child (the subtree query does not
  // even select the avatar), while the contract's ZChildAgent carries the child's avatar.
  it('shows each child’s avatar', async () => {
    const d = await downline();
    const avatar = 'https://thirdwx.qlogo.cn/mmopen/child.png';
    await t.db.update(players).set({ avatar }).where(eq(players.id, d.g1.playerId));
    const result = await children(d.top.token, { keyword: String(d.g1.agentId) });
    expect(result.data.list[0]?.avatar).toBe(avatar);
  });

  it('with scope team, lists every agent below the caller, nearest first, searchable and paged', async () => {
    const d = await downline();
    const team = await children(d.top.token, { scope: 'team', pageSize: 4 });
    expect(team.data.total).toBe(6);
    expect(team.data.list.map((c) => [c.agentId, c.depth])).toEqual([
      [d.g1.agentId, 1],
      [d.g2.agentId, 1],
      [d.s0.agentId, 1],
      [Math.min(d.s1.agentId, d.s2.agentId, d.s3.agentId), 2],
    ]);
    const second = await children(d.top.token, { scope: 'team', pageSize: 4, page: 2 });
    expect(second.data.list).toHaveLength(2);
    const deep = await children(d.top.token, { scope: 'team', keyword: String(d.s3.agentId) });
    expect(deep.data.list.map((c) => [c.agentId, c.depth, c.teamSize])).toEqual([[d.s3.agentId, 2, 0]]);
    // Never outside the caller's own team, and a page past the end still counts.
    expect((await children(d.g1.token, { scope: 'team', keyword: String(d.s3.agentId) })).data.total).toBe(0);
    const past = await children(d.top.token, { scope: 'team', pageSize: 4, page: 9 });
    expect(past.data).toMatchObject({ list: [], total: 6 });
  });
});

describe('agent/user/tree', () => {
  it('answers one level at a time, the biggest teams first; opened level by level it is the whole downline', async () => {
    const d = await downline();
    await t.db.update(agents).set({ status: 'frozen' }).where(eq(agents.id, d.s3.agentId));
    const result = await tree(d.top.token);
    expect(result).toMatchObject({ status: 200, code: ResponseCode.success });
    expect(calls.tree.data.parse(result.data)).toEqual(result.data);
    // One level: the children are there, their own children are not (yet).
    expect(result.data.root.children.map((c) => [c.agentId, c.childCount, c.children.length])).toEqual([
      [d.g1.agentId, 2, 0],
      [d.g2.agentId, 1, 0],
      [d.s0.agentId, 0, 0],
    ]);
    const whole = await fullTree(d.top.token);
    const leaf = (
      agent: { agentId: number },
      nickname: string,
      status: TTreeNode['status'] = 'active',
    ): TTreeNode => ({
      agentId: agent.agentId,
      nickname: `${d.tag}${nickname}`,
      level: 3,
      price: '0.70',
      teamSize: 0,
      childCount: 0,
      status,
      children: [],
    });
    expect(whole).toEqual({
      agentId: d.top.agentId,
      nickname: `${d.tag}钻石`,
      level: 1,
      price: '0.50',
      teamSize: 6,
      childCount: 3,
      status: 'active',
      children: [
        {
          agentId: d.g1.agentId,
          nickname: `${d.tag}黄金一`,
          level: 2,
          price: '0.60',
          teamSize: 2,
          childCount: 2,
          status: 'active',
          children: [leaf(d.s1, '白银一'), leaf(d.s2, '白银二')],
        },
        {
          agentId: d.g2.agentId,
          nickname: `${d.tag}黄金二`,
          level: 2,
          price: '0.60',
          teamSize: 1,
          childCount: 1,
          status: 'active',
          children: [leaf(d.s3, '白银三', 'frozen')],
        },
        leaf(d.s0, '白银直属'),
      ],
    });
    expect(flatten(whole)).not.toContain(d.x.agentId);
    expect(flatten(whole)).not.toContain(d.stranger.agentId);
  });

  it('opens only a node of the caller’s own downline', async () => {
    const d = await downline();
    const foreign = await tree(d.g1.token, d.g2.agentId);
    expect(foreign).toMatchObject({ code: ResponseCode.failure, msg: cn('notYourDownline') });
    const upward = await tree(d.g1.token, d.top.agentId);
    expect(upward).toMatchObject({ code: ResponseCode.failure, msg: cn('notYourDownline') });
    const own = await tree(d.top.token, d.g1.agentId);
    expect(own.data.root.children.map((c) => c.agentId).sort()).toEqual([d.s1.agentId, d.s2.agentId].sort());
    const children = await api(t.app, 'children', {
      token: d.g1.token,
      input: { page: 1, pageSize: 20, parentId: d.g2.agentId },
    });
    expect(children).toMatchObject({ code: ResponseCode.failure, msg: cn('notYourDownline') });
  });

  it('shows a child only its own subtree: not its parent, not its siblings', async () => {
    const d = await downline();
    const result = await tree(d.g1.token);
    expect(result).toMatchObject({ code: ResponseCode.success });
    expect(result.data.root).toMatchObject({ agentId: d.g1.agentId, level: 2, price: '0.60', teamSize: 2 });
    expect(flatten(await fullTree(d.g1.token)).sort()).toEqual(
      [d.g1.agentId, d.s1.agentId, d.s2.agentId].sort(),
    );

    const leaf = await tree(d.s1.token);
    expect(leaf.data.root).toMatchObject({ agentId: d.s1.agentId, teamSize: 0, children: [] });

    const other = await tree(d.stranger.token);
    expect(other.data.root.teamSize).toBe(2);
    expect(flatten(await fullTree(d.stranger.token))).toEqual([d.stranger.agentId, d.x.agentId, d.y.agentId]);
  });

  it('answers agents only', async () => {
    const playerId = await createPlayer(t.db);
    const token = await signIn(t.app, t.db, playerId);
    expect(await tree(token)).toMatchObject({ code: ResponseCode.failure, msg: cn('agentsOnly') });
  });
});

describe('agent/user/setChildAgent', () => {
  async function expectStillPlayer(playerId: number, boundAgentId: number | null) {
    expect(await t.db.select().from(agents).where(eq(agents.playerId, playerId))).toEqual([]);
    const [player] = await t.db.select().from(players).where(eq(players.id, playerId));
    expect(player?.boundAgentId ?? null).toBe(boundAgentId);
  }

  it('turns a player bound to me into my child agent at level 2, who can then sign in as an agent', async () => {
    const d = await downline();
    const playerId = await createPlayer(t.db, { nickname: '新黄金', boundAgentId: d.top.agentId });
    const result = await setChildAgent(d.top.token, playerId, 2);
    expect(result).toMatchObject({ status: 200, code: ResponseCode.success });
    expect(calls.setChildAgent.data.parse(result.data)).toEqual(result.data);
    const child: TChildAgent = result.data.child;
    expect(child).toMatchObject({ nickname: '新黄金', level: 2, price: '0.60', teamSize: 0 });

    const [row] = await t.db.select().from(agents).where(eq(agents.playerId, playerId));
    expect(row).toMatchObject({ id: child.agentId, level: 2, parentId: d.top.agentId, status: 'active' });
    const [player] = await t.db.select().from(players).where(eq(players.id, playerId));
    expect(player?.boundAgentId).toBeNull();

    const token = await signIn(t.app, t.db, playerId);
    const user = await api(t.app, 'getUser', { token });
    expect(user).toMatchObject({ code: ResponseCode.success });
    expect(user.data).toMatchObject({
      agentId: child.agentId,
      playerId,
      level: 2,
      parentId: d.top.agentId,
      nickname: '新黄金',
    });

    const list = await children(d.top.token);
    expect(ids(list.data.list)).toContain(child.agentId);
    expect((await tree(d.top.token)).data.root.teamSize).toBe(7);
  });

  it('lets a level-1 agent make a level-3 child and a level-2 agent a level-3 child', async () => {
    const d = await downline();
    const underTop = await createPlayer(t.db, { boundAgentId: d.top.agentId });
    const byTop = await setChildAgent(d.top.token, underTop, 3);
    expect(byTop).toMatchObject({ code: ResponseCode.success, data: { child: { level: 3, price: '0.70' } } });

    const underG1 = await createPlayer(t.db, { boundAgentId: d.g1.agentId });
    const byG1 = await setChildAgent(d.g1.token, underG1, 3);
    expect(byG1).toMatchObject({ code: ResponseCode.success, data: { child: { level: 3 } } });
    const [row] = await t.db.select().from(agents).where(eq(agents.playerId, underG1));
    expect(row).toMatchObject({ level: 3, parentId: d.g1.agentId });

    const token = await signIn(t.app, t.db, underG1);
    const user = await api(t.app, 'getUser', { token });
    expect(user.data).toMatchObject({ level: 3, parentId: d.g1.agentId });
    // The new silver agent is in g1's tree, and in top's tree under g1.
    expect(flatten((await tree(d.g1.token)).data.root)).toContain(byG1.data.child.agentId);
    const topTree = (await tree(d.top.token)).data.root;
    const g1Node = topTree.children.find((c) => c.agentId === d.g1.agentId);
    expect(g1Node?.teamSize).toBe(3);
  });

  it('refuses the same or a higher level than mine', async () => {
    const d = await downline();
    const underTop = await createPlayer(t.db, { boundAgentId: d.top.agentId });
    const underG1 = await createPlayer(t.db, { boundAgentId: d.g1.agentId });
    const underS1 = await createPlayer(t.db, { boundAgentId: d.s1.agentId });
    const cases: [string, number, number][] = [
      [d.top.token, underTop, 1],
      [d.g1.token, underG1, 2],
      [d.g1.token, underG1, 1],
      [d.s1.token, underS1, 3],
      [d.s1.token, underS1, 2],
    ];
    for (const [token, playerId, level] of cases) {
      const result = await setChildAgent(token, playerId, level);
      expect(result, `level ${level}`).toMatchObject({
        status: 200,
        code: ResponseCode.failure,
        msg: cn('inviterNotAllowed'),
      });
    }
    await expectStillPlayer(underTop, d.top.agentId);
    await expectStillPlayer(underG1, d.g1.agentId);
    await expectStillPlayer(underS1, d.s1.agentId);
    // No level 4.
    expect(await setChildAgent(d.s1.token, underS1, 4)).toMatchObject({ status: 400 });
  });

  it('refuses a player not bound to me, one bound to my child, and an unknown player', async () => {
    const d = await downline();
    const unbound = await createPlayer(t.db);
    const boundToChild = await createPlayer(t.db, { boundAgentId: d.g1.agentId });
    const boundToStranger = await createPlayer(t.db, { boundAgentId: d.stranger.agentId });
    for (const playerId of [unbound, boundToChild, boundToStranger]) {
      const result = await setChildAgent(d.top.token, playerId, 2);
      expect(result).toMatchObject({ code: ResponseCode.failure, msg: cn('playerNotBoundToYou') });
    }
    await expectStillPlayer(unbound, null);
    await expectStillPlayer(boundToChild, d.g1.agentId);
    await expectStillPlayer(boundToStranger, d.stranger.agentId);

    const unknown = await setChildAgent(d.top.token, 2_000_000_000, 2);
    expect(unknown).toMatchObject({ status: 200, code: ResponseCode.failure });
    expect(unknown.msg).toBe(cn('playerNotBoundToYou'));
  });

  it('refuses a player who is already an agent, even one bound to me', async () => {
    const d = await downline();
    // An agent's player row that still names me as its bound agent (a stale binding).
    const other = await createAgent(t.db, { level: 2 });
    await t.db.update(players).set({ boundAgentId: d.top.agentId }).where(eq(players.id, other.playerId));
    const result = await setChildAgent(d.top.token, other.playerId, 2);
    expect(result).toMatchObject({ code: ResponseCode.failure, msg: cn('alreadyAgentPlayer') });
    const [row] = await t.db.select().from(agents).where(eq(agents.playerId, other.playerId));
    expect(row).toMatchObject({ id: other.agentId, level: 2, parentId: null });

    // My own child agent is not a player to promote either.
    const again = await setChildAgent(d.top.token, d.g1.playerId, 3);
    expect(again.code).toBe(ResponseCode.failure);
    const [g1] = await t.db.select().from(agents).where(eq(agents.id, d.g1.agentId));
    expect(g1).toMatchObject({ level: 2, parentId: d.top.agentId });
  });

  it('promotes a player once when two promotions race', async () => {
    const d = await downline();
    const playerId = await createPlayer(t.db, { boundAgentId: d.top.agentId });
    const results = await Promise.all([
      setChildAgent(d.top.token, playerId, 2),
      setChildAgent(d.top.token, playerId, 3),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([ResponseCode.failure, ResponseCode.success]);
    const rows = await t.db.select().from(agents).where(eq(agents.playerId, playerId));
    expect(rows).toHaveLength(1);
    const winner = results.find((r) => r.code === ResponseCode.success);
    expect(rows[0]).toMatchObject({ id: winner?.data.child.agentId, parentId: d.top.agentId });
    expect(rows[0]?.level).toBe(winner?.data.child.level);
    expect((await children(d.top.token)).data.total).toBe(4);
  });
});

describe('agent/user/price', () => {
  it('accepts a direct child’s price from my level price up to retail, both inclusive', async () => {
    const d = await downline();
    for (const [input, stored] of [
      ['0.50', 50],
      ['1.00', 100],
      ['1', 100],
      ['0.8', 80],
      ['0.75', 75],
    ] as const) {
      const result = await setPrice(d.top.token, d.g1.agentId, input);
      expect(result, input).toMatchObject({ status: 200, code: ResponseCode.success });
      expect(calls.setPrice.data.parse(result.data)).toEqual(result.data);
      expect(result.data).toEqual({ childId: d.g1.agentId, price: (stored / 100).toFixed(2) });
      expect(await priceFenOf(d.g1.agentId)).toBe(stored);
    }
  });

  it('refuses a price below my price or above retail, naming the range, and changes nothing', async () => {
    const d = await downline();
    await setPrice(d.top.token, d.g1.agentId, '0.66');
    for (const price of ['0.49', '1.01', '0.00', '0', '2.00']) {
      const result = await setPrice(d.top.token, d.g1.agentId, price);
      expect(result, price).toMatchObject({
        status: 200,
        code: ResponseCode.failure,
        msg: cn('priceOutOfRange', { min: '0.50', max: '1.00' }),
      });
      expect(result.msg).toContain('0.50');
      expect(result.msg).toContain('1.00');
    }
    expect(await priceFenOf(d.g1.agentId)).toBe(66);
    // Not money at all: the schema refuses it.
    for (const price of ['-0.60', '0.605', 'abc', ''])
      expect(await setPrice(d.top.token, d.g1.agentId, price), price).toMatchObject({ status: 400 });
    expect(await priceFenOf(d.g1.agentId)).toBe(66);
  });

  it('bounds a level-2 agent by its own price: its level price, or the custom price its parent set', async () => {
    const d = await downline();
    // g1 pays its level price, 0.60.
    expect(await setPrice(d.g1.token, d.s1.agentId, '0.59')).toMatchObject({
      code: ResponseCode.failure,
      msg: cn('priceOutOfRange', { min: '0.60', max: '1.00' }),
    });
    expect(await setPrice(d.g1.token, d.s1.agentId, '0.60')).toMatchObject({ code: ResponseCode.success });

    // Its parent gives g1 a custom price of 0.65: g1's children cannot go below it any more.
    expect(await setPrice(d.top.token, d.g1.agentId, '0.65')).toMatchObject({ code: ResponseCode.success });
    expect(await setPrice(d.g1.token, d.s2.agentId, '0.64')).toMatchObject({
      code: ResponseCode.failure,
      msg: cn('priceOutOfRange', { min: '0.65', max: '1.00' }),
    });
    expect(await priceFenOf(d.s2.agentId)).toBeNull();
    expect(await setPrice(d.g1.token, d.s2.agentId, '0.65')).toMatchObject({ code: ResponseCode.success });
    expect(await setPrice(d.g1.token, d.s2.agentId, '1.00')).toMatchObject({ code: ResponseCode.success });
  });

  it('refuses a grandchild, another agent’s child, my parent and myself', async () => {
    const d = await downline();
    const cases: [string, number][] = [
      [d.top.token, d.s1.agentId],
      [d.top.token, d.x.agentId],
      [d.top.token, d.y.agentId],
      [d.top.token, d.top.agentId],
      [d.g1.token, d.top.agentId],
      [d.g1.token, d.g2.agentId],
      [d.g1.token, d.s3.agentId],
      [d.stranger.token, d.g1.agentId],
      [d.top.token, 2_000_000_000],
    ];
    for (const [token, childId] of cases) {
      const result = await setPrice(token, childId, '0.80');
      expect(result, String(childId)).toMatchObject({ code: ResponseCode.failure, msg: cn('notYourChild') });
    }
    for (const agent of [d.s1, d.x, d.y, d.top, d.g2, d.s3, d.g1])
      expect(await priceFenOf(agent.agentId)).toBeNull();
  });

  it('shows the new price in children, in the tree and in the child’s shop', async () => {
    const d = await downline();
    expect(await shopPrice(d.g1.playerId)).toBe('600.00');
    expect(await shopPrice(d.s1.playerId)).toBe('700.00');
    expect(await shopPrice(d.top.playerId)).toBe('500.00');

    expect(await setPrice(d.top.token, d.g1.agentId, '0.80')).toMatchObject({ code: ResponseCode.success });
    expect(await setPrice(d.g1.token, d.s1.agentId, '0.85')).toMatchObject({ code: ResponseCode.success });

    const list = await children(d.top.token);
    expect(list.data.list.find((c) => c.agentId === d.g1.agentId)?.price).toBe('0.80');
    expect(list.data.list.find((c) => c.agentId === d.g2.agentId)?.price).toBe('0.60');
    const below = await children(d.g1.token);
    expect(below.data.list.map((c) => [c.agentId, c.price])).toEqual([
      [d.s1.agentId, '0.85'],
      [d.s2.agentId, '0.70'],
    ]);

    const root = await fullTree(d.top.token);
    const g1Node = root.children.find((c) => c.agentId === d.g1.agentId);
    expect(g1Node?.price).toBe('0.80');
    expect(g1Node?.children.map((c) => [c.agentId, c.price])).toEqual([
      [d.s1.agentId, '0.85'],
      [d.s2.agentId, '0.70'],
    ]);
    expect((await tree(d.g1.token)).data.root.price).toBe('0.80');

    expect(await shopPrice(d.g1.playerId)).toBe('800.00');
    expect(await shopPrice(d.s1.playerId)).toBe('850.00');
    expect(await shopPrice(d.s2.playerId)).toBe('700.00');
    // The parent's own price did not move.
    expect(await shopPrice(d.top.playerId)).toBe('500.00');
  });
});
