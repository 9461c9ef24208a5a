import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BillType, type CallData, calls, ResponseCode } from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentNotifications } from '../../src/db/schema';
import { type MessageKey, translate } from '../../src/i18n/messages';
import { createAgent, createGoods, createPlayer, signIn } from '../factories';
import { api, build, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';
import {
  makeWechatPayKeys,
  type Notification,
  rsaKeyPair,
  randomAlphanumeric,
  WechatPayStandIn,
  wechatPayEnv,
} from '../stand-ins/wechat-pay-stand-in';
import { accountValue, agentOwner, entriesOfRef, moneySnapshot, playerOwner, uuid } from './money-support';

/**
 * The shop paid through WeChat Pay API v3 (H5), against the loopback stand-in with keys made here: the order is
 * placed with a signed request, the buyer is sent to the h5_url, and the signed, encrypted notification delivers
 * the diamonds and the differential profit once. Every notification that cannot be trusted changes nothing.
 */

const keys = makeWechatPayKeys();
const standIn = new WechatPayStandIn(keys);
let t: TestApp;
let goodsId: number;

const PUBLIC_URL = 'http://promoter.test';
const NOTIFY_URL = `${PUBLIC_URL}/api/pay/wechat/notify`;
const cn = (key: MessageKey) => translate('cn', key);

beforeAll(async () => {
  await standIn.start();
  t = await build(wechatPayEnv(keys, standIn.baseUrl));
  goodsId = await createGoods(t.db);
});
afterEach(async () => assertLedgerInvariants(t.db));
afterAll(async () => {
  await t.close();
  await standIn.stop();
});

type Buy = CallData<'buyGoods'>;

interface Buyer {
  playerId: number;
  token: string;
}

const shop = (app: TestApp, buyer: Buyer) =>
  api(app.app, 'shopCategories', {
    token: buyer.token,
    input: {},
    headers: { uid: String(buyer.playerId) },
  });

const buyGoods = (app: TestApp, buyer: Buyer, id: number, requestId = uuid(), quantity = 1) =>
  api(app.app, 'buyGoods', {
    token: buyer.token,
    input: { goodsId: id, quantity, requestId },
    headers: { uid: String(buyer.playerId) },
  });

const orderQuery = (buyer: Buyer, orderId: string) =>
  api(t.app, 'orderQuery', {
    token: buyer.token,
    input: { orderId },
    headers: { uid: String(buyer.playerId) },
  });

/** Posts a notification to the app exactly as WeChat Pay does: the raw JSON bytes with the Wechatpay-* headers. */
async function notify(
  notification: Pick<Notification, 'body' | 'headers'>,
): Promise<{ status: number; body: { code: string; message?: string } }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/pay/wechat/notify',
    payload: notification.body,
    headers: notification.headers,
  });
  return { status: response.statusCode, body: response.json() as { code: string; message?: string } };
}

/** diamond (L1) ← gold (L2) ← silver (L3), each signed in. */
async function chain() {
  const diamond = await createAgent(t.db, { level: 1, nickname: '钻石代理' });
  const gold = await createAgent(t.db, { level: 2, parentId: diamond.agentId, nickname: '黄金代理' });
  const silver = await createAgent(t.db, { level: 3, parentId: gold.agentId, nickname: '白银代理' });
  return {
    diamond: { ...diamond, token: await signIn(t.app, t.db, diamond.playerId) },
    gold: { ...gold, token: await signIn(t.app, t.db, gold.playerId) },
    silver: { ...silver, token: await signIn(t.app, t.db, silver.playerId) },
  };
}

/** An order placed by `buyer` and accepted by the stand-in. */
async function placeOrder(buyer: Buyer, expectedAmount = '700.00'): Promise<Buy> {
  const result = await buyGoods(t, buyer, goodsId);
  expect(result).toMatchObject({ status: 200, code: ResponseCode.success, data: { amount: expectedAmount } });
  return result.data;
}

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

/** Everything a notification may change: every account, the ledger, and the order itself. */
async function snapshot(orderId: string) {
  const order = await orderRow(orderId);
  return {
    money: await moneySnapshot(t.db),
    order: { status: order.status, paidAt: order.paidAt, providerRef: order.providerRef },
  };
}

