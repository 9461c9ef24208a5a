import { createVerify } from 'node:crypto';
import { BillType, calls, ResponseCode } from '@promoter/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, players } from '../../src/db/schema';
import { createAgent, createGoods, createPlayer, signIn } from '../factories';
import { BROWSER_NONCE, stateFor } from '../oauth-state';
import { api, build, type TestApp } from '../helper';
import { assertLedgerInvariants } from '../money-invariants';
import {
  type BridgeParams,
  makeWechatPayKeys,
  WechatPayStandIn,
  wechatPayEnv,
} from '../stand-ins/wechat-pay-stand-in';
import { WechatStandIn } from '../stand-ins/wechat-stand-in';
import { cn } from './identity-support';
import { accountValue, agentOwner, entriesOfRef, uuid } from './money-support';

/**
 * WeChat Pay inside WeChat's browser (JSAPI), against loopback stand-ins of WeChat's OAuth and of WeChat Pay API v3:
 * the payer's openid comes from WeChat sign-in or the silent authorization (snsapi_base); buyGoods with channel
 * 'jsapi' places the order for that openid and answers the bridge's parameters signed with the merchant key; the
 * stand-in plays WeChat's client, which checks them before paying; the notification then delivers once.
 */

const APP_SECRET = 'test-app-secret-0123456789';
const PUBLIC_URL = 'http://promoter.test';
const wechat = new WechatStandIn();
// WeChat Pay and WeChat sign-in share the app: an openid is only valid under the app that read it.
const keys = { ...makeWechatPayKeys(), appId: wechat.appId };
const pay = new WechatPayStandIn(keys);
let t: TestApp;
/** The same shop with the sandbox provider (the embedded default). */
let sandbox: TestApp;
let goodsId: number;
let sandboxGoodsId: number;

beforeAll(async () => {
  await Promise.all([wechat.start(), pay.start()]);
  [t, sandbox] = await Promise.all([
    build({
      ...wechatPayEnv(keys, pay.baseUrl),
      ...wechat.env(),
    }),
    build(),
  ]);
  [goodsId, sandboxGoodsId] = await Promise.all([createGoods(t.db), createGoods(sandbox.db)]);
});
afterEach(async () => assertLedgerInvariants(t.db));
afterAll(async () => {
  await Promise.all([t?.close(), sandbox?.close()]);
  await Promise.all([wechat.stop(), pay.stop()]);
});

interface Buyer {
  playerId: number;
  token: string;
}

const buy = (
  buyer: Buyer,
  options: { requestId?: string; channel?: 'h5' | 'jsapi'; app?: TestApp; goods?: number } = {},
) =>
  api((options.app ?? t).app, 'buyGoods', {
    token: buyer.token,
    input: {
      goodsId: options.goods ?? goodsId,
      quantity: 1,
      requestId: options.requestId ?? uuid(),
      ...(options.channel ? { channel: options.channel } : {}),
    },
    headers: { uid: String(buyer.playerId) },
  });

const wechatPayer = (buyer: Buyer, body: { code: string; state: string; nonce?: string }) =>
  api(t.app, 'wechatPayer', {
    token: buyer.token,
    input: { nonce: BROWSER_NONCE, ...body },
    headers: { uid: String(buyer.playerId) },
  });

/** A state as getCode signs it for the silent authorization. */
const payState = () => stateFor(APP_SECRET, 'wx-pay-state');

let lastOpenId = 0;
const newOpenId = () => `o-payer-${++lastOpenId}`;

/** A silver agent under gold under diamond, signed in; the silver's WeChat openid recorded unless told not to. */
async function chain(openId: string | null = newOpenId()) {
  const diamond = await createAgent(t.db, { level: 1 });
  const gold = await createAgent(t.db, { level: 2, parentId: diamond.agentId });
  const silver = await createAgent(t.db, { level: 3, parentId: gold.agentId });
  if (openId) await t.db.update(players).set({ wechatOpenId: openId }).where(eq(players.id, silver.playerId));
  return {
    diamond,
    gold,
    silver: { ...silver, openId, token: await signIn(t.app, t.db, silver.playerId) },
  };
}

