import { BillType, ResponseCode, calls, type TBillEntry } from '@promoter/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries } from '../../src/db/schema';
import { accountOf, ensureAccount, memo } from '../../src/modules/ledger/ledger-service';
import { createAgent, createPlayer, fund, signIn } from '../factories';
import { api, apiUnchecked, build, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';
import {
  agentOwner,
  applyToWithdraw,
  entriesOf,
  entriesOfRef,
  expectLedgerConsistent,
  fenOf,
  playerOwner,
  postEntry,
  uuid,
} from './money-support';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterEach(async () => expectLedgerConsistent(t.db));
afterAll(async () => t.close());

type BillPage = { list: TBillEntry[]; total: number; page: number; pageSize: number };

const bill = (token: string | undefined, query: Record<string, string | number>) =>
  apiUnchecked(t.app, 'bill', { token, input: query });
const detail = (token: string | undefined, id: string | number, headers?: Record<string, string>) =>
  apiUnchecked(t.app, 'billDetail', { token, input: { id }, headers });
const recent = (token: string | undefined, query: Record<string, string | number> = {}) =>
  apiUnchecked(t.app, 'recentBill', { token, input: query });

const at = (iso: string) => new Date(iso);

/** The ids of an agent's entries as the database orders them, newest first. */
async function idsNewestFirst(agentId: number, currency?: 'balance' | 'diamonds') {
  const rows = await t.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(accountOf(agentOwner(agentId), currency))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
  return rows.map((r) => String(r.id));
}

/** Each entry's `after` minus its `amount` is the `after` of the entry before it (the next one in the list). */
function expectAfterConsistent(list: TBillEntry[], startsFromZero: boolean) {
  for (let i = 0; i < list.length; i++) {
    const entry = list[i] as TBillEntry;
    const previous = list[i + 1];
    const before = fenOf(entry.after) - fenOf(entry.amount);
    if (previous) expect(before, `entry ${entry.id}`).toBe(fenOf(previous.after));
    else if (startsFromZero) expect(before, `entry ${entry.id}`).toBe(0);
  }
}

/**
 * An agent with a history over three past days and today, in both currencies, and another agent with entries on
 * the same days.
 */
async function history() {
  const me = await createAgent(t.db, { level: 1, nickname: '流水甲' });
  const other = await createAgent(t.db, { level: 1, nickname: '流水乙' });
  const mine = agentOwner(me.agentId);
  const theirs = agentOwner(other.agentId);
  const ids = {
    fund: await postEntry(t.db, {
      owner: mine,
      currency: 'balance',
      amount: 50_000,
      billType: BillType.adjustment,
      at: at('2024-01-01T12:00:00+08:00'),
    }),
    fundDiamonds: await postEntry(t.db, {
      owner: mine,
      currency: 'diamonds',
      amount: 1_000,
      billType: BillType.adjustment,
      at: at('2024-01-01T12:00:00+08:00'),
    }),
    // exactly at the start of Jan 2 in Shanghai: belongs to Jan 2
    profit1: await postEntry(t.db, {
      owner: mine,
      currency: 'balance',
      amount: 1_250,
      billType: BillType.profit,
      at: at('2024-01-02T00:00:00+08:00'),
    }),
    recharge: await postEntry(t.db, {
      owner: mine,
      currency: 'diamonds',
      amount: -300,
      billType: BillType.rechargePlayer,
      at: at('2024-01-02T15:00:00+08:00'),
    }),
    withdrawal: await postEntry(t.db, {
      owner: mine,
      currency: 'balance',
      amount: -10_000,
      billType: BillType.withdrawal,
      refType: 'withdrawal',
      at: at('2024-01-03T09:00:00+08:00'),
    }),
    profit2: await postEntry(t.db, {
      owner: mine,
      currency: 'balance',
      amount: 700,
      billType: BillType.profit,
      at: at('2024-01-03T10:00:00+08:00'),
    }),
    transferOut: await postEntry(t.db, {
      owner: mine,
      currency: 'diamonds',
      amount: -100,
      billType: BillType.transferOut,
      at: at('2024-01-03T11:00:00+08:00'),
    }),
  };
  for (const day of ['2024-01-01', '2024-01-02', '2024-01-03']) {
    await postEntry(t.db, {
      owner: theirs,
      currency: 'balance',
      amount: 999,
      billType: BillType.profit,
      at: at(`${day}T13:00:00+08:00`),
    });
    await postEntry(t.db, {
      owner: theirs,
      currency: 'diamonds',
      amount: 999,
      billType: BillType.adjustment,
      at: at(`${day}T13:00:00+08:00`),
    });
  }
  // Today, through the API: an exchange (balance -10.00, diamonds +20).
  const token = await signIn(t.app, t.db, me.playerId);
  const exchanged = await api(t.app, 'withdrawExchange', {
    token,
    input: { amount: '10.00', requestId: uuid() },
  });
  expect(exchanged.code).toBe(1);
  return { me: { ...me, token }, other: { ...other, token: await signIn(t.app, t.db, other.playerId) }, ids };
}

describe('agent/user/bill', () => {
  it('lists the balance newest first, as money strings, with `after` following `amount`', async () => {
    const { me, ids } = await history();
    const result = await bill(me.token, { currency: 1 });
    expect(result.code).toBe(1);
    expect(calls.bill.data.parse(result.data)).toEqual(result.data);
    expect(result.data).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    const list = result.data.list;
    expect(list.map((e) => e.id)).toEqual(await idsNewestFirst(me.agentId, 'balance'));
    expect(list.slice(1).map((e) => e.id)).toEqual(
      [ids.profit2, ids.withdrawal, ids.profit1, ids.fund].map(String),
    );
    expect(list.map((e) => [e.billType, e.currency, e.amount, e.after])).toEqual([
      [BillType.exchange, 1, '-10.00', '409.50'],
      [BillType.profit, 1, '7.00', '419.50'],
      [BillType.withdrawal, 1, '-100.00', '412.50'],
      [BillType.profit, 1, '12.50', '512.50'],
      [BillType.adjustment, 1, '500.00', '500.00'],
    ]);
    expect(list[3]?.createdAt).toBe('2024-01-01T16:00:00.000Z');
    expectAfterConsistent(list, true);
  });

  it('lists the diamonds as integers', async () => {
    const { me } = await history();
    const result = await bill(me.token, { currency: 2 });
    expect(result.data.total).toBe(4);
    expect(result.data.list.map((e) => [e.billType, e.currency, e.amount, e.after])).toEqual([
      [BillType.exchange, 2, 20, 620],
      [BillType.transferOut, 2, -100, 600],
      [BillType.rechargePlayer, 2, -300, 700],
      [BillType.adjustment, 2, 1000, 1000],
    ]);
    expectAfterConsistent(result.data.list, true);
  });

  it('filters by bill type', async () => {
    const { me, ids } = await history();
    const profits = await bill(me.token, { currency: 1, billType: BillType.profit });
    expect(profits.data.total).toBe(2);
    expect(profits.data.list.map((e) => e.id)).toEqual([ids.profit2, ids.profit1].map(String));
    const none = await bill(me.token, { currency: 2, billType: BillType.profit });
    expect(none.data).toMatchObject({ total: 0, list: [] });
  });

  it('filters by a date range given with an offset: from included, to excluded', async () => {
    const { me, ids } = await history();
    const jan2 = await bill(me.token, {
      currency: 1,
      from: '2024-01-02T00:00:00+08:00',
      to: '2024-01-03T00:00:00+08:00',
    });
    expect(jan2.data.total).toBe(1);
    expect(jan2.data.list.map((e) => e.id)).toEqual([String(ids.profit1)]);
    // The same instant written in UTC.
    const utc = await bill(me.token, {
      currency: 1,
      from: '2024-01-01T16:00:00Z',
      to: '2024-01-02T16:00:00Z',
    });
    expect(utc.data.list.map((e) => e.id)).toEqual([String(ids.profit1)]);
    const sinceJan3 = await bill(me.token, { currency: 1, from: '2024-01-03T00:00:00+08:00' });
    expect(sinceJan3.data.total).toBe(3); // the withdrawal, the profit and today's exchange
    const untilJan2 = await bill(me.token, { currency: 2, to: '2024-01-02T00:00:00+08:00' });
    expect(untilJan2.data.list.map((e) => e.id)).toEqual([String(ids.fundDiamonds)]);
    const typeAndRange = await bill(me.token, {
      currency: 1,
      billType: BillType.profit,
      from: '2024-01-03T00:00:00+08:00',
      to: '2024-01-04T00:00:00+08:00',
    });
    expect(typeAndRange.data.list.map((e) => e.id)).toEqual([String(ids.profit2)]);
  });

  it('pages with the total of all pages', async () => {
    const { me } = await history();
    const all = await idsNewestFirst(me.agentId, 'balance');
    const pages: BillPage[] = [];
    for (const page of [1, 2, 3, 4])
      pages.push((await bill(me.token, { currency: 1, page, pageSize: 2 })).data);
    expect(pages.map((p) => [p.total, p.page, p.pageSize])).toEqual([
      [5, 1, 2],
      [5, 2, 2],
      [5, 3, 2],
      [5, 4, 2],
    ]);
    expect(pages.flatMap((p) => p.list.map((e) => e.id))).toEqual(all);
    expect(pages[3]?.list).toEqual([]);
  });

  it('never shows another agent’s entries, nor the player’s side of a recharge', async () => {
    const { me, other } = await history();
    const playerId = await createPlayer(t.db);
    const recharged = await api(t.app, 'recharge', {
      token: me.token,
      input: { playerId, diamonds: 5, requestId: uuid() },
    });
    expect(recharged.code).toBe(1);
    const sides = await entriesOfRef(t.db, 'recharge', recharged.data.rechargeId);
    const playerSide = sides.find((e) => e.ownerType === 'player');
    const mineAll = [
      ...(await bill(me.token, { currency: 1, pageSize: 100 })).data.list,
      ...(await bill(me.token, { currency: 2, pageSize: 100 })).data.list,
    ].map((e) => e.id);
    const theirsAll = [
      ...(await bill(other.token, { currency: 1, pageSize: 100 })).data.list,
      ...(await bill(other.token, { currency: 2, pageSize: 100 })).data.list,
    ].map((e) => e.id);
    expect(mineAll.sort()).toEqual((await idsNewestFirst(me.agentId)).sort());
    expect(theirsAll.sort()).toEqual((await idsNewestFirst(other.agentId)).sort());
    expect(theirsAll).toHaveLength(6);
    expect(mineAll.filter((id) => theirsAll.includes(id))).toEqual([]);
    expect(mineAll).not.toContain(String(playerSide?.id));
  });

  it('answers an empty page for an agent with no account yet', async () => {
    const agent = await createAgent(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    expect((await bill(token, { currency: 1 })).data).toEqual({
      list: [],
      total: 0,
      totalIsLowerBound: false,
      page: 1,
      pageSize: 20,
      nextCursor: null,
    });
    expect((await bill(token, { currency: 2, page: 3, pageSize: 5 })).data).toEqual({
      list: [],
      total: 0,
      totalIsLowerBound: false,
      page: 3,
      pageSize: 5,
      nextCursor: null,
    });
  });

  it.each([
    ['currency', { currency: 3 }],
    ['currency', {}],
    ['billType', { currency: 1, billType: 12 }],
    ['pageSize', { currency: 1, pageSize: 101 }],
    ['page', { currency: 1, page: 0 }],
    ['from', { currency: 1, from: 'yesterday' }],
    ['from', { currency: 1, from: '2024-01-01T00:00:00' }],
    ['to', { currency: 1, to: '2024-13-01T00:00:00Z' }],
  ])('answers 400 naming %s for %j', async (field, query) => {
    const agent = await createAgent(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    const result = await bill(token, query);
    expect(result.status).toBe(400);
    expect(result.code).toBe(0);
    expect(result.msg).toContain(field);
  });

  it('refuses a player session and no session', async () => {
    const token = await signIn(t.app, t.db, await createPlayer(t.db));
    expect(await bill(token, { currency: 1 })).toMatchObject({ code: 0, msg: '仅推广员可以使用此功能' });
    expect((await bill(undefined, { currency: 1 })).code).toBe(ResponseCode.notSignedIn);
  });
});

describe('agent/user/bill on a long history', () => {
  it('answers the account’s exact count unfiltered, and a filter’s exactly up to 10,000 and "at least" beyond', async () => {
    const agent = await createAgent(t.db, { level: 1 });
    const id = await ensureAccount(t.db, { ownerType: 'agent', ownerId: agent.agentId }, 'diamonds');
    // 10,004 credits of one diamond over the past day, the account kept equal to its entries (value and count, as
    // ledger_post keeps them); then one more through the ledger, newest.
    await t.db.execute(sql`
      insert into ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id, created_at)
      select ${id}, 1, g, 4, 'bulk', g::text, now() - make_interval(secs => 10005 - g) from generate_series(1, 10004) g`);
    await t.db.execute(sql`update accounts set value = 10004, entry_count = 10004 where id = ${id}`);
    await fund(t.db, { ownerType: 'agent', ownerId: agent.agentId }, 'diamonds', 1);
    await assertLedgerInvariants(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    const page = await api(t.app, 'bill', {
      token,
      input: { currency: 2, page: 1, pageSize: 20 },
    });
    expect(page.data).toMatchObject({ total: 10_005, totalIsLowerBound: false });
    expect(page.data.list[0]?.billType).toBe(BillType.adjustment);
    const transfers = await api(t.app, 'bill', {
      token,
      input: { currency: 2, billType: BillType.transferIn, page: 1, pageSize: 20 },
    });
    expect(transfers.data).toMatchObject({ total: 10_000, totalIsLowerBound: true });
    expect(transfers.data.list[0]?.billType).toBe(BillType.transferIn);
    const typed = await api(t.app, 'bill', {
      token,
      input: { currency: 2, billType: BillType.adjustment, page: 1, pageSize: 20 },
    });
    expect(typed.data).toMatchObject({ total: 1, totalIsLowerBound: false });
  });
});

describe('agent/user/billDetail', () => {
  it('answers a recharge entry with the player it went to', async () => {
    const agent = await createAgent(t.db);
    await fund(t.db, agentOwner(agent.agentId), 'diamonds', 100);
    const token = await signIn(t.app, t.db, agent.playerId);
    const playerId = await createPlayer(t.db, { nickname: '收钻玩家' });
    const recharged = await api(t.app, 'recharge', {
      token,
      input: { playerId, diamonds: 30, requestId: uuid() },
    });
    const debit = (await entriesOfRef(t.db, 'recharge', recharged.data.rechargeId)).find(
      (e) => e.ownerType === 'agent',
    );
    const result = await detail(token, String(debit?.id));
    expect(result.code).toBe(1);
    expect(calls.billDetail.data.parse(result.data)).toEqual(result.data);
    expect(result.data).toMatchObject({
      id: String(debit?.id),
      billType: BillType.rechargePlayer,
      currency: 2,
      amount: -30,
      after: 70,
      reference: {
        type: 'recharge',
        id: recharged.data.rechargeId,
        counterparty: { kind: 'player', id: playerId, nickname: '收钻玩家' },
      },
    });
  });

  it('answers both sides of a transfer with the other agent', async () => {
    const parent = await createAgent(t.db, { level: 1, nickname: '上级' });
    const child = await createAgent(t.db, { level: 2, parentId: parent.agentId, nickname: '下级' });
    await fund(t.db, agentOwner(parent.agentId), 'diamonds', 100);
    const parentToken = await signIn(t.app, t.db, parent.playerId);
    const childToken = await signIn(t.app, t.db, child.playerId);
    const transferred = await api(t.app, 'transferAgent', {
      token: parentToken,
      input: { toAgentId: child.agentId, diamonds: 40, requestId: uuid() },
    });
    expect(transferred.code).toBe(1);
    const sides = await entriesOfRef(t.db, 'transfer', transferred.data.transferId);
    const out = sides.find((e) => e.ownerId === parent.agentId);
    const into = sides.find((e) => e.ownerId === child.agentId);
    expect((await detail(parentToken, String(out?.id))).data).toMatchObject({
      billType: BillType.transferOut,
      amount: -40,
      after: 60,
      reference: {
        type: 'transfer',
        id: transferred.data.transferId,
        counterparty: { kind: 'agent', id: child.agentId, nickname: '下级' },
      },
    });
    expect((await detail(childToken, String(into?.id))).data).toMatchObject({
      billType: BillType.transferIn,
      amount: 40,
      after: 40,
      reference: { type: 'transfer', counterparty: { kind: 'agent', id: parent.agentId, nickname: '上级' } },
    });
    // Each side is the other's secret.
    expect(await detail(childToken, String(out?.id))).toMatchObject({ code: 0, data: null });
    expect(await detail(parentToken, String(into?.id))).toMatchObject({ code: 0, data: null });
  });

  it('answers a withdrawal entry in money with no counterparty', async () => {
    const agent = await createAgent(t.db);
    await fund(t.db, agentOwner(agent.agentId), 'balance', 20_000);
    const token = await signIn(t.app, t.db, agent.playerId);
    const applied = await applyToWithdraw(t.app, token, '100.00', {
      accountType: 'wechat',
      accountName: '李四',
      accountNo: 'lisi_wx',
    });
    expect(applied.code).toBe(1);
    const [entry] = await entriesOfRef(t.db, 'withdrawal', applied.data.withdrawal.id);
    const result = await detail(token, String(entry?.id));
    expect(result.data).toEqual({
      id: String(entry?.id),
      billType: BillType.withdrawal,
      currency: 1,
      amount: '-100.00',
      after: '100.00',
      memo: expect.any(String),
      createdAt: expect.any(String),
      gameDelivery: null,
      reference: { type: 'withdrawal', id: applied.data.withdrawal.id, counterparty: null },
    });
  });

  it('refuses another agent’s entry with data null, in the caller’s language', async () => {
    const { me, other } = await history();
    const [theirs] = await entriesOf(t.db, agentOwner(other.agentId), 'balance');
    const result = await detail(me.token, String(theirs?.id));
    expect(result).toEqual({ status: 200, code: 0, msg: '流水不存在', data: null });
    const en = await detail(me.token, String(theirs?.id), { 'x-lang': 'en' });
    expect(en).toMatchObject({ code: 0, msg: 'Entry not found', data: null });
  });

  it('refuses a player’s entry, and an unknown id, the same way', async () => {
    const agent = await createAgent(t.db);
    await fund(t.db, agentOwner(agent.agentId), 'diamonds', 10);
    const token = await signIn(t.app, t.db, agent.playerId);
    const playerId = await createPlayer(t.db);
    await api(t.app, 'recharge', {
      token,
      input: { playerId, diamonds: 1, requestId: uuid() },
    });
    const [playerEntry] = await entriesOf(t.db, playerOwner(playerId), 'diamonds');
    for (const id of [String(playerEntry?.id), '999999999', '999999999999999999']) {
      expect(await detail(token, id)).toEqual({ status: 200, code: 0, msg: '流水不存在', data: null });
    }
  });

  it.each([['abc'], ['-1'], ['1.5'], ['1234567890123456789']])('answers 400 for id %s', async (id) => {
    const agent = await createAgent(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    const result = await detail(token, id);
    expect(result.status).toBe(400);
    expect(result.msg).toContain('id');
  });

  it('refuses a player session and no session', async () => {
    const token = await signIn(t.app, t.db, await createPlayer(t.db));
    expect((await detail(token, '1')).code).toBe(0);
    expect((await detail(undefined, '1')).code).toBe(ResponseCode.notSignedIn);
  });
});

describe('agent/user/recentBill', () => {
  it('answers the newest entries of both currencies, only the caller’s', async () => {
    const { me, other } = await history();
    const result = await recent(me.token);
    expect(result.code).toBe(1);
    expect(calls.recentBill.data.parse(result.data)).toEqual(result.data);
    const all = await idsNewestFirst(me.agentId);
    expect(all).toHaveLength(9);
    expect(result.data.list.map((e) => e.id)).toEqual(all);
    expect(new Set(result.data.list.map((e) => e.currency))).toEqual(new Set([1, 2]));
    const byId = new Map(result.data.list.map((e) => [e.id, e]));
    const diamondsEntry = byId.get(all.find((id) => byId.get(id)?.currency === 2) as string);
    expect(typeof diamondsEntry?.amount).toBe('number');
    const balanceEntry = byId.get(all.find((id) => byId.get(id)?.currency === 1) as string);
    expect(balanceEntry?.amount).toMatch(/^-?\d+\.\d{2}$/);
    const theirs = (await recent(other.token, { limit: 50 })).data.list.map((e) => e.id);
    expect(theirs).toEqual(await idsNewestFirst(other.agentId));
    expect(theirs.filter((id) => all.includes(id))).toEqual([]);
  });

  it('answers at most `limit` entries, ten by default', async () => {
    const agent = await createAgent(t.db);
    for (let i = 0; i < 12; i++)
      await postEntry(t.db, {
        owner: agentOwner(agent.agentId),
        currency: i % 2 ? 'balance' : 'diamonds',
        amount: 100 + i,
        billType: BillType.adjustment,
      });
    const token = await signIn(t.app, t.db, agent.playerId);
    const all = await idsNewestFirst(agent.agentId);
    expect((await recent(token)).data.list.map((e) => e.id)).toEqual(all.slice(0, 10));
    expect((await recent(token, { limit: 3 })).data.list.map((e) => e.id)).toEqual(all.slice(0, 3));
    expect((await recent(token, { limit: 50 })).data.list).toHaveLength(12);
  });

  it('answers an empty list for an agent with no account yet', async () => {
    const agent = await createAgent(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    expect((await recent(token)).data).toEqual({ list: [] });
  });

  it.each([[0], [51], ['x']])('answers 400 naming limit for %j', async (limit) => {
    const agent = await createAgent(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    const result = await recent(token, { limit });
    expect(result.status).toBe(400);
    expect(result.msg).toContain('limit');
  });

  it('refuses a player session and no session', async () => {
    const token = await signIn(t.app, t.db, await createPlayer(t.db));
    expect((await recent(token)).code).toBe(0);
    expect((await recent(undefined)).code).toBe(ResponseCode.notSignedIn);
  });
});

describe('memos', () => {
  it('read in the reader’s language, kept in Chinese as written, and older text-only memos as they are', async () => {
    const agent = await createAgent(t.db);
    const token = await signIn(t.app, t.db, agent.playerId);
    const owner = agentOwner(agent.agentId);
    const transfer = await postEntry(t.db, {
      owner,
      currency: 'diamonds',
      amount: 300,
      billType: BillType.transferIn,
      memo: memo('memoTransferFromParent', { agentId: 10001 }),
    });
    const [row] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, transfer));
    expect(row).toMatchObject({
      memo: '上级 10001 转入',
      memoKey: 'memoTransferFromParent',
      memoParams: { agentId: 10001 },
    });
    // An entry written before memos had keys, and one whose key this version no longer knows.
    const old = await postEntry(t.db, {
      owner,
      currency: 'diamonds',
      amount: 1,
      billType: BillType.transferIn,
    });
    await t.db.update(ledgerEntries).set({ memo: '旧的备注' }).where(eq(ledgerEntries.id, old));
    const gone = await postEntry(t.db, {
      owner,
      currency: 'diamonds',
      amount: 1,
      billType: BillType.transferIn,
    });
    await t.db
      .update(ledgerEntries)
      .set({ memo: '已删除的备注', memoKey: 'memoNoLongerThere' })
      .where(eq(ledgerEntries.id, gone));

    const memosOf = (list: TBillEntry[]) => Object.fromEntries(list.map((e) => [e.id, e.memo]));
    const cnPage = await bill(token, { currency: 2 });
    expect(memosOf(cnPage.data.list)).toEqual({
      [transfer]: '上级 10001 转入',
      [old]: '旧的备注',
      [gone]: '已删除的备注',
    });
    const en = { 'x-lang': 'en' };
    const enPage = await api(t.app, 'bill', {
      token,
      input: { currency: 2 },
      headers: en,
    });
    expect(memosOf(enPage.data.list)).toEqual({
      [transfer]: 'Transfer from upline 10001',
      [old]: '旧的备注',
      [gone]: '已删除的备注',
    });
    expect((await detail(token, transfer, { 'x-lang': 'ja' })).data.memo).toBe('上位代理 10001 から振替');
    const recentEn = await api(t.app, 'recentBill', {
      token,
      headers: en,
    });
    expect(recentEn.data.list.find((e) => e.id === String(transfer))?.memo).toBe(
      'Transfer from upline 10001',
    );
  });

  it('of a live operation: an exchange reads in English for an English reader', async () => {
    const agent = await createAgent(t.db, { level: 1 });
    const token = await signIn(t.app, t.db, agent.playerId);
    await fund(t.db, agentOwner(agent.agentId), 'balance', 10_000);
    const exchanged = await api(t.app, 'withdrawExchange', {
      token,
      input: { amount: '10.00', requestId: uuid() },
    });
    expect(exchanged.code).toBe(ResponseCode.success);
    const page = await api(t.app, 'bill', {
      token,
      input: { currency: 2 },
      headers: { 'x-lang': 'en' },
    });
    expect(page.data.list[0]?.memo).toBe('10.00 yuan of balance exchanged');
  });
});