async function outcomesOf(orderId: string): Promise<string[]> {
  const rows = await t.db
    .select({ outcome: paymentNotifications.outcome })
    .from(paymentNotifications)
    .where(eq(paymentNotifications.orderId, orderId))
    .orderBy(paymentNotifications.id);
  return rows.map((r) => r.outcome);
}

/** A forged or unreadable notification: 400 FAIL, and nothing at all changed. */
async function expectRefused(orderId: string, notification: Pick<Notification, 'body' | 'headers'>) {
  const before = await snapshot(orderId);
  const answer = await notify(notification);
  expect(answer).toEqual({ status: 400, body: { code: 'FAIL', message: 'verification failed' } });
  expect(await snapshot(orderId)).toEqual(before);
  expect(before.order.status).toBe('pending');
}

describe('placing an order with WeChat Pay', () => {
  it('signs the H5 order, and answers the h5_url with the query-order page as redirect_url', async () => {
    const { silver } = await chain();
    const categories = await shop(t, silver);
    expect(categories).toMatchObject({ code: ResponseCode.success });
    const item = categories.data.list.flatMap((c) => c.goods).find((g) => g.id === goodsId);
    expect(item).toMatchObject({ diamonds: 1000, price: '700.00' });

    const requestId = uuid();
    const result = await buyGoods(t, silver, goodsId, requestId);
    expect(result).toMatchObject({ status: 200, code: ResponseCode.success });
    expect(calls.buyGoods.data.parse(result.data)).toEqual(result.data);
    const { orderId, payUrl } = result.data;
    expect(result.data.amount).toBe('700.00');

    const placed = standIn.orders.get(orderId);
    if (placed?.kind !== 'h5') throw new Error('no H5 order placed');
    expect(placed.order).toMatchObject({
      appid: keys.appId,
      mchid: keys.mchId,
      out_trade_no: orderId,
      notify_url: NOTIFY_URL,
      amount: { total: 70000, currency: 'CNY' },
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
    });
    expect(placed.order.description).toContain('1000钻石');
    expect(placed.h5Url).toMatch(
      /^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=wx\w+&package=\d+$/,
    );
    const returnUrl = `${PUBLIC_URL}/#/agent/query-order?orderId=${orderId}`;
    expect(payUrl).toBe(`${placed.h5Url}&redirect_url=${encodeURIComponent(returnUrl)}`);
    expect(new URL(payUrl).searchParams.get('redirect_url')).toBe(returnUrl);

    const query = await orderQuery(silver, orderId);
    expect(query).toMatchObject({
      code: ResponseCode.success,
      data: { orderId, status: 'pending', amount: '700.00', paidAt: null },
    });
    expect(query.data.goods).toEqual({ id: goodsId, name: '1000钻石', diamonds: 1000, quantity: 1 });

    // The same requestId answers the same order, without a second order at WeChat Pay.
    const placedBefore = standIn.orders.size;
    const again = await buyGoods(t, silver, goodsId, requestId);
    expect(again.data).toEqual(result.data);
    expect(standIn.orders.size).toBe(placedBefore);
  });

  it('prices the order for the buyer: the level price, the custom price, retail for a player', async () => {
    const { diamond, gold, silver } = await chain();
    expect(
      await api(t.app, 'setPrice', {
        token: gold.token,
        input: { childId: silver.agentId, price: '0.75' },
      }),
    ).toMatchObject({ code: ResponseCode.success });
    const player = await createPlayer(t.db, { boundAgentId: silver.agentId });
    const playerBuyer = { playerId: player, token: await signIn(t.app, t.db, player) };
    const expectations: [Buyer, number][] = [
      [diamond, 50000],
      [gold, 60000],
      [silver, 75000],
      [playerBuyer, 100000],
    ];
    for (const [buyer, total] of expectations) {
      const placed = await placeOrder(buyer, (total / 100).toFixed(2));
      expect(standIn.orders.get(placed.orderId)?.order.amount.total).toBe(total);
    }
  });

  it('refuses to pay as another account: the uid header must be the signed-in player', async () => {
    const { silver, gold } = await chain();
    const result = await api(t.app, 'buyGoods', {
      token: silver.token,
      input: { goodsId, quantity: 1, requestId: uuid() },
      headers: { uid: String(gold.playerId) },
    });
    expect(result).toMatchObject({ code: ResponseCode.failure, msg: cn('uidMismatch') });
  });
});

