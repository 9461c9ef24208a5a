import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, type TradeBillRow } from '../../src/platform/payments/payment-provider';
import { SandboxPaymentProvider } from '../../src/platform/payments/sandbox-provider';
import { billDay } from '../../src/platform/payments/trade-bill';
import { type WechatPayConfig, WechatPayProvider } from '../../src/platform/payments/wechat-pay';
import { makeWechatPayKeys, rsaKeyPair, WechatPayStandIn } from '../stand-ins/wechat-pay-stand-in';

/**
 * The provider's daily trade bill (decision 042): WeChat Pay's adapter against the loopback stand-in, and the
 * sandbox's. The bill is asked for signed, fetched signed, unpacked and checked against the hash WeChat Pay signed,
 * then read to the fen; a file its hash does not describe is refused and may be fetched again.
 */

const keys = makeWechatPayKeys();
const standIn = new WechatPayStandIn(keys);
let config: WechatPayConfig;
let wechat: WechatPayProvider;

beforeAll(async () => {
  await standIn.start();
  config = {
    apiBase: standIn.baseUrl,
    appId: keys.appId,
    mchId: keys.mchId,
    serialNo: keys.merchantSerialNo,
    privateKey: keys.merchantPrivateKey,
    apiV3Key: keys.apiV3Key,
    platformPublicKey: keys.platformPublicKey,
  };
  wechat = new WechatPayProvider(config);
});
afterAll(async () => {
  await standIn.stop();
});

const newOrderId = () => randomUUID().replaceAll('-', '');
const newRefundId = () => `RF${randomBytes(10).toString('hex')}`;