/** Verifies paySign as WeChat's client does: RSA-SHA256 over "appId\ntimeStamp\nnonceStr\npackage\n". */
function paySignVerifies(params: BridgeParams): boolean {
  return createVerify('RSA-SHA256')
    .update(`${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`)
    .verify(keys.merchantPublicKey, params.paySign, 'base64');
}

async function notify(outTradeNo: string) {
  const notification = pay.notification(outTradeNo);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/pay/wechat/notify',
    payload: notification.body,
    headers: notification.headers,
  });
  return { status: response.statusCode, transaction: notification.transaction };
}

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

describe('the payer’s openid', () => {
  it('getCode with scope snsapi_base answers the silent authorize URL, with a state for paying only', async () => {
    const result = await api(t.app, 'getCode', {
      input: {
        redirect: `${PUBLIC_URL}/#/agent/wechat-pay-auth`,
        scope: 'snsapi_base',
        nonce: BROWSER_NONCE,
      },
    });
    expect(result.code).toBe(ResponseCode.success);
    const url = new URL(result.data.url);
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.searchParams.get('appid')).toBe(wechat.appId);
    const state = url.searchParams.get('state') ?? '';

    // A state made for paying does not sign anybody in.
    const signIn = await api(t.app, 'getUnionId', {
      input: { code: wechat.issueCode(), state, nonce: BROWSER_NONCE },
    });
    expect(signIn).toMatchObject({ code: ResponseCode.failure, msg: cn('wechatTicketInvalid') });
  });

  it('wechatPayer records the openid of a silent code for the signed-in player, once per code', async () => {
    const { silver } = await chain(null);
    const user = { openid: newOpenId(), unionid: 'u-silent', nickname: '' };
    const code = wechat.issueCode(user, Date.now(), 'snsapi_base');
    expect(await wechatPayer(silver, { code, state: payState() })).toMatchObject({
      code: ResponseCode.success,
      data: {},
    });
    const [row] = await t.db.select().from(players).where(eq(players.id, silver.playerId));
    expect(row?.wechatOpenId).toBe(user.openid);

    expect(await wechatPayer(silver, { code, state: payState() })).toMatchObject({
      code: ResponseCode.failure,
      msg: cn('wechatCodeUsed'),
    });
  });

  it('wechatPayer refuses a sign-in state, an unknown code, another account’s uid and no session', async () => {
    const { silver, gold } = await chain(null);
    const loginState = stateFor(APP_SECRET, 'wx-state');
    const code = wechat.issueCode(undefined, Date.now(), 'snsapi_base');
    expect(await wechatPayer(silver, { code, state: loginState })).toMatchObject({
      code: ResponseCode.failure,
      msg: cn('wechatTicketInvalid'),
    });
    // A state bound to another browser's nonce (the payer-openid flow's login CSRF).
    expect(
      await wechatPayer(silver, {
        code,
        state: stateFor(APP_SECRET, 'wx-pay-state', 'attacker-browser-nonce-000'),
      }),
    ).toMatchObject({ status: 200, code: ResponseCode.failure, msg: cn('wechatTicketInvalid') });
    expect(await wechatPayer(silver, { code: 'not-a-code', state: payState() })).toMatchObject({
      code: ResponseCode.failure,
      msg: cn('wechatCodeInvalid'),
    });
    const foreign = await api(t.app, 'wechatPayer', {
      token: silver.token,
      input: { code, state: payState(), nonce: BROWSER_NONCE },
      headers: { uid: String(gold.playerId) },
    });
    expect(foreign).toMatchObject({ code: ResponseCode.failure, msg: cn('uidMismatch') });
    const anonymous = await api(t.app, 'wechatPayer', {
      input: { code, state: payState(), nonce: BROWSER_NONCE },
      headers: { uid: String(silver.playerId) },
    });
    expect(anonymous.code).toBe(ResponseCode.notSignedIn);
    const [row] = await t.db.select().from(players).where(eq(players.id, silver.playerId));
    expect(row?.wechatOpenId).toBeNull();
  });

  it('WeChat sign-in keeps the openid of the person signing in', async () => {
    const playerId = await createPlayer(t.db);
    const user = { openid: newOpenId(), unionid: `u-${uuid()}`, nickname: '微信买家' };
    await t.db.update(players).set({ unionId: user.unionid }).where(eq(players.id, playerId));
    const exchanged = await api(t.app, 'getUnionId', {
      input: {
        code: wechat.issueCode(user),
        state: stateFor(APP_SECRET, 'wx-state'),
        nonce: BROWSER_NONCE,
      },
    });
    expect(exchanged.code).toBe(ResponseCode.success);
    const login = await api(t.app, 'loginByUnionId', {
      input: { unionId: exchanged.data.unionId, ticket: exchanged.data.ticket },
    });
    expect(login.code).toBe(ResponseCode.success);
    const [row] = await t.db.select().from(players).where(eq(players.id, playerId));
    expect(row?.wechatOpenId).toBe(user.openid);
  });
});

