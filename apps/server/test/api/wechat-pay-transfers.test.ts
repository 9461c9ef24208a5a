import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type NotificationInput,
  PaymentNotificationError,
  PaymentProviderError,
  type TransferRequest,
  type TransferState,
} from '../../src/platform/payments/payment-provider';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxPaymentProvider,
} from '../../src/platform/payments/sandbox-provider';
import { type WechatPayConfig, WechatPayProvider } from '../../src/platform/payments/wechat-pay';
import { build } from '../helper';
import { notifyReceiver, standInConfig } from '../stand-ins/notify-receiver';
import {
  makeWechatPayKeys,
  type Notification,
  rsaKeyPair,
  type TransferFault,
  WechatPayStandIn,
  wechatPayEnv,
} from '../stand-ins/wechat-pay-stand-in';

/**
 * Transfers through the provider (decision 042), WeChat Pay's adapter against the loopback stand-in with keys made
 * here, and the sandbox's: a transfer is signed and verified both ways, one transferId is one transfer however often
 * it is sent, the payee is named (encrypted) only from 2,000 yuan, each refusal says whether the same transfer may be
 * sent again and whether the provider may have acted, and a transfer's notification is trusted only signed,
 * decrypted and ended.
 */

const keys = makeWechatPayKeys();
const standIn = new WechatPayStandIn(keys);
let config: WechatPayConfig;
let wechat: WechatPayProvider;

/** The merchant's notify_url: each notification verified by the provider, answered as WeChat Pay expects. */
const receiver = notifyReceiver<TransferState>((input) => wechat.verifyTransferNotification(input));
let notifyUrl: string;

beforeAll(async () => {
  await standIn.start();
  notifyUrl = await receiver.listen('/api/pay/wechat/transfer-notify');
  config = standInConfig(standIn.baseUrl, keys);
  wechat = new WechatPayProvider(config);
});
afterAll(async () => {
  await receiver.close();
  await standIn.stop();
});

const newTransferId = () => `WD${randomBytes(10).toString('hex')}`;
const newOpenid = () => `oPayee${randomBytes(8).toString('hex')}`;