describe('a paid notification', () => {
  it('is acknowledged, marks the order paid, delivers the diamonds and pays each agent above its differential', async () => {
    const { diamond, gold, silver } = await chain();
    const { orderId } = await placeOrder(silver);
    const notification = standIn.notification(orderId);

    const answer = await notify(notification);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 'SUCCESS' });

    const query = await orderQuery(silver, orderId);
    expect(query.data).toMatchObject({ orderId, status: 'paid', amount: '700.00' });
    expect(query.data.paidAt).not.toBeNull();
    expect((await orderRow(orderId)).providerRef).toBe(notification.transaction.transaction_id);

    // Silver pays 0.70, gold 0.60, diamond 0.50: gold earns 0.10 × 1000, diamond 0.10 × 1000.
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(1000);
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'balance')).toBe(0);
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'balance')).toBe(10000);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'balance')).toBe(10000);
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'diamonds')).toBe(0);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'diamonds')).toBe(0);

    const entries = await entriesOfRef(t.db, 'order', orderId);
    expect(entries).toHaveLength(3);
    expect(entries.find((e) => e.ownerId === silver.agentId)).toMatchObject({
      ownerType: 'agent',
      currency: 'diamonds',
      amount: 1000,
      after: 1000,
      billType: BillType.buyDiamonds,
    });
    for (const agent of [gold, diamond])
      expect(entries.find((e) => e.ownerId === agent.agentId)).toMatchObject({
        ownerType: 'agent',
        currency: 'balance',
        amount: 10000,
        billType: BillType.profit,
        counterpartyType: 'agent',
        counterpartyId: silver.agentId,
      });

    // The agents read it in their bills and their figures.
    const bill = await api(t.app, 'bill', {
      token: silver.token,
      input: { currency: 2, billType: BillType.buyDiamonds },
    });
    expect(bill.data.list).toHaveLength(1);
    expect(bill.data.list[0]).toMatchObject({ billType: 1, currency: 2, amount: 1000, after: 1000 });
    const goldUser = await api(t.app, 'getUser', {
      token: gold.token,
    });
    expect(goldUser.data).toMatchObject({ balance: '100.00', todayProfit: '100.00' });
    const silverUser = await api(t.app, 'getUser', {
      token: silver.token,
    });
    expect(silverUser.data).toMatchObject({ diamonds: 1000, balance: '0.00' });

    expect(await outcomesOf(orderId)).toEqual(['delivered']);
    await assertLedgerInvariants(t.db);
  });

  it('pays the differential of custom prices, and nothing above the top agent', async () => {
    const { diamond, gold, silver } = await chain();
    for (const [token, childId, price] of [
      [diamond.token, gold.agentId, '0.55'],
      [gold.token, silver.agentId, '0.75'],
    ] as const)
      expect(await api(t.app, 'setPrice', { token, input: { childId, price } })).toMatchObject({
        code: ResponseCode.success,
      });

    const bySilver = await placeOrder(silver, '750.00');
    expect((await notify(standIn.notification(bySilver.orderId))).status).toBe(200);
    // Gold earns (0.75 − 0.55) × 1000, diamond (0.55 − 0.50) × 1000.
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'balance')).toBe(20000);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'balance')).toBe(5000);

    const byGold = await placeOrder(gold, '550.00');
    expect((await notify(standIn.notification(byGold.orderId))).status).toBe(200);
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'diamonds')).toBe(1000);
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'balance')).toBe(20000);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'balance')).toBe(10000);

    const byDiamond = await placeOrder(diamond, '500.00');
    expect((await notify(standIn.notification(byDiamond.orderId))).status).toBe(200);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'diamonds')).toBe(1000);
    expect(await entriesOfRef(t.db, 'order', byDiamond.orderId)).toHaveLength(1);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'balance')).toBe(10000);
  });

  it('delivers a bound player’s purchase to its game account and pays the commission differentials', async () => {
    const { diamond, gold, silver } = await chain();
    const playerId = await createPlayer(t.db, { boundAgentId: silver.agentId });
    const player = { playerId, token: await signIn(t.app, t.db, playerId) };
    const { orderId } = await placeOrder(player, '1000.00');
    expect((await notify(standIn.notification(orderId))).body).toMatchObject({ code: 'SUCCESS' });
    expect((await orderQuery(player, orderId)).data.status).toBe('paid');
    expect(await accountValue(t.db, playerOwner(playerId), 'diamonds')).toBe(1000);
    // Rates 20 %, 25 %, 30 %: silver 20 % of 1000.00, gold 5 %, diamond 5 %.
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'balance')).toBe(20000);
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'balance')).toBe(5000);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'balance')).toBe(5000);
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(0);
  });

  it('never pays profits above what the buyer paid, even when a price in between is higher', async () => {
    // setPrice lets diamond raise gold to 0.90, above the 0.70 gold's silver pays (the bound is diamond's price and
    // retail). The profit of a silver purchase is capped by what silver paid: gold earns nothing, diamond earns
    // (0.70 − 0.50) × 1000, never (0.90 − 0.50) × 1000.
    const { diamond, gold, silver } = await chain();
    const raised = await api(t.app, 'setPrice', {
      token: diamond.token,
      input: { childId: gold.agentId, price: '0.90' },
    });
    expect(raised).toMatchObject({ code: ResponseCode.success });
    const { orderId } = await placeOrder(silver, '700.00');
    expect((await notify(standIn.notification(orderId))).status).toBe(200);
    const profits = (await entriesOfRef(t.db, 'order', orderId)).filter(
      (e) => e.billType === BillType.profit,
    );
    expect(profits.map((e) => [e.ownerId, e.amount])).toEqual([[diamond.agentId, 20000]]);
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'balance')).toBe(0);
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(1000);
  });
});

