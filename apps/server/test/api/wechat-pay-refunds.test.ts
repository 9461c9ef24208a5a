import { randomBytes, randomUUID } from 'node:crypto';
import { ResponseCode } from '@promoter/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema';
import {
  type NotificationInput,
  PaymentNotificationError,
  PaymentProviderError,
  type RefundRequest,
  type RefundState,
} from '../../src/platform/payments/payment-provider';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxPaymentProvider,
} from '../../src/platform/payments/sandbox-provider';
import { type WechatPayConfig, WechatPayProvider } from '../../src/platform/payments/wechat-pay';
import { createAgent, createGoods, signIn } from '../factories';
import { api, build } from '../helper';
import { notifyReceiver, standInConfig } from '../stand-ins/notify-receiver';
import {
  makeWechatPayKeys,
  type Notification,
  type RefundFault,
  rsaKeyPair,
  WechatPayStandIn,
  wechatPayEnv,
} from '../stand-ins/wechat-pay-stand-in';

/**
 * Refunds through the provider (decision 041), WeChat Pay's adapter against the loopback stand-in with keys made
 * here, and the sandbox's: a refund is signed and verified both ways, one refundId is one refund however often it
 * is sent, an order is never refunded beyond its total, each refusal says whether the same refund may be sent again
 * and whether the provider may have acted, and a refund notification is trusted only signed and decrypted.
 */

const keys = makeWechatPayKeys();
const standIn = new WechatPayStandIn(keys);
let config: WechatPayConfig;
let wechat: WechatPayProvider;

/** The merchant's notify_url: each notification verified by the provider, answered as WeChat Pay expects. */
const receiver = notifyReceiver<RefundState & { orderId: string }>((input) =>
  wechat.verifyRefundNotification(input),
);
let notifyUrl: string;

beforeAll(async () => {
  await standIn.start();
  notifyUrl = await receiver.listen('/api/pay/wechat/refund-notify');
  config = standInConfig(standIn.baseUrl, keys);
  wechat = new WechatPayProvider(config);
});
afterAll(async () => {
  await receiver.close();
  await standIn.stop();
});

const newOrderId = () => randomUUID().replaceAll('-', '');
const newRefundId = () => `RF${randomBytes(10).toString('hex')}`;