/** An order placed with WeChat Pay and paid there at `paidAt`; answers its out_trade_no and transaction_id. */
async function paidOrder(
  totalFen: number,
  paidAt: Date,
  description = '1000钻石 × 1',
): Promise<{ orderId: string; transactionId: string; totalFen: number }> {
  const orderId = newOrderId();
  await wechat.createPayment({
    orderId,
    amountFen: totalFen,
    description,
    notifyUrl: 'http://promoter.test/api/pay/wechat/notify',
    returnUrl: 'http://promoter.test/',
    clientIp: '127.0.0.1',
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
  const { transaction } = standIn.markPaid(orderId, { successTime: paidAt });
  return { orderId, transactionId: String(transaction.transaction_id), totalFen };
}

/** A refund of `order` made and succeeded at `at`; answers its out_refund_no and refund_id. */
async function refunded(
  order: { orderId: string; totalFen: number },
  amountFen: number,
  at: Date,
): Promise<{ refundId: string; providerRef: string }> {
  const refundId = newRefundId();
  const state = await wechat.refund({
    orderId: order.orderId,
    refundId,
    amountFen,
    totalFen: order.totalFen,
    reason: '',
    notifyUrl: 'http://promoter.test/api/pay/wechat/refund-notify',
  });
  await standIn.settleRefund(refundId, 'SUCCESS', 'never', at);
  return { refundId, providerRef: state.providerRef };
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

describe('WeChat Pay’s trade bill', () => {
  it('of a day with payments and refunds: every line to the fen, its ids and times, and the bill’s totals', async () => {
    // 2025-06-15 in China runs from 2025-06-14T16:00Z to 2025-06-15T16:00Z.
    const early = await paidOrder(29, new Date('2025-06-14T16:00:01Z'));
    const comma = await paidOrder(123_435, new Date('2025-06-15T04:30:00Z'), '钻石, 大礼包 × 1');
    const late = await paidOrder(70000, new Date('2025-06-15T15:59:59Z'));
    // The days around it are other bills.
    await paidOrder(500, new Date('2025-06-14T15:59:59Z'));
    await paidOrder(600, new Date('2025-06-15T16:00:00Z'));
    const partial = await refunded(comma, 435, new Date('2025-06-15T10:00:00Z'));
    const whole = await refunded(late, 70000, new Date('2025-06-15T15:00:00Z'));
    // Refunded the next day (in China): on that day's bill, not this one.
    await refunded(early, 7, new Date('2025-06-15T17:00:00Z'));

    const bill = await wechat.tradeBill('2025-06-15');
    expect(bill).toEqual({
      date: '2025-06-15',
      rows: [
        {
          kind: 'payment',
          orderId: early.orderId,
          providerRef: early.transactionId,
          amountFen: 29,
          at: new Date('2025-06-14T16:00:01Z'),
        },
        {
          kind: 'payment',
          orderId: comma.orderId,
          providerRef: comma.transactionId,
          amountFen: 123_435,
          at: new Date('2025-06-15T04:30:00Z'),
        },
        {
          kind: 'refund',
          orderId: comma.orderId,
          providerRef: comma.transactionId,
          refundId: partial.refundId,
          refundProviderRef: partial.providerRef,
          amountFen: 435,
          at: new Date('2025-06-15T10:00:00Z'),
        },
        {
          kind: 'refund',
          orderId: late.orderId,
          providerRef: late.transactionId,
          refundId: whole.refundId,
          refundProviderRef: whole.providerRef,
          amountFen: 70000,
          at: new Date('2025-06-15T15:00:00Z'),
        },
        {
          kind: 'payment',
          orderId: late.orderId,
          providerRef: late.transactionId,
          amountFen: 70000,
          at: new Date('2025-06-15T15:59:59Z'),
        },
      ],
      totals: { count: 5, paidFen: 193_464, refundedFen: 70_435 },
    });
    // Asked for signed, then fetched signed from where the signed answer said.
    expect(standIn.received.slice(-2)).toEqual([
      { method: 'GET', path: '/v3/bill/tradebill', status: 200 },
      { method: 'GET', path: '/v3/billdownload/file', status: 200 },
    ]);
    // The file as WeChat Pay writes it: yuan, backticks, the summary last.
    const csv = standIn.tradeBillCsv('2025-06-15') as string;
    expect(csv).toContain('`1234.35,');
    expect(csv).toContain('`钻石, 大礼包 × 1,');
    expect(csv.trimEnd().split('\r\n').at(-1)).toBe('`5,`1934.64,`704.35,`0.00,`7.38,`1934.64,`704.35');
  });

  it('of a day without a payment or a refund is empty (WeChat Pay has no bill of it)', async () => {
    expect(await wechat.tradeBill('2025-01-02')).toEqual({
      date: '2025-01-02',
      rows: [],
      totals: { count: 0, paidFen: 0, refundedFen: 0 },
    });
    expect(standIn.received.at(-1)).toMatchObject({ path: '/v3/bill/tradebill', status: 400 });
  });

  it('says what WeChat Pay says happened: a line we never made, an amount other than ours, totals that agree', async () => {
    const order = await paidOrder(10000, new Date('2025-07-01T02:00:00Z'));
    standIn.addBillRow({
      kind: 'payment',
      outTradeNo: 'UNKNOWNORDER0001',
      transactionId: '4200009999',
      amountFen: 4321,
      at: new Date('2025-07-01T03:00:00Z'),
    });
    standIn.changeBillAmount(order.orderId, 9999);
    try {
      const bill = await wechat.tradeBill('2025-07-01');
      expect(bill.rows).toEqual<TradeBillRow[]>([
        {
          kind: 'payment',
          orderId: order.orderId,
          providerRef: order.transactionId,
          amountFen: 9999,
          at: new Date('2025-07-01T02:00:00Z'),
        },
        {
          kind: 'payment',
          orderId: 'UNKNOWNORDER0001',
          providerRef: '4200009999',
          amountFen: 4321,
          at: new Date('2025-07-01T03:00:00Z'),
        },
      ]);
      expect(bill.totals).toEqual({ count: 2, paidFen: 14320, refundedFen: 0 });
    } finally {
      standIn.resetBill();
    }
  });

  it('refuses a file its hash does not describe: HASH_MISMATCH, retryable; fetched again once right, the bill', async () => {
    const order = await paidOrder(2500, new Date('2025-08-01T02:00:00Z'));
    standIn.corruptBillHash();
    try {
      expect(await providerError(wechat.tradeBill('2025-08-01'))).toMatchObject({
        code: 'HASH_MISMATCH',
        retryable: true,
        outcomeUnknown: false,
      });
    } finally {
      standIn.resetBill();
    }
    expect((await wechat.tradeBill('2025-08-01')).rows).toMatchObject([
      { orderId: order.orderId, amountFen: 2500 },
    ]);
  });

  it('does not trust an answer WeChat Pay did not sign, nor fetch a bill for a signature that does not verify', async () => {
    await paidOrder(100, new Date('2025-08-02T02:00:00Z'));
    standIn.answerSigningKey = rsaKeyPair().privateKey;
    try {
      expect(await providerError(wechat.tradeBill('2025-08-02'))).toMatchObject({
        code: 'UNTRUSTED_ANSWER',
        retryable: true,
      });
    } finally {
      standIn.answerSigningKey = undefined;
    }
    const impostor = new WechatPayProvider({ ...config, privateKey: rsaKeyPair().privateKey });
    expect(await providerError(impostor.tradeBill('2025-08-02'))).toMatchObject({
      code: 'SIGN_ERROR',
      status: 401,
      retryable: false,
    });
  });

  it('asks for a real day only', async () => {
    const received = standIn.received.length;
    for (const date of ['2025-02-30', '2025-6-1', '2025-06-01&bill_type=SUCCESS'])
      expect(await providerError(wechat.tradeBill(date))).toMatchObject({
        code: 'PARAM_ERROR',
        retryable: false,
      });
    expect(standIn.received).toHaveLength(received);
  });
});

describe('the sandbox’s trade bill', () => {
  it('is what the sandbox did itself: payments taken on its checkout page and its refunds, that day', async () => {
    const sandbox = new SandboxPaymentProvider(`sandbox-bill-${randomUUID()}`);
    const today = billDay(new Date());
    const first = sandbox.verifyNotification(
      sandbox.checkout.paidNotification({ id: 'SANDBOXORDER0001', amountFen: 1234 }),
    );
    // Pay pressed twice on one order: the same payment notified again, not another.
    const again = sandbox.verifyNotification(
      sandbox.checkout.paidNotification({ id: 'SANDBOXORDER0001', amountFen: 1234 }),
    );
    expect(again.providerRef).toBe(first.providerRef);
    const second = sandbox.verifyNotification(
      sandbox.checkout.paidNotification({ id: 'SANDBOXORDER0002', amountFen: 70000 }),
    );
    // A notification made by other means is not a payment the sandbox took.
    sandbox.notification({
      orderId: 'SANDBOXORDER0003',
      providerRef: 'SANDBOX-X',
      amountFen: 500,
      paid: true,
    });
    const refund = await sandbox.refund({
      orderId: 'SANDBOXORDER0002',
      refundId: 'RF0002',
      amountFen: 30000,
      totalFen: 70000,
      reason: '',
      notifyUrl: 'http://promoter.test/api/pay/sandbox/refund-notify',
    });
    // A refund still processing has given nothing back yet.
    sandbox.refundOutcome = 'processing';
    await sandbox.refund({
      orderId: 'SANDBOXORDER0002',
      refundId: 'RF0003',
      amountFen: 100,
      totalFen: 70000,
      reason: '',
      notifyUrl: 'http://promoter.test/api/pay/sandbox/refund-notify',
    });

    const bill = await sandbox.tradeBill(today);
    expect(bill).toEqual({
      date: today,
      rows: [
        {
          kind: 'payment',
          orderId: 'SANDBOXORDER0001',
          providerRef: first.providerRef,
          amountFen: 1234,
          at: expect.any(Date),
        },
        {
          kind: 'payment',
          orderId: 'SANDBOXORDER0002',
          providerRef: second.providerRef,
          amountFen: 70000,
          at: expect.any(Date),
        },
        {
          kind: 'refund',
          orderId: 'SANDBOXORDER0002',
          providerRef: second.providerRef,
          refundId: 'RF0002',
          refundProviderRef: refund.providerRef,
          amountFen: 30000,
          at: refund.succeededAt,
        },
      ],
      totals: { count: 3, paidFen: 71234, refundedFen: 30000 },
    });
    expect(await sandbox.tradeBill('2025-01-02')).toEqual({
      date: '2025-01-02',
      rows: [],
      totals: { count: 0, paidFen: 0, refundedFen: 0 },
    });
    expect(await providerError(sandbox.tradeBill('2025-13-01'))).toMatchObject({ code: 'PARAM_ERROR' });
  });
});
