import { BillType, ResponseCode, calls } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents, transfers } from '../../src/db/schema';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { apiUnchecked, build, type TestApp } from '../helper';
import {
  accountValue,
  agentOwner,
  entriesOfRef,
  expectLedgerConsistent,
  moneySnapshot,
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

const transfer = (token: string | undefined, body: unknown, headers?: Record<string, string>) =>
  apiUnchecked(t.app, 'transferAgent', { token, input: body, headers });

/**
 * A small tree with stock everywhere:
 *   root (L1) ── me (L2) ── child (L3)
 *            └─ sibling (L2)
 *   stranger (L1), stranger's child (L2)
 */
async function tree() {
  const root = await createAgent(t.db, { level: 1, nickname: '一级' });
  const me = await createAgent(t.db, { level: 2, parentId: root.agentId, nickname: '二级' });
  const child = await createAgent(t.db, { level: 3, parentId: me.agentId, nickname: '三级' });
  const sibling = await createAgent(t.db, { level: 2, parentId: root.agentId });
  const stranger = await createAgent(t.db, { level: 1 });
  const strangersChild = await createAgent(t.db, { level: 2, parentId: stranger.agentId });
  for (const a of [root, me, child, sibling, stranger, strangersChild])
    await fund(t.db, agentOwner(a.agentId), 'diamonds', 1000);
  return {
    root: { ...root, token: await signIn(t.app, t.db, root.playerId) },
    me: { ...me, token: await signIn(t.app, t.db, me.playerId) },
    child,
    sibling,
    stranger,
    strangersChild,
  };
}

describe('agent/user/transferAgent', () => {
  it('passes diamonds to a direct child: type 3 out, type 4 in, one reference', async () => {
    const { root, me } = await tree();
    const result = await transfer(root.token, { toAgentId: me.agentId, diamonds: 250, requestId: uuid() });
    expect(result).toMatchObject({ status: 200, code: ResponseCode.success });
    expect(calls.transferAgent.data.parse(result.data)).toEqual(result.data);
    expect(result.data.diamonds).toBe(750);

    expect(await accountValue(t.db, agentOwner(root.agentId), 'diamonds')).toBe(750);
    expect(await accountValue(t.db, agentOwner(me.agentId), 'diamonds')).toBe(1250);
    const [row] = await t.db
      .select()
      .from(transfers)
      .where(eq(transfers.id, Number(result.data.transferId)));
    expect(row).toMatchObject({ fromAgentId: root.agentId, toAgentId: me.agentId, diamonds: 250 });

    const entries = await entriesOfRef(t.db, 'transfer', result.data.transferId);
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.ownerId === root.agentId)).toMatchObject({
      ownerType: 'agent',
      currency: 'diamonds',
      amount: -250,
      after: 750,
      billType: BillType.transferOut,
      counterpartyType: 'agent',
      counterpartyId: me.agentId,
    });
    expect(entries.find((e) => e.ownerId === me.agentId)).toMatchObject({
      ownerType: 'agent',
      currency: 'diamonds',
      amount: 250,
      after: 1250,
      billType: BillType.transferIn,
      counterpartyType: 'agent',
      counterpartyId: root.agentId,
    });
  });

  it('passes diamonds to a grandchild', async () => {
    const { root, child } = await tree();
    const result = await transfer(root.token, {
      toAgentId: child.agentId,
      diamonds: 1000,
      requestId: uuid(),
    });
    expect(result).toMatchObject({ code: 1, data: { diamonds: 0 } });
    expect(await accountValue(t.db, agentOwner(root.agentId), 'diamonds')).toBe(0);
    expect(await accountValue(t.db, agentOwner(child.agentId), 'diamonds')).toBe(2000);
    const entries = await entriesOfRef(t.db, 'transfer', result.data.transferId);
    expect(entries.map((e) => [e.ownerId, e.billType, e.amount]).sort()).toEqual(
      [
        [root.agentId, BillType.transferOut, -1000],
        [child.agentId, BillType.transferIn, 1000],
      ].sort(),
    );
  });

  it('passes diamonds to an agent that had no diamond account yet', async () => {
    const { root } = await tree();
    const fresh = await createAgent(t.db, { level: 2, parentId: root.agentId });
    const result = await transfer(root.token, { toAgentId: fresh.agentId, diamonds: 5, requestId: uuid() });
    expect(result.code).toBe(1);
    expect(await accountValue(t.db, agentOwner(fresh.agentId), 'diamonds')).toBe(5);
  });

  it('refuses a transfer to oneself and changes nothing', async () => {
    const { me } = await tree();
    const before = await moneySnapshot(t.db);
    const result = await transfer(me.token, { toAgentId: me.agentId, diamonds: 10, requestId: uuid() });
    expect(result).toMatchObject({ status: 200, code: 0, msg: '不能转给自己', data: null });
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it('refuses the parent, a sibling, an unrelated agent, its child and an unknown id with one message', async () => {
    const { root, me, sibling, stranger, strangersChild } = await tree();
    const before = await moneySnapshot(t.db);
    const targets = {
      parent: root.agentId,
      sibling: sibling.agentId,
      stranger: stranger.agentId,
      strangersChild: strangersChild.agentId,
      unknown: 2_000_000_000,
    };
    const answers: Record<string, unknown> = {};
    for (const [name, toAgentId] of Object.entries(targets)) {
      const result = await transfer(me.token, { toAgentId, diamonds: 10, requestId: uuid() });
      answers[name] = { status: result.status, code: result.code, msg: result.msg, data: result.data };
    }
    const expected = { status: 200, code: 0, msg: '只能转给自己下级的推广员', data: null };
    expect(answers).toEqual(Object.fromEntries(Object.keys(targets).map((name) => [name, expected])));
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it('refuses an agent that is not in the downline in the caller’s language', async () => {
    const { me, root } = await tree();
    const result = await transfer(
      me.token,
      { toAgentId: root.agentId, diamonds: 1, requestId: uuid() },
      { 'x-lang': 'en' },
    );
    expectRefusal(result, 'You can only transfer to promoters in your own downline');
  });

  it('refuses more diamonds than the stock and changes nothing', async () => {
    const { me, child } = await tree();
    const before = await moneySnapshot(t.db);
    const result = await transfer(me.token, { toAgentId: child.agentId, diamonds: 1001, requestId: uuid() });
    expect(result).toMatchObject({ status: 200, code: 0, msg: '钻石库存不足', data: null });
    expect(await moneySnapshot(t.db)).toEqual(before);
    expect(await accountValue(t.db, agentOwner(me.agentId), 'diamonds')).toBe(1000);
    expect(await accountValue(t.db, agentOwner(child.agentId), 'diamonds')).toBe(1000);
  });

  it.each([
    ['0', { diamonds: 0 }, 'diamonds'],
    ['100001', { diamonds: 100_001 }, 'diamonds'],
    ['1.5', { diamonds: 1.5 }, 'diamonds'],
    ['a bad requestId', { requestId: 'nope' }, 'requestId'],
    ['a bad agent id', { toAgentId: -1 }, 'toAgentId'],
  ])('answers 400 naming the field for %s', async (_label, override, field) => {
    const { root, me } = await tree();
    const before = await moneySnapshot(t.db);
    const result = await transfer(root.token, {
      toAgentId: me.agentId,
      diamonds: 10,
      requestId: uuid(),
      ...override,
    });
    expectInvalid(result, field);
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it('refuses a player session and no session', async () => {
    const { me } = await tree();
    const token = await signIn(t.app, t.db, await createPlayer(t.db));
    const before = await moneySnapshot(t.db);
    const body = { toAgentId: me.agentId, diamonds: 1, requestId: uuid() };
    expectRefusal(await transfer(token, body), '仅推广员可以使用此功能');
    expect((await transfer(undefined, body)).code).toBe(ResponseCode.notSignedIn);
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it('refuses a frozen sender with 1002', async () => {
    const { root, me } = await tree();
    await t.db.update(agents).set({ status: 'frozen' }).where(eq(agents.id, root.agentId));
    const before = await moneySnapshot(t.db);
    const result = await transfer(root.token, { toAgentId: me.agentId, diamonds: 1, requestId: uuid() });
    expect(result.code).toBe(ResponseCode.agentUnavailable);
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  describe('idempotency', () => {
    it('answers the same requestId twice with the identical result and applies it once', async () => {
      const { root, me } = await tree();
      const body = { toAgentId: me.agentId, diamonds: 40, requestId: uuid() };
      const first = await transfer(root.token, body);
      expect(first.code).toBe(1);
      const afterFirst = await moneySnapshot(t.db);
      expect(await transfer(root.token, body)).toEqual(first);
      expect(await moneySnapshot(t.db)).toEqual(afterFirst);
      expect(await accountValue(t.db, agentOwner(root.agentId), 'diamonds')).toBe(960);
      expect(await accountValue(t.db, agentOwner(me.agentId), 'diamonds')).toBe(1040);
    });

    it('refuses the same requestId with another target and applies nothing', async () => {
      const { root, me, child } = await tree();
      const requestId = uuid();
      expect((await transfer(root.token, { toAgentId: me.agentId, diamonds: 40, requestId })).code).toBe(1);
      const before = await moneySnapshot(t.db);
      const other = await transfer(root.token, { toAgentId: child.agentId, diamonds: 40, requestId });
      expectRefusal(other, '请求编号已用于另一笔操作，请刷新后重试');
      expect(await moneySnapshot(t.db)).toEqual(before);
    });

    it('lets a requestId refused for want of diamonds run once after funding', async () => {
      const { me, child } = await tree();
      const body = { toAgentId: child.agentId, diamonds: 1500, requestId: uuid() };
      expect((await transfer(me.token, body)).msg).toBe('钻石库存不足');
      await fund(t.db, agentOwner(me.agentId), 'diamonds', 500);
      const retried = await transfer(me.token, body);
      expect(retried).toMatchObject({ code: 1, data: { diamonds: 0 } });
      expect(await transfer(me.token, body)).toEqual(retried);
      expect(await accountValue(t.db, agentOwner(child.agentId), 'diamonds')).toBe(2500);
    });
  });
});