/** An order placed with WeChat Pay and paid there; answers its out_trade_no and transaction_id. */
async function paidOrder(
  totalFen = 70000,
): Promise<{ orderId: string; transactionId: string; totalFen: number }> {
  const orderId = newOrderId();
  await wechat.createPayment({
    orderId,
    amountFen: totalFen,
    description: '1000钻石 × 1',
    notifyUrl: 'http://promoter.test/api/pay/wechat/notify',
    returnUrl: 'http://promoter.test/',
    clientIp: '127.0.0.1',
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
  const { transaction } = standIn.markPaid(orderId);
  return { orderId, transactionId: String(transaction.transaction_id), totalFen };
}

function refundOf(
  order: { orderId: string; totalFen: number },
  amountFen: number,
  extra: Partial<RefundRequest> = {},
): RefundRequest {
  return {
    orderId: order.orderId,
    refundId: newRefundId(),
    amountFen,
    totalFen: order.totalFen,
    reason: '代理申请退款',
    notifyUrl,
    ...extra,
  };
}

/** The error a call throws, which must be a PaymentProviderError. */
async function providerError(call: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

const refundsOfOrder = (orderId: string) =>
  [...standIn.refunds.values()].filter((made) => made.refund.out_trade_no === orderId);

/** Waits for what the merchant's notify_url has verified to reach `count`. */
async function verifiedCount(count: number) {
  await expect.poll(() => receiver.verified.length).toBe(count);
}

describe('a refund at WeChat Pay', () => {
  it('refunds a whole order by its transaction_id, signed both ways; the notification and the query say it succeeded', async () => {
    const order = await paidOrder();
    const request = refundOf(order, 70000, { providerRef: order.transactionId });

    const state = await wechat.refund(request);
    const made = standIn.refunds.get(request.refundId);
    expect(made?.request).toEqual({
      transaction_id: order.transactionId,
      out_refund_no: request.refundId,
      reason: '代理申请退款',
      notify_url: notifyUrl,
      amount: { refund: 70000, total: 70000, currency: 'CNY' },
    });
    expect(state).toEqual({
      refundId: request.refundId,
      providerRef: made?.refund.refund_id,
      status: 'processing',
      amountFen: 70000,
    });
    expect(standIn.received.at(-1)).toEqual({
      method: 'POST',
      path: '/v3/refund/domestic/refunds',
      status: 200,
    });

    const before = receiver.verified.length;
    expect(await standIn.settleRefund(request.refundId)).toEqual([200]);
    await verifiedCount(before + 1);
    const notified = receiver.verified.at(-1);
    expect(notified).toMatchObject({
      orderId: order.orderId,
      refundId: request.refundId,
      providerRef: state.providerRef,
      status: 'succeeded',
      amountFen: 70000,
    });
    expect(notified?.succeededAt).toBeInstanceOf(Date);

    const queried = await wechat.queryRefund(request.refundId);
    expect(queried).toEqual({ ...state, status: 'succeeded', succeededAt: notified?.succeededAt });
    expect(standIn.received.at(-1)).toEqual({
      method: 'GET',
      path: `/v3/refund/domestic/refunds/${request.refundId}`,
      status: 200,
    });
  });

  it('refunds an order in parts by its out_trade_no, up to its total and not a fen beyond', async () => {
    const order = await paidOrder();
    for (const amountFen of [30000, 30000, 10000]) {
      const request = refundOf(order, amountFen);
      expect(await wechat.refund(request)).toMatchObject({ status: 'processing', amountFen });
      expect(standIn.refunds.get(request.refundId)?.request).toMatchObject({ out_trade_no: order.orderId });
      expect(standIn.refunds.get(request.refundId)?.request.transaction_id).toBeUndefined();
    }
    const beyond = await providerError(wechat.refund(refundOf(order, 1)));
    expect(beyond).toMatchObject({
      code: 'INVALID_REQUEST',
      status: 400,
      retryable: false,
      outcomeUnknown: false,
    });
    expect(refundsOfOrder(order.orderId).map((made) => made.request.amount.refund)).toEqual([
      30000, 30000, 10000,
    ]);
  });

  it('refuses a refund above what is left, and counts a closed refund as given back', async () => {
    const order = await paidOrder();
    const first = refundOf(order, 50000);
    await wechat.refund(first);
    const over = await providerError(wechat.refund(refundOf(order, 30000)));
    expect(over).toMatchObject({ code: 'INVALID_REQUEST', retryable: false, outcomeUnknown: false });
    expect(over.message).toContain('申请退款金额超过订单可退金额');

    await standIn.settleRefund(first.refundId, 'CLOSED');
    expect(await wechat.queryRefund(first.refundId)).toMatchObject({ status: 'closed' });
    expect(await wechat.refund(refundOf(order, 30000))).toMatchObject({ status: 'processing' });
  });

  it('the same refundId sent twice, or ten times at once, is one refund; with another amount it is refused', async () => {
    const order = await paidOrder();
    const request = refundOf(order, 20000);
    const first = await wechat.refund(request);
    expect(await wechat.refund(request)).toEqual(first);
    const copies = await Promise.all(Array.from({ length: 10 }, () => wechat.refund(request)));
    expect(copies).toEqual(Array.from({ length: 10 }, () => first));
    expect(refundsOfOrder(order.orderId)).toHaveLength(1);

    // Settled, the same request answers the refund as it now stands, and still makes no other.
    await standIn.settleRefund(request.refundId);
    expect(await wechat.refund(request)).toMatchObject({
      providerRef: first.providerRef,
      status: 'succeeded',
    });

    const changed = await providerError(wechat.refund({ ...request, amountFen: 20001 }));
    expect(changed).toMatchObject({ code: 'INVALID_REQUEST', retryable: false });
    expect(refundsOfOrder(order.orderId)).toHaveLength(1);
  });

  it('cuts a long reason to 80 bytes between characters, and sends none for an empty one', async () => {
    const order = await paidOrder();
    const long = refundOf(order, 100, { reason: '退'.repeat(40) });
    await wechat.refund(long);
    expect(standIn.refunds.get(long.refundId)?.request.reason).toBe('退'.repeat(26));
    const none = refundOf(order, 100, { reason: '' });
    await wechat.refund(none);
    expect(standIn.refunds.get(none.refundId)?.request).not.toHaveProperty('reason');
  });
});

describe('WeChat Pay refusing a refund, or not answering', () => {
  const cases: [RefundFault, Partial<PaymentProviderError>][] = [
    ['http-500', { code: 'HTTP_500', status: 500, retryable: true, outcomeUnknown: true }],
    ['SYSTEM_ERROR', { code: 'SYSTEM_ERROR', status: 500, retryable: true, outcomeUnknown: true }],
    ['NOT_ENOUGH', { code: 'NOT_ENOUGH', status: 403, retryable: true, outcomeUnknown: false }],
    ['FREQUENCY_LIMITED', { code: 'FREQUENCY_LIMITED', status: 429, retryable: true, outcomeUnknown: false }],
  ];
  it.each(cases)(
    '%s: mapped, nothing refunded, and the same refundId sent again refunds once',
    async (fault, mapped) => {
      const order = await paidOrder();
      const request = refundOf(order, 70000);
      standIn.failNextRefund(fault);
      expect(await providerError(wechat.refund(request))).toMatchObject(mapped);
      expect(refundsOfOrder(order.orderId)).toEqual([]);
      // Asking first, as a caller that does not know: WeChat Pay never took it.
      expect(await providerError(wechat.queryRefund(request.refundId))).toMatchObject({
        code: 'RESOURCE_NOT_EXISTS',
        status: 404,
        retryable: false,
        outcomeUnknown: false,
      });
      const state = await wechat.refund(request);
      expect(state).toMatchObject({ refundId: request.refundId, status: 'processing', amountFen: 70000 });
      expect(await wechat.refund(request)).toEqual(state);
      expect(refundsOfOrder(order.orderId)).toHaveLength(1);
    },
  );

  it('final refusals are not retryable: an unpaid order, a malformed refundId, a wrong merchant key', async () => {
    const unpaid = newOrderId();
    expect(
      await providerError(wechat.refund(refundOf({ orderId: unpaid, totalFen: 100 }, 100))),
    ).toMatchObject({ code: 'RESOURCE_NOT_EXISTS', status: 404, retryable: false, outcomeUnknown: false });

    const order = await paidOrder();
    expect(
      await providerError(wechat.refund(refundOf(order, 100, { refundId: 'has a space' }))),
    ).toMatchObject({ code: 'PARAM_ERROR', status: 400, retryable: false, outcomeUnknown: false });

    const impostor = new WechatPayProvider({ ...config, privateKey: rsaKeyPair().privateKey });
    expect(await providerError(impostor.refund(refundOf(order, 100)))).toMatchObject({
      code: 'SIGN_ERROR',
      status: 401,
      retryable: false,
      outcomeUnknown: false,
    });
    expect(refundsOfOrder(order.orderId)).toEqual([]);
  });

  it('an answer WeChat Pay did not sign is not trusted: the outcome is unknown, and the query finds the refund', async () => {
    const order = await paidOrder();
    const request = refundOf(order, 5000);
    standIn.answerSigningKey = rsaKeyPair().privateKey;
    try {
      expect(await providerError(wechat.refund(request))).toMatchObject({
        code: 'UNTRUSTED_ANSWER',
        retryable: true,
        outcomeUnknown: true,
      });
    } finally {
      standIn.answerSigningKey = undefined;
    }
    expect(await wechat.queryRefund(request.refundId)).toMatchObject({
      status: 'processing',
      amountFen: 5000,
    });
  });

  it('a time-out after WeChat Pay acted: the outcome is unknown; the query finds it succeeded; sent again, it is the same refund', async () => {
    const impatient = new WechatPayProvider({ ...config, requestTimeoutMs: 300 });
    const order = await paidOrder();
    const request = refundOf(order, 70000);
    standIn.failNextRefund('timeout-after-acting');
    const timedOut = await providerError(impatient.refund(request));
    expect(timedOut).toMatchObject({ code: 'TIMEOUT', retryable: true, outcomeUnknown: true });
    expect(timedOut.status).toBeUndefined();
    expect(refundsOfOrder(order.orderId)).toHaveLength(1);

    // WeChat Pay finishes it and its notification is lost: the query is the caller's word.
    expect(await standIn.settleRefund(request.refundId, 'SUCCESS', 'never')).toEqual([]);
    const queried = await wechat.queryRefund(request.refundId);
    expect(queried).toMatchObject({ refundId: request.refundId, status: 'succeeded', amountFen: 70000 });
    expect(await wechat.refund(request)).toEqual(queried);
    expect(refundsOfOrder(order.orderId)).toHaveLength(1);
  });

  it('a provider that cannot be reached: UNREACHABLE, retryable, outcome unknown', async () => {
    const nowhere = new WechatPayProvider({ ...config, apiBase: 'http://127.0.0.1:1' });
    const order = await paidOrder();
    expect(await providerError(nowhere.refund(refundOf(order, 100)))).toMatchObject({
      code: 'UNREACHABLE',
      retryable: true,
      outcomeUnknown: true,
    });
  });
});

describe('a refund notification', () => {
  /** A refund made and settled here, its notification not sent. */
  async function settled(status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' = 'SUCCESS') {
    const order = await paidOrder();
    const request = refundOf(order, 7000);
    await wechat.refund(request);
    await standIn.settleRefund(request.refundId, status, 'never');
    return { order, request };
  }
  const input = (n: Pick<Notification, 'body' | 'headers'>): NotificationInput => ({
    headers: n.headers,
    rawBody: n.body,
  });
  const refusedWith = (notification: Pick<Notification, 'body' | 'headers'>) => {
    expect(() => wechat.verifyRefundNotification(input(notification))).toThrow(PaymentNotificationError);
  };

  it('is verified and read: SUCCESS, CLOSED and ABNORMAL', async () => {
    for (const [status, ours] of [
      ['SUCCESS', 'succeeded'],
      ['CLOSED', 'closed'],
      ['ABNORMAL', 'abnormal'],
    ] as const) {
      const { order, request } = await settled(status);
      const refund = wechat.verifyRefundNotification(input(standIn.refundNotification(request.refundId)));
      expect(refund).toMatchObject({
        orderId: order.orderId,
        refundId: request.refundId,
        status: ours,
        amountFen: 7000,
      });
      expect(refund.succeededAt !== undefined).toBe(status === 'SUCCESS');
    }
  });

  it('sent twice, reaches the merchant twice the same; never sent, the merchant hears nothing', async () => {
    const order = await paidOrder();
    const twice = refundOf(order, 100);
    await wechat.refund(twice);
    const before = receiver.verified.length;
    expect(await standIn.settleRefund(twice.refundId, 'SUCCESS', 'twice')).toEqual([200, 200]);
    await verifiedCount(before + 2);
    expect(receiver.verified.at(-1)).toEqual(receiver.verified.at(-2));
    expect(receiver.verified.at(-1)).toMatchObject({ refundId: twice.refundId, status: 'succeeded' });

    const never = refundOf(order, 100);
    await wechat.refund(never);
    expect(await standIn.settleRefund(never.refundId, 'SUCCESS', 'never')).toEqual([]);
    expect(receiver.verified).toHaveLength(before + 2);
    expect(standIn.refundNotified.filter((n) => n.outRefundNo === never.refundId)).toEqual([]);
  });

  it('is refused tampered, signed with another key, encrypted under another APIv3 key, stale or unsigned', async () => {
    const { request } = await settled();
    const good = standIn.refundNotification(request.refundId);
    expect(() => wechat.verifyRefundNotification(input(good))).not.toThrow();

    refusedWith({ ...good, body: good.body.replace('"REFUND.SUCCESS"', '"REFUND.CLOSED"') });
    refusedWith({ ...good, headers: { ...good.headers, 'wechatpay-nonce': 'another-nonce' } });
    refusedWith(standIn.refundNotification(request.refundId, { signingKey: rsaKeyPair().privateKey }));
    refusedWith(standIn.refundNotification(request.refundId, { apiV3Key: 'K'.repeat(32) }));
    refusedWith(
      standIn.refundNotification(request.refundId, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    );
    const unsigned = { ...good.headers };
    delete unsigned['wechatpay-signature'];
    refusedWith({ body: good.body, headers: unsigned });

    // Through the notify_url: refused there too, and answered FAIL so WeChat Pay would send it again.
    const refusedBefore = receiver.refused.length;
    const tampered = { ...good, body: good.body.replace('"REFUND.SUCCESS"', '"REFUND.CLOSED"') };
    expect(await standIn.deliverRefundNotification(request.refundId, tampered)).toBe(400);
    expect(receiver.refused).toHaveLength(refusedBefore + 1);
  });

  it('is refused when it is not about a refund, or says another status than its event', async () => {
    const { order, request } = await settled('SUCCESS');
    // A genuine payment notification is not a refund's.
    expect(() => wechat.verifyRefundNotification(input(standIn.notification(order.orderId)))).toThrow(
      'not a WeChat Pay refund notification',
    );
    // Signed and encrypted correctly, but REFUND.CLOSED over a refund_status of SUCCESS.
    expect(() =>
      wechat.verifyRefundNotification(
        input(standIn.refundNotification(request.refundId, { eventType: 'REFUND.CLOSED' })),
      ),
    ).toThrow(PaymentNotificationError);
  });
});

describe('the sandbox’s refunds', () => {
  const sandbox = () => new SandboxPaymentProvider(`sandbox-refunds-${randomUUID()}`);
  const order = { orderId: 'SANDBOXORDER0001', totalFen: 70000 };

  it('succeed at once, one refund a refundId, never beyond the total; the query answers them', async () => {
    const provider = sandbox();
    const request = refundOf(order, 40000);
    const state = await provider.refund(request);
    expect(state).toMatchObject({ refundId: request.refundId, status: 'succeeded', amountFen: 40000 });
    expect(state.providerRef).toMatch(/^SANDBOX-REFUND-[0-9a-f]{16}$/);
    expect(state.succeededAt).toBeInstanceOf(Date);
    expect(await provider.refund(request)).toEqual(state);
    expect(await provider.queryRefund(request.refundId)).toEqual(state);

    expect(await providerError(provider.refund(refundOf(order, 30001)))).toMatchObject({
      code: 'INVALID_REQUEST',
      retryable: false,
    });
    expect(await providerError(provider.refund({ ...request, amountFen: 100 }))).toMatchObject({
      code: 'INVALID_REQUEST',
    });
    expect(await provider.refund(refundOf(order, 30000))).toMatchObject({ status: 'succeeded' });
    expect(await providerError(provider.queryRefund(newRefundId()))).toMatchObject({
      code: 'RESOURCE_NOT_EXISTS',
      retryable: false,
    });
  });

  it('notifies signed like its payments, under a name of its own: verified, and refused tampered or mistaken', async () => {
    const provider = sandbox();
    const request = refundOf(order, 1000);
    await provider.refund(request);
    const notification = provider.refundNotification(request.refundId);
    expect(provider.verifyRefundNotification(notification)).toMatchObject({
      orderId: order.orderId,
      refundId: request.refundId,
      status: 'succeeded',
      amountFen: 1000,
    });

    const tampered = {
      ...notification,
      rawBody: notification.rawBody.replace('"refund":1000', '"refund":100000'),
    };
    expect(() => provider.verifyRefundNotification(tampered)).toThrow(PaymentNotificationError);
    expect(() => sandbox().verifyRefundNotification(notification)).toThrow(PaymentNotificationError);
    // Neither a payment's notification nor a refund's passes for the other.
    expect(() => provider.verifyNotification(notification)).toThrow(PaymentNotificationError);
    const paid = provider.checkout.paidNotification({ id: order.orderId, amountFen: 70000 });
    expect(() => provider.verifyRefundNotification(paid)).toThrow(PaymentNotificationError);
    expect(notification.headers[SANDBOX_SIGNATURE_HEADER]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a test hook keeps a refund processing until it settles, and its notification says so', async () => {
    const provider = sandbox();
    provider.refundOutcome = 'processing';
    const request = refundOf(order, 500);
    expect(await provider.refund(request)).toMatchObject({ status: 'processing' });
    expect(provider.verifyRefundNotification(provider.refundNotification(request.refundId))).toMatchObject({
      status: 'processing',
    });
    const settled = provider.settleRefund(request.refundId, 'abnormal');
    expect(provider.verifyRefundNotification(settled)).toMatchObject({ status: 'abnormal' });
    expect(await provider.queryRefund(request.refundId)).toMatchObject({ status: 'abnormal' });
  });
});

describe('through the app', () => {
  it('an order paid through the shop is refunded by its order id and the transaction_id the shop recorded', async () => {
    const t = await build(wechatPayEnv(keys, standIn.baseUrl));
    try {
      const goodsId = await createGoods(t.db);
      const agent = await createAgent(t.db, { level: 1 });
      const token = await signIn(t.app, t.db, agent.playerId);
      const bought = await api(t.app, 'buyGoods', {
        token,
        input: { goodsId, quantity: 1, requestId: randomUUID() },
        headers: { uid: String(agent.playerId) },
      });
      expect(bought).toMatchObject({ code: ResponseCode.success });
      const paid = standIn.markPaid(bought.data.orderId);
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/pay/wechat/notify',
        payload: paid.body,
        headers: paid.headers,
      });
      expect(answer.statusCode).toBe(200);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, bought.data.orderId));
      expect(row).toMatchObject({ status: 'paid', providerRef: paid.transaction.transaction_id });
      if (!row?.providerRef) throw new Error('the order was not paid');

      const request = refundOf({ orderId: row.id, totalFen: row.amountFen }, row.amountFen, {
        providerRef: row.providerRef,
      });
      expect(await t.app.platform.payments.refund(request)).toMatchObject({
        refundId: request.refundId,
        status: 'processing',
        amountFen: row.amountFen,
      });
      expect(standIn.refunds.get(request.refundId)?.refund).toMatchObject({
        out_trade_no: row.id,
        transaction_id: row.providerRef,
      });
    } finally {
      await t.close();
    }
  });
});