function transferOf(amountFen: number, extra: Partial<TransferRequest> = {}): TransferRequest {
  return {
    transferId: newTransferId(),
    openid: newOpenid(),
    amountFen,
    remark: '推广佣金提现',
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

/** The stand-in answers new transfers in `state` while `run` runs. */
async function answering<T>(state: typeof standIn.transferAnswerState, run: () => Promise<T>): Promise<T> {
  standIn.transferAnswerState = state;
  try {
    return await run();
  } finally {
    standIn.transferAnswerState = 'WAIT_USER_CONFIRM';
  }
}

const transfersTo = (openid: string) =>
  [...standIn.transfers.values()].filter((made) => made.request.openid === openid);

/** Waits for what the merchant's notify_url has verified to reach `count`. */
async function verifiedCount(count: number) {
  await expect.poll(() => receiver.verified.length).toBe(count);
}

describe('a transfer at WeChat Pay', () => {
  it('pays out under scene 1005 with its report, signed both ways; the notification and the query say it succeeded', async () => {
    const request = transferOf(12345);
    const state = await answering('ACCEPTED', () => wechat.transfer(request));
    const made = standIn.transfers.get(request.transferId);
    expect(made?.request).toEqual({
      appid: keys.appId,
      out_bill_no: request.transferId,
      transfer_scene_id: '1005',
      openid: request.openid,
      transfer_amount: 12345,
      transfer_remark: '推广佣金提现',
      notify_url: notifyUrl,
      transfer_scene_report_infos: [
        { info_type: '岗位类型', info_content: '推广代理' },
        { info_type: '报酬说明', info_content: '推广佣金' },
      ],
    });
    expect(state).toEqual({
      transferId: request.transferId,
      providerRef: made?.bill.transfer_bill_no,
      status: 'accepted',
    });
    expect(standIn.received.at(-1)).toEqual({
      method: 'POST',
      path: '/v3/fund-app/mch-transfer/transfer-bills',
      status: 200,
    });

    const before = receiver.verified.length;
    expect(await standIn.confirmTransfer(request.transferId, 'succeeded')).toEqual([200]);
    await verifiedCount(before + 1);
    expect(receiver.verified.at(-1)).toEqual({
      transferId: request.transferId,
      providerRef: state.providerRef,
      status: 'succeeded',
      amountFen: 12345,
    });
    expect(await wechat.queryTransfer(request.transferId)).toEqual({
      transferId: request.transferId,
      providerRef: state.providerRef,
      status: 'succeeded',
      amountFen: 12345,
    });
    expect(standIn.received.at(-1)).toEqual({
      method: 'GET',
      path: `/v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${request.transferId}`,
      status: 200,
    });
  });

  it('waits for the payee: its package_info makes the bridge’s parameters; the payee confirms and it succeeds', async () => {
    const request = transferOf(5000);
    const state = await wechat.transfer(request);
    const packageInfo = standIn.transfers.get(request.transferId)?.packageInfo;
    expect(packageInfo).toBeTruthy();
    expect(state).toMatchObject({ status: 'waitUserConfirm', packageInfo });
    expect(wechat.transferConfirmParams(packageInfo as string)).toEqual({
      mchId: keys.mchId,
      appId: keys.appId,
      package: packageInfo,
    });
    // The query carries no package_info; the same transfer sent again answers it.
    expect(await wechat.queryTransfer(request.transferId)).toEqual({
      transferId: request.transferId,
      providerRef: state.providerRef,
      status: 'waitUserConfirm',
      amountFen: 5000,
    });
    expect(await wechat.transfer(request)).toEqual(state);

    const before = receiver.verified.length;
    await standIn.confirmTransfer(request.transferId);
    await verifiedCount(before + 1);
    expect(receiver.verified.at(-1)).toMatchObject({ transferId: request.transferId, status: 'succeeded' });
    // Ended, the same request answers the transfer as it now stands, and its package_info is gone.
    expect(await wechat.transfer(request)).toEqual({
      transferId: request.transferId,
      providerRef: state.providerRef,
      status: 'succeeded',
    });
  });

  it('a transfer that fails says why, in the notification and the query', async () => {
    const request = transferOf(3000);
    await wechat.transfer(request);
    const before = receiver.verified.length;
    await standIn.confirmTransfer(request.transferId, 'failed');
    await verifiedCount(before + 1);
    expect(receiver.verified.at(-1)).toMatchObject({
      transferId: request.transferId,
      status: 'failed',
      failReason: 'PAYEE_ACCOUNT_ABNORMAL',
    });
    expect(await wechat.queryTransfer(request.transferId)).toMatchObject({
      status: 'failed',
      failReason: 'PAYEE_ACCOUNT_ABNORMAL',
      amountFen: 3000,
    });
  });

  it('the same transferId sent twice, or ten times at once, is one transfer; with other parameters it is refused', async () => {
    const request = transferOf(20000);
    const first = await wechat.transfer(request);
    expect(await wechat.transfer(request)).toEqual(first);
    const copies = await Promise.all(Array.from({ length: 10 }, () => wechat.transfer(request)));
    expect(copies).toEqual(Array.from({ length: 10 }, () => first));
    expect(transfersTo(request.openid)).toHaveLength(1);

    for (const other of [{ amountFen: 20001 }, { openid: newOpenid() }, { remark: '另一笔' }]) {
      const changed = await providerError(wechat.transfer({ ...request, ...other }));
      expect(changed).toMatchObject({
        code: 'INVALID_REQUEST',
        status: 400,
        retryable: false,
        outcomeUnknown: false,
      });
      expect(changed.message).toContain('单号已存在但信息不一致');
    }
    expect(transfersTo(request.openid)).toHaveLength(1);
    expect(standIn.transfers.get(request.transferId)?.request.transfer_amount).toBe(20000);
  });

  it('cuts a long remark to 32 characters, between characters', async () => {
    const request = transferOf(1000, { remark: `佣${'金'.repeat(40)}` });
    await wechat.transfer(request);
    expect(standIn.transfers.get(request.transferId)?.request.transfer_remark).toBe(`佣${'金'.repeat(31)}`);
    // Cut the same way each time, the same request is still the same transfer.
    await wechat.transfer(request);
    expect(transfersTo(request.openid)).toHaveLength(1);
  });
});

describe('the payee’s name', () => {
  it('is sent only from 2,000 yuan, RSA-OAEP under the platform key with its Wechatpay-Serial', async () => {
    const below = transferOf(199_999, { userName: '张三' });
    await wechat.transfer(below);
    expect(standIn.transfers.get(below.transferId)?.request).not.toHaveProperty('user_name');
    expect(standIn.transfers.get(below.transferId)?.userName).toBeUndefined();

    const from = transferOf(200_000, { userName: ' 张三 ' });
    await wechat.transfer(from);
    const made = standIn.transfers.get(from.transferId);
    expect(made?.userName).toBe('张三');
    expect(made?.request.user_name).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(made?.request.user_name ?? '', 'base64')).toHaveLength(256);
    // Encrypted anew each time (OAEP is randomised), yet the same payee: still one transfer.
    expect(await wechat.transfer(from)).toMatchObject({ transferId: from.transferId });
    expect(transfersTo(from.openid)).toHaveLength(1);
  });

  it('missing from 2,000 yuan, or without the key’s serial, the transfer is refused before it is sent', async () => {
    const received = standIn.received.length;
    const unnamed = transferOf(200_000);
    expect(await providerError(wechat.transfer(unnamed))).toMatchObject({
      code: 'USER_NAME_REQUIRED',
      retryable: false,
      outcomeUnknown: false,
    });
    const { platformSerial: _serial, ...unconfigured } = config;
    expect(
      await providerError(
        new WechatPayProvider(unconfigured).transfer(transferOf(300_000, { userName: '李四' })),
      ),
    ).toMatchObject({ code: 'NOT_CONFIGURED', retryable: false, outcomeUnknown: false });
    expect(standIn.received).toHaveLength(received);
  });

  it('encrypted under another key, or sent under another serial, WeChat Pay refuses it for good', async () => {
    const otherKey = new WechatPayProvider({ ...config, platformPublicKey: rsaKeyPair().publicKey });
    const mismatched = new WechatPayProvider({
      ...config,
      platformSerial: 'PUB_KEY_ID_0000000000000000000000',
    });
    for (const provider of [otherKey, mismatched]) {
      const request = transferOf(250_000, { userName: '王五' });
      expect(await providerError(provider.transfer(request))).toMatchObject({
        code: 'PARAM_ERROR',
        status: 400,
        retryable: false,
        outcomeUnknown: false,
      });
      expect(standIn.transfers.has(request.transferId)).toBe(false);
    }
  });
});

describe('WeChat Pay refusing a transfer, or not answering', () => {
  const cases: [TransferFault, Partial<PaymentProviderError>][] = [
    ['http-500', { code: 'HTTP_500', status: 500, retryable: true, outcomeUnknown: true }],
    ['SYSTEM_ERROR', { code: 'SYSTEM_ERROR', status: 500, retryable: true, outcomeUnknown: true }],
    ['NOT_ENOUGH', { code: 'NOT_ENOUGH', status: 403, retryable: true, outcomeUnknown: false }],
    ['FREQUENCY_LIMITED', { code: 'FREQUENCY_LIMITED', status: 429, retryable: true, outcomeUnknown: false }],
  ];
  it.each(cases)(
    '%s: mapped, nothing transferred, and the same transferId sent again transfers once',
    async (fault, mapped) => {
      const request = transferOf(8800);
      standIn.failNextTransfer(fault);
      expect(await providerError(wechat.transfer(request))).toMatchObject(mapped);
      expect(transfersTo(request.openid)).toEqual([]);
      // Asking first, as a caller that does not know: WeChat Pay never took it.
      expect(await providerError(wechat.queryTransfer(request.transferId))).toMatchObject({
        code: 'RESOURCE_NOT_EXISTS',
        status: 404,
        retryable: false,
        outcomeUnknown: false,
      });
      const state = await wechat.transfer(request);
      expect(state).toMatchObject({ transferId: request.transferId, status: 'waitUserConfirm' });
      expect(await wechat.transfer(request)).toEqual(state);
      expect(transfersTo(request.openid)).toHaveLength(1);
    },
  );

  it('final refusals are not retryable: a malformed transferId, under 0.10 yuan, a scene not granted, a wrong key', async () => {
    const malformed = transferOf(100, { transferId: 'WD-1' });
    expect(await providerError(wechat.transfer(malformed))).toMatchObject({
      code: 'PARAM_ERROR',
      status: 400,
      retryable: false,
      outcomeUnknown: false,
    });
    const tiny = transferOf(9);
    expect(await providerError(wechat.transfer(tiny))).toMatchObject({
      code: 'INVALID_REQUEST',
      retryable: false,
      outcomeUnknown: false,
    });
    const otherScene = new WechatPayProvider({
      ...config,
      transferScene: { id: '1000', reportInfos: [{ infoType: '活动名称', infoContent: '新人有礼' }] },
    });
    const ungranted = transferOf(100);
    expect(await providerError(otherScene.transfer(ungranted))).toMatchObject({
      code: 'NO_AUTH',
      status: 403,
      retryable: false,
    });
    const impostor = new WechatPayProvider({ ...config, privateKey: rsaKeyPair().privateKey });
    const unsigned = transferOf(100);
    expect(await providerError(impostor.transfer(unsigned))).toMatchObject({
      code: 'SIGN_ERROR',
      status: 401,
      retryable: false,
      outcomeUnknown: false,
    });
    for (const request of [malformed, tiny, ungranted, unsigned])
      expect(transfersTo(request.openid)).toEqual([]);
  });

  it('an answer WeChat Pay did not sign is not trusted: the outcome is unknown, and the query finds the transfer', async () => {
    const request = transferOf(4200);
    standIn.answerSigningKey = rsaKeyPair().privateKey;
    try {
      expect(await providerError(wechat.transfer(request))).toMatchObject({
        code: 'UNTRUSTED_ANSWER',
        retryable: true,
        outcomeUnknown: true,
      });
    } finally {
      standIn.answerSigningKey = undefined;
    }
    expect(await wechat.queryTransfer(request.transferId)).toMatchObject({
      status: 'waitUserConfirm',
      amountFen: 4200,
    });
  });

  it('a time-out after WeChat Pay acted: the outcome is unknown; the query finds it; sent again, it is the same transfer', async () => {
    const impatient = new WechatPayProvider({ ...config, requestTimeoutMs: 300 });
    const request = transferOf(70000);
    standIn.failNextTransfer('timeout-after-acting');
    const timedOut = await providerError(impatient.transfer(request));
    expect(timedOut).toMatchObject({ code: 'TIMEOUT', retryable: true, outcomeUnknown: true });
    expect(timedOut.status).toBeUndefined();
    expect(transfersTo(request.openid)).toHaveLength(1);

    const queried = await wechat.queryTransfer(request.transferId);
    expect(queried).toMatchObject({
      transferId: request.transferId,
      status: 'waitUserConfirm',
      amountFen: 70000,
    });
    // What the query cannot give, the page's package_info, the same request does.
    const again = await wechat.transfer(request);
    expect(again).toMatchObject({
      providerRef: queried.providerRef,
      status: 'waitUserConfirm',
      packageInfo: standIn.transfers.get(request.transferId)?.packageInfo,
    });
    const before = receiver.verified.length;
    await standIn.confirmTransfer(request.transferId);
    await verifiedCount(before + 1);
    expect(await wechat.queryTransfer(request.transferId)).toMatchObject({ status: 'succeeded' });
    expect(transfersTo(request.openid)).toHaveLength(1);
  });

  it('a provider that cannot be reached: UNREACHABLE, retryable, outcome unknown', async () => {
    const nowhere = new WechatPayProvider({ ...config, apiBase: 'http://127.0.0.1:1' });
    expect(await providerError(nowhere.transfer(transferOf(100)))).toMatchObject({
      code: 'UNREACHABLE',
      retryable: true,
      outcomeUnknown: true,
    });
  });
});

describe('calling a transfer off', () => {
  it('before the payee confirms: canceling, then cancelled by its notification; the transferId stays spent', async () => {
    const request = transferOf(6000);
    const made = await wechat.transfer(request);
    expect(await wechat.cancelTransfer(request.transferId)).toEqual({
      transferId: request.transferId,
      providerRef: made.providerRef,
      status: 'canceling',
    });
    expect(standIn.received.at(-1)).toEqual({
      method: 'POST',
      path: `/v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${request.transferId}/cancel`,
      status: 200,
    });
    // Asked again while it is being called off: the same answer.
    expect(await wechat.cancelTransfer(request.transferId)).toMatchObject({ status: 'canceling' });

    const before = receiver.verified.length;
    expect(await standIn.finishCancel(request.transferId)).toEqual([200]);
    await verifiedCount(before + 1);
    expect(receiver.verified.at(-1)).toMatchObject({ transferId: request.transferId, status: 'cancelled' });
    expect(await wechat.queryTransfer(request.transferId)).toMatchObject({ status: 'cancelled' });
    // The same transferId is that cancelled transfer for ever: paying again takes a new one.
    expect(await wechat.transfer(request)).toMatchObject({ status: 'cancelled' });
    expect(transfersTo(request.openid)).toHaveLength(1);
  });

  it('is refused once the money has gone, and for a transfer never made', async () => {
    const request = transferOf(6000);
    await wechat.transfer(request);
    await standIn.confirmTransfer(request.transferId, 'succeeded', 'never');
    expect(await providerError(wechat.cancelTransfer(request.transferId))).toMatchObject({
      code: 'INVALID_REQUEST',
      status: 400,
      retryable: false,
      outcomeUnknown: false,
    });
    expect(await providerError(wechat.cancelTransfer(newTransferId()))).toMatchObject({
      code: 'RESOURCE_NOT_EXISTS',
      status: 404,
      retryable: false,
    });
  });
});

describe('a transfer notification', () => {
  /** A transfer made and ended here, its notification not sent. */
  async function ended(outcome: 'succeeded' | 'failed' = 'succeeded') {
    const request = transferOf(7000);
    await wechat.transfer(request);
    await standIn.confirmTransfer(request.transferId, outcome, 'never');
    return request;
  }
  const input = (n: Pick<Notification, 'body' | 'headers'>): NotificationInput => ({
    headers: n.headers,
    rawBody: n.body,
  });
  const refusedWith = (notification: Pick<Notification, 'body' | 'headers'>) => {
    expect(() => wechat.verifyTransferNotification(input(notification))).toThrow(PaymentNotificationError);
  };

  it('is verified and read: succeeded, failed, cancelled', async () => {
    const succeeded = await ended('succeeded');
    expect(
      wechat.verifyTransferNotification(input(standIn.transferNotification(succeeded.transferId))),
    ).toEqual({
      transferId: succeeded.transferId,
      providerRef: standIn.transfers.get(succeeded.transferId)?.bill.transfer_bill_no,
      status: 'succeeded',
      amountFen: 7000,
    });
    const failed = await ended('failed');
    expect(
      wechat.verifyTransferNotification(input(standIn.transferNotification(failed.transferId))),
    ).toMatchObject({ status: 'failed', failReason: 'PAYEE_ACCOUNT_ABNORMAL' });
    const cancelled = transferOf(7000);
    await wechat.transfer(cancelled);
    await wechat.cancelTransfer(cancelled.transferId);
    await standIn.finishCancel(cancelled.transferId, 'never');
    expect(
      wechat.verifyTransferNotification(input(standIn.transferNotification(cancelled.transferId))),
    ).toMatchObject({ status: 'cancelled', amountFen: 7000 });
  });

  it('sent twice, reaches the merchant twice the same; never sent, the merchant hears nothing', async () => {
    const twice = transferOf(100);
    await wechat.transfer(twice);
    const before = receiver.verified.length;
    expect(await standIn.confirmTransfer(twice.transferId, 'succeeded', 'twice')).toEqual([200, 200]);
    await verifiedCount(before + 2);
    expect(receiver.verified.at(-1)).toEqual(receiver.verified.at(-2));
    expect(receiver.verified.at(-1)).toMatchObject({ transferId: twice.transferId, status: 'succeeded' });

    const never = transferOf(100);
    await wechat.transfer(never);
    expect(await standIn.confirmTransfer(never.transferId, 'succeeded', 'never')).toEqual([]);
    expect(receiver.verified).toHaveLength(before + 2);
    expect(standIn.transferNotified.filter((n) => n.outBillNo === never.transferId)).toEqual([]);
    // Lost, the query is the caller's word.
    expect(await wechat.queryTransfer(never.transferId)).toMatchObject({ status: 'succeeded' });
  });

  it('is refused tampered, signed with another key, encrypted under another APIv3 key, stale or unsigned', async () => {
    const request = await ended();
    const good = standIn.transferNotification(request.transferId);
    expect(() => wechat.verifyTransferNotification(input(good))).not.toThrow();

    refusedWith({ ...good, body: good.body.replace('"mch_payment"', '"mch_paymenT"') });
    refusedWith({ ...good, headers: { ...good.headers, 'wechatpay-nonce': 'another-nonce' } });
    refusedWith(standIn.transferNotification(request.transferId, { signingKey: rsaKeyPair().privateKey }));
    refusedWith(standIn.transferNotification(request.transferId, { apiV3Key: 'K'.repeat(32) }));
    refusedWith(
      standIn.transferNotification(request.transferId, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    );
    const unsigned = { ...good.headers };
    delete unsigned['wechatpay-signature'];
    refusedWith({ body: good.body, headers: unsigned });

    // Through the notify_url: refused there too, and answered FAIL so WeChat Pay would send it again.
    const refusedBefore = receiver.refused.length;
    const tampered = {
      ...good,
      body: good.body.replace('"MCHTRANSFER.BILL.FINISHED"', '"MCHTRANSFER.BILL.CLOSED"'),
    };
    expect(await standIn.deliverTransferNotification(request.transferId, tampered)).toBe(400);
    expect(receiver.refused).toHaveLength(refusedBefore + 1);
  });

  it('is refused when it is not a transfer’s, or says a transfer has ended that has not', async () => {
    const request = await ended();
    // Another event over a genuine, ended transfer.
    expect(() =>
      wechat.verifyTransferNotification(
        input(standIn.transferNotification(request.transferId, { eventType: 'TRANSACTION.SUCCESS' })),
      ),
    ).toThrow('not a WeChat Pay transfer notification');
    // A payment's notification, genuine, is not a transfer's; nor a transfer's a payment's.
    const orderId = randomUUID().replaceAll('-', '');
    expect(() =>
      wechat.verifyTransferNotification(input(standIn.notification(orderId, { total: 100 }))),
    ).toThrow(PaymentNotificationError);
    expect(() => wechat.verifyNotification(input(standIn.transferNotification(request.transferId)))).toThrow(
      PaymentNotificationError,
    );
    expect(() =>
      wechat.verifyRefundNotification(input(standIn.transferNotification(request.transferId))),
    ).toThrow(PaymentNotificationError);
    // FINISHED, signed and encrypted correctly, over a transfer still waiting for its payee.
    const waiting = transferOf(100);
    await wechat.transfer(waiting);
    expect(() =>
      wechat.verifyTransferNotification(input(standIn.transferNotification(waiting.transferId))),
    ).toThrow(/waitUserConfirm under MCHTRANSFER.BILL.FINISHED/);
  });
});

describe('the sandbox’s transfers', () => {
  const sandbox = () => new SandboxPaymentProvider(`sandbox-transfers-${randomUUID()}`);

  it('succeed at once, one transfer a transferId; the query answers them; WeChat Pay’s limits apply', async () => {
    const provider = sandbox();
    const request = transferOf(40000);
    const state = await provider.transfer(request);
    expect(state).toMatchObject({ transferId: request.transferId, status: 'succeeded', amountFen: 40000 });
    expect(state.providerRef).toMatch(/^SANDBOX-TRANSFER-[0-9a-f]{16}$/);
    expect(await provider.transfer(request)).toEqual(state);
    expect(await provider.queryTransfer(request.transferId)).toEqual(state);

    for (const other of [{ amountFen: 40001 }, { openid: newOpenid() }, { remark: '另一笔' }])
      expect(await providerError(provider.transfer({ ...request, ...other }))).toMatchObject({
        code: 'INVALID_REQUEST',
        retryable: false,
      });
    expect(await providerError(provider.transfer(transferOf(9)))).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(await providerError(provider.transfer(transferOf(100, { transferId: 'WD-1' })))).toMatchObject({
      code: 'PARAM_ERROR',
    });
    expect(await providerError(provider.transfer(transferOf(200_000)))).toMatchObject({
      code: 'USER_NAME_REQUIRED',
    });
    expect(await provider.transfer(transferOf(200_000, { userName: '张三' }))).toMatchObject({
      status: 'succeeded',
    });
    expect(await providerError(provider.queryTransfer(newTransferId()))).toMatchObject({
      code: 'RESOURCE_NOT_EXISTS',
      retryable: false,
    });
    // Ended, it cannot be called off.
    expect(await providerError(provider.cancelTransfer(request.transferId))).toMatchObject({
      code: 'INVALID_REQUEST',
    });
  });

  it('notifies signed under a name of its own: verified, and refused tampered or mistaken', async () => {
    const provider = sandbox();
    provider.transferOutcome = 'processing';
    const request = transferOf(1000);
    await provider.transfer(request);
    // WeChat Pay notifies a transfer once it has ended, and so does the sandbox.
    expect(() => provider.transferNotification(request.transferId)).toThrow('has not ended');
    const notification = provider.settleTransfer(request.transferId, 'succeeded');
    expect(provider.verifyTransferNotification(notification)).toMatchObject({
      transferId: request.transferId,
      status: 'succeeded',
      amountFen: 1000,
    });
    expect(() => provider.settleTransfer(request.transferId, 'failed')).toThrow('has ended');

    const tampered = {
      ...notification,
      rawBody: notification.rawBody.replace('"transfer_amount":1000', '"transfer_amount":100000'),
    };
    expect(() => provider.verifyTransferNotification(tampered)).toThrow(PaymentNotificationError);
    expect(() => sandbox().verifyTransferNotification(notification)).toThrow(PaymentNotificationError);
    // Neither a payment's nor a refund's notification passes for a transfer's, nor the other way round.
    expect(() => provider.verifyNotification(notification)).toThrow(PaymentNotificationError);
    expect(() => provider.verifyRefundNotification(notification)).toThrow(PaymentNotificationError);
    const paid = provider.checkout.paidNotification({ id: 'SANDBOXORDER0001', amountFen: 70000 });
    expect(() => provider.verifyTransferNotification(paid)).toThrow(PaymentNotificationError);
    await provider.refund({
      orderId: 'SANDBOXORDER0001',
      refundId: 'RF0001',
      amountFen: 100,
      totalFen: 70000,
      reason: '',
      notifyUrl,
    });
    expect(() => provider.verifyTransferNotification(provider.refundNotification('RF0001'))).toThrow(
      PaymentNotificationError,
    );
    expect(notification.headers[SANDBOX_SIGNATURE_HEADER]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a test hook keeps a transfer waiting for its payee, or fails it; waiting, it can be called off', async () => {
    const provider = sandbox();
    provider.transferOutcome = 'waitUserConfirm';
    const waiting = transferOf(500);
    const state = await provider.transfer(waiting);
    expect(state).toMatchObject({
      status: 'waitUserConfirm',
      packageInfo: expect.stringMatching(/^SANDBOX-/),
    });
    expect(provider.transferConfirmParams(state.packageInfo as string)).toEqual({
      mchId: 'sandbox-mch',
      appId: 'sandbox-app',
      package: state.packageInfo,
    });
    expect(await provider.cancelTransfer(waiting.transferId)).toMatchObject({ status: 'cancelled' });
    expect(await provider.cancelTransfer(waiting.transferId)).toMatchObject({ status: 'cancelled' });
    expect(
      provider.verifyTransferNotification(provider.transferNotification(waiting.transferId)),
    ).toMatchObject({
      status: 'cancelled',
    });

    const confirmed = transferOf(500);
    await provider.transfer(confirmed);
    expect(
      provider.verifyTransferNotification(provider.settleTransfer(confirmed.transferId, 'succeeded')),
    ).toMatchObject({ status: 'succeeded' });

    provider.transferOutcome = 'failed';
    const failed = transferOf(500);
    expect(await provider.transfer(failed)).toMatchObject({ status: 'failed', failReason: 'SANDBOX_FAILED' });
    expect(await provider.queryTransfer(failed.transferId)).toMatchObject({ status: 'failed' });
  });
});

describe('through the app', () => {
  it('the configured provider names the payee under the platform key’s serial from the environment', async () => {
    const t = await build(wechatPayEnv(keys, standIn.baseUrl));
    try {
      const request = transferOf(250_000, { userName: '赵六' });
      expect(await t.app.platform.payments.transfer(request)).toMatchObject({
        transferId: request.transferId,
        status: 'waitUserConfirm',
      });
      expect(standIn.transfers.get(request.transferId)?.userName).toBe('赵六');
    } finally {
      await t.close();
    }
  });
});