describe('buying inside WeChat (JSAPI)', () => {
  it('places the order for the payer’s openid and answers bridge parameters signed with the merchant key', async () => {
    const { silver, gold, diamond } = await chain();
    const requestId = uuid();
    const result = await buy(silver, { requestId, channel: 'jsapi' });
    expect(result).toMatchObject({ status: 200, code: ResponseCode.success, data: { amount: '700.00' } });
    expect(calls.buyGoods.data.parse(result.data)).toEqual(result.data);
    const { orderId, payUrl, wechatPay } = result.data;
    expect(payUrl).toBe(`${PUBLIC_URL}/#/agent/query-order?orderId=${orderId}`);

    const placed = pay.orders.get(orderId);
    if (placed?.kind !== 'jsapi') throw new Error('no JSAPI order placed');
    expect(placed.order).toMatchObject({
      appid: keys.appId,
      mchid: keys.mchId,
      out_trade_no: orderId,
      notify_url: `${PUBLIC_URL}/api/pay/wechat/notify`,
      amount: { total: 70000, currency: 'CNY' },
      payer: { openid: silver.openId },
    });
    expect(placed.order).not.toHaveProperty('scene_info');
    // WeChat Pay stops taking payment when the order expires here.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(Date.parse(placed.order.time_expire ?? '')).toBe(
      Math.floor((row?.expiresAt.getTime() ?? 0) / 1000) * 1000,
    );
    if (!wechatPay) throw new Error('no bridge parameters');
    expect(wechatPay).toMatchObject({
      appId: keys.appId,
      package: `prepay_id=${placed.prepayId}`,
      signType: 'RSA',
    });
    expect(wechatPay.timeStamp).toMatch(/^\d{10}$/);
    expect(wechatPay.nonceStr).toMatch(/^[0-9a-f]{32}$/);
    expect(paySignVerifies(wechatPay)).toBe(true);
    expect(paySignVerifies({ ...wechatPay, package: 'prepay_id=wx-other' })).toBe(false);

    // WeChat's client pays what the bridge was given, for the person the order was placed for.
    expect(pay.checkBridge(wechatPay, silver.openId ?? '')).toEqual({ ok: true, outTradeNo: orderId });
    expect(pay.checkBridge(wechatPay, 'o-somebody-else')).toEqual({ ok: false, error: 'another payer' });

    const paid = await notify(orderId);
    expect(paid.status).toBe(200);
    expect(paid.transaction).toMatchObject({ trade_type: 'JSAPI', payer: { openid: silver.openId } });
    const query = await api(t.app, 'orderQuery', {
      token: silver.token,
      input: { orderId },
      headers: { uid: String(silver.playerId) },
    });
    expect(query.data).toMatchObject({ orderId, status: 'paid' });
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(1000);
    expect(await accountValue(t.db, agentOwner(gold.agentId), 'balance')).toBe(10000);
    expect(await accountValue(t.db, agentOwner(diamond.agentId), 'balance')).toBe(10000);
    const entries = await entriesOfRef(t.db, 'order', orderId);
    expect(entries.map((e) => e.billType).sort()).toEqual(
      [BillType.buyDiamonds, BillType.profit, BillType.profit].sort(),
    );
    expect((await notify(orderId)).status).toBe(200);
    expect(await entriesOfRef(t.db, 'order', orderId)).toHaveLength(3);
  });

  it('a retry answers the same order with freshly signed parameters, and places nothing new', async () => {
    const { silver } = await chain();
    const requestId = uuid();
    const first = await buy(silver, { requestId, channel: 'jsapi' });
    const placedBefore = pay.orders.size;
    const retry = await buy(silver, { requestId, channel: 'jsapi' });
    expect(retry.code).toBe(ResponseCode.success);
    expect(retry.data).toMatchObject({
      orderId: first.data.orderId,
      amount: first.data.amount,
      payUrl: first.data.payUrl,
      wechatPay: { package: first.data.wechatPay?.package },
    });
    expect(paySignVerifies(retry.data.wechatPay as BridgeParams)).toBe(true);
    expect(pay.orders.size).toBe(placedBefore);

    // The same requestId for a checkout in another channel is another operation: refused.
    expect(await buy(silver, { requestId, channel: 'h5' })).toMatchObject({
      code: ResponseCode.failure,
      msg: cn('requestIdReused'),
    });
  });

  it('a retry after the order expired is refused, and WeChat’s client will not pay it either', async () => {
    const { silver } = await chain();
    const requestId = uuid();
    const first = await buy(silver, { requestId, channel: 'jsapi' });
    const placed = pay.orders.get(first.data.orderId);
    if (placed?.kind !== 'jsapi') throw new Error('no JSAPI order placed');
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, first.data.orderId));
    expect(await buy(silver, { requestId, channel: 'jsapi' })).toMatchObject({
      code: ResponseCode.failure,
      msg: cn('orderClosed'),
    });
    placed.order.time_expire = new Date(Date.now() - 1000).toISOString();
    expect(pay.checkBridge(first.data.wechatPay as BridgeParams, silver.openId ?? '')).toEqual({
      ok: false,
      error: 'order expired',
    });
  });

  it('ten racing copies of one purchase place one order at WeChat Pay', async () => {
    const { silver } = await chain();
    const requestId = uuid();
    const placedBefore = pay.orders.size;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => buy(silver, { requestId, channel: 'jsapi' })),
    );
    const ids = new Set(results.map((r) => r.data.orderId));
    expect(results.every((r) => r.code === ResponseCode.success)).toBe(true);
    expect(ids.size).toBe(1);
    expect(pay.orders.size).toBe(placedBefore + 1);
  });

  it('without an openid answers 1003 and creates nothing, so the client can ask WeChat first', async () => {
    const { silver } = await chain(null);
    const [ordersBefore, placedBefore] = [await orderCount(), pay.orders.size];
    const result = await buy(silver, { channel: 'jsapi' });
    expect(result).toMatchObject({
      status: 200,
      code: ResponseCode.wechatPayerRequired,
      msg: cn('wechatPayerRequired'),
    });
    expect(await orderCount()).toBe(ordersBefore);
    expect(pay.orders.size).toBe(placedBefore);

    // The same person outside WeChat pays at the H5 checkout.
    const h5 = await buy(silver, { channel: 'h5' });
    expect(h5.code).toBe(ResponseCode.success);
    expect(h5.data.wechatPay).toBeUndefined();
    expect(h5.data.payUrl).toMatch(/^https:\/\/wx\.tenpay\.com\//);
  });

  it('an answer WeChat Pay did not sign leaves no order and says payment is unavailable', async () => {
    const { silver } = await chain();
    pay.answerSigningKey = makeWechatPayKeys().platformPrivateKey;
    try {
      const result = await buy(silver, { channel: 'jsapi' });
      expect(result).toMatchObject({ code: ResponseCode.failure, msg: cn('paymentUnavailable') });
    } finally {
      pay.answerSigningKey = undefined;
    }
    expect(await t.db.select().from(orders).where(eq(orders.playerId, silver.playerId))).toEqual([]);
    expect(await accountValue(t.db, agentOwner(silver.agentId), 'diamonds')).toBe(0);
  });

  it('the sandbox provider answers its checkout for the jsapi channel too', async () => {
    const agent = await createAgent(sandbox.db, { level: 1 });
    const buyer = { playerId: agent.playerId, token: await signIn(sandbox.app, sandbox.db, agent.playerId) };
    const result = await buy(buyer, { channel: 'jsapi', app: sandbox, goods: sandboxGoodsId });
    expect(result.code).toBe(ResponseCode.success);
    expect(result.data.wechatPay).toBeUndefined();
    expect(result.data.payUrl).toContain('/api/pay/sandbox/checkout/');
  });
});