describe('notifications that cannot be trusted change nothing', () => {
  it('refuses a notification signed with another key', async () => {
    const { silver } = await chain();
    const { orderId } = await placeOrder(silver);
    const forger = rsaKeyPair();
    await expectRefused(orderId, standIn.notification(orderId, { signingKey: forger.privateKey }));
    // Signed with the merchant's own key is no better.
    await expectRefused(orderId, standIn.notification(orderId, { signingKey: keys.merchantPrivateKey }));
    // Unsigned.
    const genuine = standIn.notification(orderId);
    const unsigned = { ...genuine.headers };
    delete unsigned['wechatpay-signature'];
    await expectRefused(orderId, { body: genuine.body, headers: unsigned });
    // The genuine notification still delivers afterwards.
    expect((await notify(genuine)).status).toBe(200);
    expect((await orderQuery(silver, orderId)).data.status).toBe('paid');
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(1000);
  });

  it('refuses a body or headers altered after signing', async () => {
    const { silver } = await chain();
    const { orderId } = await placeOrder(silver);
    const genuine = standIn.notification(orderId);
    const altered = genuine.body.replace('"summary":"支付成功"', '"summary":"支付成功 "');
    expect(altered).not.toBe(genuine.body);
    await expectRefused(orderId, { body: altered, headers: genuine.headers });
    // Same JSON, other bytes: the signature covers the bytes.
    await expectRefused(orderId, { body: `${genuine.body}\n`, headers: genuine.headers });
    await expectRefused(orderId, {
      body: JSON.stringify(JSON.parse(genuine.body), null, 1),
      headers: genuine.headers,
    });
    // A ciphertext from another notification (another order) under this one's signature.
    const { orderId: otherOrder } = await placeOrder(silver);
    const other = JSON.parse(standIn.notification(otherOrder).body) as { resource: object };
    const swapped = JSON.stringify({ ...(JSON.parse(genuine.body) as object), resource: other.resource });
    await expectRefused(orderId, { body: swapped, headers: genuine.headers });
    await expectRefused(otherOrder, { body: swapped, headers: genuine.headers });
    // Signed headers altered: nonce or timestamp.
    await expectRefused(orderId, {
      body: genuine.body,
      headers: { ...genuine.headers, 'wechatpay-nonce': randomAlphanumeric(32) },
    });
    await expectRefused(orderId, {
      body: genuine.body,
      headers: {
        ...genuine.headers,
        'wechatpay-timestamp': String(Number(genuine.headers['wechatpay-timestamp']) - 1),
      },
    });
    expect(await outcomesOf(orderId)).toEqual([]);
  });

  it('refuses a resource that does not decrypt with the APIv3 key', async () => {
    const { silver } = await chain();
    const { orderId } = await placeOrder(silver);
    await expectRefused(orderId, standIn.notification(orderId, { apiV3Key: randomAlphanumeric(32) }));

    // Properly signed, but the ciphertext or its associated data was changed before signing: GCM refuses it.
    const genuine = JSON.parse(standIn.notification(orderId).body) as {
      resource: { ciphertext: string; associated_data: string };
    };
    const bytes = Buffer.from(genuine.resource.ciphertext, 'base64');
    bytes[0] = (bytes[0] as number) ^ 0x01;
    for (const resource of [
      { ...genuine.resource, ciphertext: bytes.toString('base64') },
      { ...genuine.resource, associated_data: 'refund' },
    ]) {
      const body = JSON.stringify({ ...genuine, resource });
      await expectRefused(orderId, { body, headers: standIn.signedHeaders(body) });
    }
    expect(await outcomesOf(orderId)).toEqual([]);
  });

  it('refuses a notification signed more than 5 minutes ago, and accepts one signed 4 minutes ago', async () => {
    const { silver } = await chain();
    const { orderId } = await placeOrder(silver);
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(orderId, standIn.notification(orderId, { timestamp: now - 6 * 60 }));
    await expectRefused(orderId, standIn.notification(orderId, { timestamp: now - 301 }));
    await expectRefused(orderId, standIn.notification(orderId, { timestamp: now + 6 * 60 }));
    const recent = await notify(standIn.notification(orderId, { timestamp: now - 4 * 60 }));
    expect(recent.status).toBe(200);
    expect((await orderQuery(silver, orderId)).data.status).toBe('paid');
  });

  it('acknowledges a notification whose amount differs from the order, but delivers nothing', async () => {
    const { diamond, gold, silver } = await chain();
    const { orderId } = await placeOrder(silver);
    for (const total of [1, 69999, 70001]) {
      const before = await snapshot(orderId);
      const answer = await notify(standIn.notification(orderId, { total }));
      expect(answer).toEqual({ status: 200, body: { code: 'SUCCESS', message: 'amount-mismatch' } });
      expect(await snapshot(orderId)).toEqual(before);
    }
    expect((await orderQuery(silver, orderId)).data.status).toBe('pending');
    expect(await outcomesOf(orderId)).toEqual(['amount-mismatch', 'amount-mismatch', 'amount-mismatch']);
    for (const agent of [diamond, gold])
      expect(await accountValue(t.db, agentOwner(agent.agentId), 'balance')).toBe(0);
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(0);
  });

  it('delivers the same notification once, sent twice', async () => {
    const { diamond, gold, silver } = await chain();
    const { orderId } = await placeOrder(silver);
    const notification = standIn.notification(orderId);
    expect(await notify(notification)).toEqual({
      status: 200,
      body: { code: 'SUCCESS', message: 'delivered' },
    });
    const before = await snapshot(orderId);
    expect(await notify(notification)).toEqual({
      status: 200,
      body: { code: 'SUCCESS', message: 'duplicate' },
    });
    // WeChat Pay's retry is a new notification (new id, nonce and signature) for the same transaction.
    const retry = standIn.notification(orderId, {
      transactionId: notification.transaction.transaction_id as string,
    });
    expect((await notify(retry)).body).toMatchObject({ code: 'SUCCESS' });
    expect(await snapshot(orderId)).toEqual(before);
    expect(await entriesOfRef(t.db, 'order', orderId)).toHaveLength(3);
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(1000);
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'balance')).toBe(10000);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'balance')).toBe(10000);
    expect(await outcomesOf(orderId)).toEqual(['delivered', 'duplicate', 'duplicate']);
  });

  it('delivers once when 10 copies arrive in parallel', async () => {
    const { diamond, gold, silver } = await chain();
    const { orderId } = await placeOrder(silver);
    const notification = standIn.notification(orderId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(notification)));
    expect(answers.every((a) => a.status === 200 && a.body.code === 'SUCCESS')).toBe(true);
    expect(answers.filter((a) => a.body.message === 'delivered')).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === 'duplicate')).toHaveLength(9);
    expect(await entriesOfRef(t.db, 'order', orderId)).toHaveLength(3);
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(1000);
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'balance')).toBe(10000);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'balance')).toBe(10000);
    expect((await orderQuery(silver, orderId)).data.status).toBe('paid');
    expect((await outcomesOf(orderId)).sort()).toEqual(['delivered', ...Array<string>(9).fill('duplicate')]);
  });

  it('does not deliver a payment made after the order expired', async () => {
    const { silver } = await chain();
    const { orderId } = await placeOrder(silver);
    await t.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '10 minutes'` })
      .where(eq(orders.id, orderId));
    const before = await moneySnapshot(t.db);
    const answer = await notify(standIn.notification(orderId));
    expect(answer).toEqual({ status: 200, body: { code: 'SUCCESS', message: 'expired' } });
    expect(await moneySnapshot(t.db)).toEqual(before);
    const query = await orderQuery(silver, orderId);
    expect(query.data).toMatchObject({ status: 'expired', paidAt: null });
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(0);
    expect(await outcomesOf(orderId)).toEqual(['expired']);
  });

  it('delivers a payment made in time whose notification comes after the order expired', async () => {
    const { silver, gold } = await chain();
    const { orderId } = await placeOrder(silver);
    const expiredAt = new Date(Date.now() - 30 * 60_000);
    await t.db.update(orders).set({ expiresAt: expiredAt }).where(eq(orders.id, orderId));
    expect((await orderQuery(silver, orderId)).data.status).toBe('expired');
    // Paid two minutes before the order expired; WeChat Pay's notification retries reach us half an hour later.
    const successTime = new Date(expiredAt.getTime() - 2 * 60_000);
    const answer = await notify(standIn.notification(orderId, { successTime }));
    expect(answer).toEqual({ status: 200, body: { code: 'SUCCESS', message: 'delivered' } });
    const query = await orderQuery(silver, orderId);
    // paidAt is when the buyer paid, to the second as WeChat Pay tells it.
    const toSecond = new Date(Math.floor(successTime.getTime() / 1000) * 1000).toISOString();
    expect(query.data).toMatchObject({ status: 'paid', paidAt: toSecond });
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(1000);
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'balance')).toBe(10000);
  });

  it('does not deliver a genuine notification of a transaction that is not paid', async () => {
    const { silver } = await chain();
    const { orderId } = await placeOrder(silver);
    for (const tradeState of ['NOTPAY', 'CLOSED', 'PAYERROR']) {
      const before = await snapshot(orderId);
      const answer = await notify(standIn.notification(orderId, { tradeState }));
      expect(answer, tradeState).toEqual({ status: 200, body: { code: 'SUCCESS', message: 'not-paid' } });
      expect(await snapshot(orderId)).toEqual(before);
    }
    expect((await orderQuery(silver, orderId)).data.status).toBe('pending');
  });

  it('does not deliver a notification for an order it does not know', async () => {
    const before = await moneySnapshot(t.db);
    const answer = await notify(standIn.notification('PUNKNOWN0000000001', { total: 70000 }));
    expect(answer).toEqual({ status: 200, body: { code: 'SUCCESS', message: 'unknown-order' } });
    expect(await moneySnapshot(t.db)).toEqual(before);
  });
});

describe('a notification that does not come: the order page asks WeChat Pay', () => {
  /** What the provider was asked about an order, by path. */
  const queriesOf = (orderId: string) =>
    standIn.received.filter((r) => r.method === 'GET' && r.path.endsWith(`/out-trade-no/${orderId}`));
  /** Lets the next order query ask WeChat Pay again, as if the spacing had passed. */
  const allowNextCheck = (orderId: string) =>
    t.db.update(orders).set({ providerCheckedAt: null }).where(eq(orders.id, orderId));

  it('delivers a payment WeChat Pay reports, once, and a late notification changes nothing', async () => {
    const { diamond, gold, silver } = await chain();
    const { orderId } = await placeOrder(silver);

    // Not paid yet: the signed query answers NOTPAY, nothing happens and nothing is recorded.
    expect((await orderQuery(silver, orderId)).data.status).toBe('pending');
    expect(queriesOf(orderId)).toMatchObject([{ status: 200 }]);
    expect(await outcomesOf(orderId)).toEqual([]);

    // Paid at WeChat Pay, the notification lost: the next look at the order delivers it.
    const { transaction } = standIn.markPaid(orderId);
    await allowNextCheck(orderId);
    const query = await orderQuery(silver, orderId);
    expect(query.data).toMatchObject({ orderId, status: 'paid' });
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(1000);
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'balance')).toBe(10000);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'balance')).toBe(10000);
    expect((await orderRow(orderId)).providerRef).toBe(transaction.transaction_id);
    const rows = await t.db
      .select({ outcome: paymentNotifications.outcome, source: paymentNotifications.source })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, orderId));
    expect(rows).toEqual([{ outcome: 'delivered', source: 'query' }]);

    // The notification arrives after all: acknowledged, nothing delivered twice; a paid order is not asked about.
    const late = standIn.notification(orderId, { transactionId: String(transaction.transaction_id) });
    expect((await notify(late)).status).toBe(200);
    expect(await outcomesOf(orderId)).toEqual(['delivered', 'duplicate']);
    expect(await entriesOfRef(t.db, 'order', orderId)).toHaveLength(3);
    await allowNextCheck(orderId);
    await orderQuery(silver, orderId);
    expect(queriesOf(orderId)).toHaveLength(2);
  });

  it('asks at most once in ten seconds however many pages poll, and delivers once', async () => {
    const { silver } = await chain();
    const { orderId } = await placeOrder(silver);
    standIn.markPaid(orderId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => orderQuery(silver, orderId)));
    // The page that asked sees it paid; the others see it on their next poll.
    expect(answers.some((a) => a.data.status === 'paid')).toBe(true);
    expect((await orderQuery(silver, orderId)).data.status).toBe('paid');
    expect(queriesOf(orderId)).toHaveLength(1);
    expect(await entriesOfRef(t.db, 'order', orderId)).toHaveLength(3);
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(1000);
  });

  it('trusts no unsigned answer: the order stays pending', async () => {
    const { silver } = await chain();
    const { orderId } = await placeOrder(silver);
    standIn.markPaid(orderId);
    standIn.answerSigningKey = rsaKeyPair().privateKey;
    try {
      const before = await snapshot(orderId);
      expect((await orderQuery(silver, orderId)).data.status).toBe('pending');
      expect(await snapshot(orderId)).toEqual(before);
      expect(queriesOf(orderId)).toHaveLength(1);
    } finally {
      standIn.answerSigningKey = undefined;
    }
    await allowNextCheck(orderId);
    expect((await orderQuery(silver, orderId)).data.status).toBe('paid');
  });

  it('asks about an expired order too: paid in time, it is delivered; paid late, it is not', async () => {
    const { silver } = await chain();
    const inTime = await placeOrder(silver);
    const late = await placeOrder(silver);
    const expiredAt = new Date(Date.now() - 20 * 60_000);
    for (const { orderId } of [inTime, late])
      await t.db.update(orders).set({ expiresAt: expiredAt }).where(eq(orders.id, orderId));
    standIn.markPaid(inTime.orderId, { successTime: new Date(expiredAt.getTime() - 60_000) });
    standIn.markPaid(late.orderId, { successTime: new Date() });
    expect((await orderQuery(silver, inTime.orderId)).data.status).toBe('paid');
    expect((await orderQuery(silver, late.orderId)).data.status).toBe('expired');
    expect(await outcomesOf(late.orderId)).toEqual(['expired']);
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(1000);

    // A day after it expired, nobody asks any more.
    const old = await placeOrder(silver);
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(orders.id, old.orderId));
    expect((await orderQuery(silver, old.orderId)).data.status).toBe('expired');
    expect(queriesOf(old.orderId)).toEqual([]);
  });
});

describe('WeChat Pay refusing the merchant', () => {
  it('a request signed with a wrong merchant key is refused (401): buyGoods answers payment unavailable', async () => {
    const wrong = rsaKeyPair();
    const bad = await build({
      ...wechatPayEnv(keys, standIn.baseUrl),
      WECHATPAY_PRIVATE_KEY: wrong.privateKey,
    });
    try {
      const badGoods = await createGoods(bad.db);
      const agent = await createAgent(bad.db, { level: 3 });
      const buyer = { playerId: agent.playerId, token: await signIn(bad.app, bad.db, agent.playerId) };
      const received = standIn.received.length;
      const before = await moneySnapshot(bad.db);
      const requestId = uuid();
      const result = await buyGoods(bad, buyer, badGoods, requestId);
      expect(result).toMatchObject({
        status: 200,
        code: ResponseCode.failure,
        msg: cn('paymentUnavailable'),
      });
      expect(standIn.received.slice(received)).toEqual([
        { method: 'POST', path: '/v3/pay/transactions/h5', status: 401, error: 'signature does not verify' },
      ]);
      expect(await moneySnapshot(bad.db)).toEqual(before);
      // No order is left behind: the order and the provider's answer commit together.
      expect(await bad.db.select().from(orders).where(eq(orders.playerId, agent.playerId))).toEqual([]);
      // Trying the same purchase again asks WeChat Pay again (it may be back), rather than replaying a refusal.
      expect(await buyGoods(bad, buyer, badGoods, requestId)).toMatchObject({ code: ResponseCode.failure });
      expect(standIn.received.slice(received)).toHaveLength(2);
      expect(await bad.db.select().from(orders).where(eq(orders.playerId, agent.playerId))).toEqual([]);
      await assertLedgerInvariants(bad.db);
    } finally {
      await bad.close();
    }
  });

  it('an answer not signed by the platform is not trusted: payment unavailable', async () => {
    const { silver } = await chain();
    standIn.answerSigningKey = rsaKeyPair().privateKey;
    try {
      const result = await buyGoods(t, silver, goodsId);
      expect(result).toMatchObject({ code: ResponseCode.failure, msg: cn('paymentUnavailable') });
      expect(standIn.received.at(-1)?.status).toBe(200);
    } finally {
      standIn.answerSigningKey = undefined;
    }
    expect(await t.db.select().from(orders).where(eq(orders.playerId, silver.playerId))).toEqual([]);
  });

  it('takes the keys from PEM files as well', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wechatpay-keys-'));
    try {
      const privateKeyFile = path.join(dir, 'apiclient_key.pem');
      const platformKeyFile = path.join(dir, 'pub_key.pem');
      writeFileSync(privateKeyFile, keys.merchantPrivateKey);
      writeFileSync(platformKeyFile, keys.platformPublicKey);
      const fromFiles = await build({
        ...wechatPayEnv(keys, standIn.baseUrl),
        WECHATPAY_PRIVATE_KEY: privateKeyFile,
        WECHATPAY_PLATFORM_PUBLIC_KEY: platformKeyFile,
      });
      try {
        const id = await createGoods(fromFiles.db);
        const agent = await createAgent(fromFiles.db, { level: 1 });
        const buyer = {
          playerId: agent.playerId,
          token: await signIn(fromFiles.app, fromFiles.db, agent.playerId),
        };
        const result = await buyGoods(fromFiles, buyer, id);
        expect(result).toMatchObject({ code: ResponseCode.success, data: { amount: '500.00' } });
        expect(standIn.orders.has(result.data.orderId)).toBe(true);
      } finally {
        await fromFiles.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
