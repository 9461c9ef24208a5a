import { ResponseCode, calls } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../src/db/schema';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api, apiUnchecked, build, type TestApp } from '../helper';
import { agentOwner, expectLedgerConsistent, uuid } from './money-support';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterEach(async () => expectLedgerConsistent(t.db));
afterAll(async () => t.close());

const recent = (token: string | undefined, input: { limit?: number } = {}) =>
  apiUnchecked(t.app, 'recentTransfers', { token, input });

async function transfer(token: string, toAgentId: number, diamonds: number) {
  const result = await api(t.app, 'transferAgent', {
    token,
    input: { toAgentId, diamonds, requestId: uuid() },
  });
  expect(result.code).toBe(ResponseCode.success);
}

/**
 *   me (L1) ── child (L2) ── grandchild (L3)
 *          └─ child2 (L2)
 *   other (L1) ── otherChild (L2)
 */
async function tree() {
  const me = await createAgent(t.db, { level: 1, nickname: '我' });
  const child = await createAgent(t.db, { level: 2, parentId: me.agentId, nickname: '下级甲' });
  const child2 = await createAgent(t.db, { level: 2, parentId: me.agentId, nickname: '下级乙' });
  const grandchild = await createAgent(t.db, { level: 3, parentId: child.agentId, nickname: '孙级' });
  const other = await createAgent(t.db, { level: 1 });
  const otherChild = await createAgent(t.db, { level: 2, parentId: other.agentId });
  for (const a of [me, child, other]) await fund(t.db, agentOwner(a.agentId), 'diamonds', 10_000);
  return {
    me: { ...me, token: await signIn(t.app, t.db, me.playerId) },
    child: { ...child, token: await signIn(t.app, t.db, child.playerId) },
    child2,
    grandchild,
    other: { ...other, token: await signIn(t.app, t.db, other.playerId) },
    otherChild,
  };
}

describe('agent/user/recentTransfers', () => {
  it('lists each agent the caller transferred to once, newest first, with the newest transfer', async () => {
    const { me, child, child2, grandchild } = await tree();
    await transfer(me.token, child.agentId, 10);
    await transfer(me.token, grandchild.agentId, 20);
    await transfer(me.token, child2.agentId, 30);
    await transfer(me.token, child.agentId, 40);

    const result = await recent(me.token);
    expect(result).toMatchObject({ status: 200, code: ResponseCode.success });
    expect(calls.recentTransfers.data.parse(result.data)).toEqual(result.data);
    const list = result.data.list;
    expect(list.map((a) => a.agentId)).toEqual([child.agentId, child2.agentId, grandchild.agentId]);
    expect(list[0]).toMatchObject({ nickname: '下级甲', level: 2, lastDiamonds: 40, avatar: '' });
    expect(list[1]).toMatchObject({ nickname: '下级乙', level: 2, lastDiamonds: 30 });
    expect(list[2]).toMatchObject({ nickname: '孙级', level: 3, lastDiamonds: 20 });
    const times = list.map((a) => Date.parse(a.lastTransferAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('shows only the caller’s own transfers', async () => {
    const { me, child, grandchild, other, otherChild } = await tree();
    await transfer(me.token, child.agentId, 5);
    await transfer(child.token, grandchild.agentId, 7);
    await transfer(other.token, otherChild.agentId, 9);

    expect((await recent(me.token)).data.list.map((a) => a.agentId)).toEqual([child.agentId]);
    expect((await recent(child.token)).data.list.map((a) => a.agentId)).toEqual([grandchild.agentId]);
    expect((await recent(other.token)).data.list.map((a) => a.agentId)).toEqual([otherChild.agentId]);
  });

  it('answers an empty list before the first transfer, and to an agent with no diamonds account', async () => {
    const { me } = await tree();
    expect((await recent(me.token)).data).toEqual({ list: [] });
    const bare = await createAgent(t.db, { level: 1 });
    const token = await signIn(t.app, t.db, bare.playerId);
    expect((await recent(token)).data).toEqual({ list: [] });
  });

  it('leaves out an agent the operator moved to another line', async () => {
    const { me, child, child2, grandchild, other } = await tree();
    await transfer(me.token, child.agentId, 1);
    await transfer(me.token, child2.agentId, 1);
    await transfer(me.token, grandchild.agentId, 1);
    // child2 moves under another agent; the grandchild goes along with its own parent when that one moves.
    await t.db.update(agents).set({ parentId: other.agentId }).where(eq(agents.id, child2.agentId));
    expect((await recent(me.token)).data.list.map((a) => a.agentId)).toEqual([
      grandchild.agentId,
      child.agentId,
    ]);
    await t.db.update(agents).set({ parentId: other.agentId }).where(eq(agents.id, child.agentId));
    expect((await recent(me.token)).data.list).toEqual([]);
  });

  it('keeps to the limit: the newest distinct agents', async () => {
    const me = await createAgent(t.db, { level: 1 });
    await fund(t.db, agentOwner(me.agentId), 'diamonds', 10_000);
    const token = await signIn(t.app, t.db, me.playerId);
    const children = [];
    for (let i = 0; i < 23; i += 1) {
      const c = await createAgent(t.db, { level: 2, parentId: me.agentId });
      children.push(c.agentId);
      await transfer(token, c.agentId, 1);
    }
    await transfer(token, children[0] as number, 2);
    const byDefault = (await recent(token)).data.list;
    expect(byDefault).toHaveLength(20);
    expect(byDefault[0]).toMatchObject({ agentId: children[0], lastDiamonds: 2 });
    expect(byDefault.slice(1).map((a) => a.agentId)).toEqual(children.slice(4).reverse());
    expect((await recent(token, { limit: 3 })).data.list.map((a) => a.agentId)).toEqual([
      children[0],
      children[22],
      children[21],
    ]);
    expect((await recent(token, { limit: 51 })).code).not.toBe(ResponseCode.success);
    expect((await recent(token, { limit: 0 })).code).not.toBe(ResponseCode.success);
  });

  it('refuses a player session and no session', async () => {
    const token = await signIn(t.app, t.db, await createPlayer(t.db));
    expect((await recent(token)).code).not.toBe(ResponseCode.success);
    expect((await recent(undefined)).code).toBe(ResponseCode.notSignedIn);
  });
});
